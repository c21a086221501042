// The database as Kysely sees it, generated from the migrations by `npm run db:pg-types`.
export type { DB as Database } from "./tables.generated";

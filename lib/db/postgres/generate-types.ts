// Regenerates tables.generated.ts (Kysely's view of the schema) from the migrations: starts a throwaway
// PostgreSQL server, migrates an empty database and introspects it. Run after adding a migration:
// `npm run db:pg-types` (`-- --verify` only checks that the file is current).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { startPostgres } from "../../testing/postgres-server";
import { openPostgres } from "./connect";

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), "tables.generated.ts");
const server = await startPostgres();
try {
  const connection = await openPostgres(server.url);
  await connection.close();
  execFileSync(
    process.execPath,
    [
      path.resolve("node_modules/kysely-codegen/dist/cli/bin.js"),
      "--dialect=postgres",
      `--url=${server.url}`,
      `--out-file=${out}`,
      "--exclude-pattern=schema_migrations",
      '--type-mapping={"int8":"number","numeric":"number"}',
      ...process.argv.slice(2),
    ],
    { stdio: "inherit" },
  );
} finally {
  await server.stop();
}

import { withSession } from "@/lib/api/with-session";
import { createAccountKey, CreateKeyBody } from "@/lib/auth/account-keys/create-key";
import { listAccountKeys } from "@/lib/auth/account-keys/list-keys";

export const GET = withSession({}, async ({ deps, account, now }) => ({
  keys: await listAccountKeys({ store: deps.store, account, now }),
}));

export const POST = withSession({ body: CreateKeyBody }, async ({ deps, user, account, body, now }) =>
  createAccountKey({ store: deps.store, user, account, keyCache: deps.keys, now }, body),
);

import { withSession } from "@/lib/api/with-session";
import { KeyParams } from "@/lib/auth/account-keys/key-params";
import { rotateAccountKey, RotateKeyBody } from "@/lib/auth/account-keys/rotate-key";

export const POST = withSession(
  { params: KeyParams, body: RotateKeyBody },
  async ({ deps, user, account, params, body, now }) =>
    rotateAccountKey({ store: deps.store, user, account, keyCache: deps.keys, now }, params.id, body),
);

import { withSession } from "@/lib/api/with-session";
import { KeyParams } from "@/lib/auth/account-keys/key-params";
import { revokeAccountKey } from "@/lib/auth/account-keys/revoke-key";

export const POST = withSession({ params: KeyParams }, async ({ deps, user, account, params, now }) => ({
  key: await revokeAccountKey({ store: deps.store, user, account, keyCache: deps.keys, now }, params.id),
}));

import { PLANS, type Plan } from "../../lib/db/types";
import { createKey } from "../../lib/keys/create-key";
import { withStore } from "../store";

export async function keysCreateCommand(opts: {
  email: string;
  tier?: string;
  scopes: string;
  name: string;
}): Promise<void> {
  if (opts.tier !== undefined && !(PLANS as readonly string[]).includes(opts.tier)) {
    throw new Error(`--tier must be one of ${PLANS.join(", ")}`);
  }
  const created = await withStore((store) =>
    createKey(store, {
      email: opts.email,
      plan: opts.tier as Plan | undefined,
      scopes: opts.scopes.split(","),
      name: opts.name,
    }),
  );
  // The key alone on stdout, so scripts can capture it; the details go to stderr.
  console.log(created.key);
  process.stderr.write(
    `key ${created.keyId} for ${opts.email} (account ${created.accountId}${created.createdAccount ? ", new" : ""}, ` +
      `plan ${created.plan}, scopes ${created.scopes.join(",")}). It is shown only once: store it now.\n`,
  );
}

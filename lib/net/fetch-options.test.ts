import { describe, expect, it } from "vitest";

import { loadEnv } from "../env";
import { fetchOptionsFromEnv } from "./fetch-options";
import { parseAddress } from "./ip-policy";
import { DEFAULT_USER_AGENT } from "./user-agent";

const envWith = (vars: Record<string, string>) =>
  loadEnv({ ...process.env, LEDE_FETCH_ALLOW_PRIVATE: "", ...vars });

describe("fetchOptionsFromEnv", () => {
  it("allows no private address unless the operator lists some", () => {
    const opts = fetchOptionsFromEnv(envWith({}));
    expect(opts.allow).toEqual([]);
    expect(opts.userAgent).toBe(process.env.LEDE_USER_AGENT ?? DEFAULT_USER_AGENT);
  });

  it("reads the allowlist and the User-Agent", () => {
    const opts = fetchOptionsFromEnv(
      envWith({
        LEDE_FETCH_ALLOW_PRIVATE: "127.0.0.0/8, feeds.lan:8080",
        LEDE_USER_AGENT: "LedeBot/1 (+ops@x)",
      }),
    );
    expect(opts.allow).toHaveLength(2);
    expect(opts.allow?.[0]).toMatchObject({ kind: "cidr", range: [parseAddress("127.0.0.0"), 8] });
    expect(opts.allow?.[1]).toEqual({ kind: "host", host: "feeds.lan", port: 8080 });
    expect(opts.userAgent).toBe("LedeBot/1 (+ops@x)");
  });

  it("refuses a malformed allowlist at start-up", () => {
    expect(() => envWith({ LEDE_FETCH_ALLOW_PRIVATE: "10.0.0.0/40" })).toThrow(/LEDE_FETCH_ALLOW_PRIVATE/);
  });
});

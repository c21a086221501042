import { CLOSE } from "../events/ws-auth";

export interface CloseCodeDoc {
  code: number;
  meaning: string;
  reconnect:
    | "no"
    | "yes"
    | "after backing off"
    | "after backing off at least 30 s"
    | "after fixing the message";
}

/** Contract §8.6, keyed by the gateway's own constants so a new code cannot go undocumented. */
export const CLOSE_CODE_DOCS: Record<keyof typeof CLOSE, Omit<CloseCodeDoc, "code">> = {
  normal: { meaning: "normal closure (either side)", reconnect: "no" },
  goingAway: { meaning: "server restarting or shutting down", reconnect: "yes" },
  policy: {
    meaning: "policy violation: slow consumer (over 1,000 queued messages)",
    reconnect: "after backing off",
  },
  tooBig: { meaning: "inbound message over 1 MiB", reconnect: "after fixing the message" },
  internal: { meaning: "internal error", reconnect: "yes" },
  auth: { meaning: "authentication failed: missing, malformed, unknown or revoked key", reconnect: "no" },
  forbidden: { meaning: "forbidden: no ws:connect scope, free plan or demo key", reconnect: "no" },
  heartbeat: { meaning: "heartbeat timeout: no frame at all for 90 s", reconnect: "yes" },
  tooMany: {
    meaning: "the account's concurrent connection limit is reached",
    reconnect: "after backing off at least 30 s",
  },
};

export function closeCodes(): CloseCodeDoc[] {
  return (Object.keys(CLOSE) as Array<keyof typeof CLOSE>).map((k) => ({
    code: CLOSE[k],
    ...CLOSE_CODE_DOCS[k],
  }));
}

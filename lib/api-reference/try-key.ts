import type { RefOperation } from "./reference-view";

/** Which key a "Try it" request goes with: the public demo key, one the user pasted, or none. */
export type KeyMode = "demo" | "own" | "none";

export function keyModeOf(key: string, demoKey: string): KeyMode {
  const k = key.trim();
  return k === "" ? "none" : k === demoKey ? "demo" : "own";
}

const credits = (n: number) => `${n} credit${n === 1 ? "" : "s"}`;

/** The line beside "Send request": the key that goes with the request, and what the call will cost. */
export function tryHint(op: Pick<RefOperation, "auth" | "credits" | "demoKey">, mode: KeyMode): string {
  if (!op.auth) return "No key is needed: the request goes without one, and nothing is charged.";
  if (mode === "none")
    return "No key: the request goes without one and will be refused (401 missing_api_key). No credits are charged.";
  if (mode === "demo")
    return op.demoKey
      ? "With the demo key: 5 requests a minute, never charged."
      : "The demo key is refused here (403 demo_key_restricted), and no credits are charged. Paste one of your own keys.";
  return op.credits === 0
    ? "With your key: this call is free."
    : `With your key: a successful call costs ${credits(op.credits)}; refused or failed calls cost nothing.`;
}

/** The help under the key box: where the key goes and, without one, what happens. */
export function keyHelp(mode: KeyMode): string {
  if (mode === "demo")
    return "The public demo key: read-only, 5 requests a minute, never charged. Paste one of your own keys to try with your plan.";
  if (mode === "none")
    return "No key: requests go without one and are refused, so no credits are charged. Paste a key, or use the demo key.";
  return "Your key stays in this page: it is sent only with the requests you make, and never stored.";
}

import pino, { type Logger } from "pino";

// Credentials can arrive in a URL (`?api_key=`, `?token=` on /ws). They are masked in every logged string.
const SECRET_PARAM = /([?&](?:api_key|token)=)[^&\s"]*/gi;
const KEY_PATTERN = /lede_(live|test)_[0-9a-f]{64}/g;

/** Masks API keys and credential query parameters in a string. */
export function redactSecrets(text: string): string {
  return text.replace(SECRET_PARAM, "$1[redacted]").replace(KEY_PATTERN, "lede_$1_[redacted]");
}

function createLogger(): Logger {
  return pino({
    level: process.env.LOG_LEVEL ?? "info",
    base: { service: "lede" },
    redact: {
      paths: ["req.headers.authorization", "headers.authorization", "authorization"],
      censor: "[redacted]",
    },
    hooks: {
      logMethod(args, method) {
        const mapped = args.map((a) => (typeof a === "string" ? redactSecrets(a) : a)) as Parameters<
          typeof method
        >;
        method.apply(this, mapped);
      },
    },
    formatters: {
      log(obj) {
        for (const [k, v] of Object.entries(obj)) if (typeof v === "string") obj[k] = redactSecrets(v);
        return obj;
      },
    },
  });
}

const g = globalThis as { __ledeLogger?: Logger };
export const logger: Logger = (g.__ledeLogger ??= createLogger());

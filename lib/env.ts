import path from "node:path";

import { z } from "zod";

import { parseTrustedProxies } from "./auth/client-address";
import { parseAllowList } from "./net/ip-policy";

const Bool = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off", ""])
  .transform((v) => v === "true" || v === "1" || v === "yes" || v === "on");

/** Every environment variable Lede reads, parsed once. `.env.example` documents each. */
export const EnvSchema = z.object({
  LEDE_DATA_DIR: z.string().default("./data"),
  /**
   * PostgreSQL for the data (`postgres://user:pass@host:5432/db`; the pgvector extension is required). Unset: the
   * embedded SQLite database under LEDE_DATA_DIR. Several servers and workers may share one database.
   */
  DATABASE_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, {
        message: "must be a postgres:// URL (unset: the embedded SQLite database)",
      })
      .optional(),
  ),
  /**
   * Connections in this process's PostgreSQL pool (with DATABASE_URL). 1 for a server that multiplexes clients onto
   * one session (PGlite over pglite-socket), where transactions of different connections are not isolated.
   */
  LEDE_PG_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  LEDE_ROLE: z.enum(["all", "server", "worker"]).default("all"),
  LEDE_POLL_FEEDS: Bool.default(false),
  /** Fetch and extract the page of every polled article in the background (GET /v1/content also does it on demand). */
  LEDE_EXTRACT_CONTENT: Bool.default(true),
  LEDE_POLL_MIN_INTERVAL_MS: z.coerce.number().int().min(1000).default(120_000),
  LEDE_POLL_MAX_INTERVAL_MS: z.coerce.number().int().min(1000).default(7_200_000),
  LEDE_SEED_DEFAULT_SOURCES: Bool.default(true),
  LEDE_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  LEDE_PER_HOST_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  LEDE_USER_AGENT: z.string().optional(),
  /**
   * Private addresses article and feed fetches may reach (comma list of CIDR ranges, addresses, host:port or host
   * names), for operators with local feeds and for tests. Empty by default: only public addresses are fetched.
   */
  LEDE_FETCH_ALLOW_PRIVATE: z
    .string()
    .default("")
    .refine((v) => isValidAllowList(v), {
      message: "must be a comma list of CIDR ranges, addresses, host:port or hosts",
    }),
  /** Article pages extracted at once by this process. */
  LEDE_EXTRACT_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  /** Word vectors for story clustering (built once into LEDE_MODEL_DIR from an npm package). */
  LEDE_WORD_VECTORS: Bool.default(true),
  LEDE_MODEL_DIR: z.string().optional(),
  /** OpenAI-compatible embeddings API (base URL, e.g. http://127.0.0.1:1234/v1); unset = the local embedder. */
  EMBEDDINGS_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url({ protocol: /^https?$/ }).optional()),
  EMBEDDINGS_API_KEY: z.string().optional(),
  EMBEDDINGS_MODEL: z.string().min(1).default("text-embedding-3-small"),
  EMBEDDINGS_BATCH_SIZE: z.coerce.number().int().min(1).max(2048).default(96),
  EMBEDDINGS_MAX_RPM: z.coerce.number().int().min(0).default(500),
  EMBEDDINGS_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  EMBEDDINGS_MAX_RETRIES: z.coerce.number().int().min(0).max(20).default(5),
  LEDE_DEMO_KEY: z
    .string()
    .regex(/^lede_test_[0-9a-f]{64}$/)
    .optional(),
  /** Redis shared by several server instances, so one live feed reaches subscribers on all of them. */
  LEDE_REDIS_URL: z.string().url().optional(),
  /**
   * Reverse proxies whose X-Forwarded-For is believed (comma list of addresses and CIDR ranges). Empty by default:
   * the socket's peer is the client, whatever headers it sends.
   */
  LEDE_TRUSTED_PROXIES: z
    .string()
    .default("")
    .refine((v) => isValid(() => parseTrustedProxies(v)), {
      message: "must be a comma list of addresses and CIDR ranges",
    }),
  /**
   * SMTP server (`smtp://user:pass@host:587`, `smtps://…`). Set: sign-ups are confirmed by a link sent by mail and
   * sign-up answers the same whether or not the email has an account. Unset: accounts work at once, unverified, and
   * `lede accounts verify-link` prints the link. Links use NEXTAUTH_URL, which is then required.
   */
  LEDE_SMTP_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url({ protocol: /^smtps?$/ }).optional()),
  /** The From address of Lede's mail; default `Lede <no-reply@HOST>` with NEXTAUTH_URL's host. */
  LEDE_MAIL_FROM: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
});

export type Env = z.infer<typeof EnvSchema>;

function isValid(parse: () => unknown): boolean {
  try {
    parse();
    return true;
  } catch {
    return false;
  }
}

function isValidAllowList(v: string): boolean {
  try {
    parseAllowList(v);
    return true;
  } catch {
    return false;
  }
}

let cached: Env | undefined;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`invalid environment: ${issue?.path.join(".")}: ${issue?.message}`);
  }
  // Links in mail must point at the public origin, never at whatever Host a request claimed.
  if (parsed.data.LEDE_SMTP_URL && !source.NEXTAUTH_URL) {
    throw new Error(
      "invalid environment: LEDE_SMTP_URL needs NEXTAUTH_URL (the public origin links in mail point to)",
    );
  }
  return parsed.data;
}

export function env(): Env {
  cached ??= loadEnv();
  return cached;
}

export function dataDir(e: Pick<Env, "LEDE_DATA_DIR"> = env()): string {
  return path.resolve(e.LEDE_DATA_DIR);
}

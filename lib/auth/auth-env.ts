import { z } from "zod";

/** The sign-in settings Lede reads from the environment; all optional (see `.env.example`). */
export const AuthEnvSchema = z.object({
  /** Signs session tokens and CSRF cookies. Generated once into the data directory when unset. */
  NEXTAUTH_SECRET: z.string().min(32, "NEXTAUTH_SECRET must be at least 32 characters").optional(),
  /** The public origin (e.g. https://lede.example.org). Unset: taken from the request's Host. */
  NEXTAUTH_URL: z.url().optional(),
  /** GitHub OAuth app; the GitHub button is offered only when both are set. */
  GITHUB_ID: z.string().min(1).optional(),
  GITHUB_SECRET: z.string().min(1).optional(),
});
export type AuthEnv = z.infer<typeof AuthEnvSchema>;

export function loadAuthEnv(source: NodeJS.ProcessEnv = process.env): AuthEnv {
  const blanksDropped = Object.fromEntries(
    Object.keys(AuthEnvSchema.shape).flatMap((k) => (source[k] ? [[k, source[k]]] : [])),
  );
  const parsed = AuthEnvSchema.safeParse(blanksDropped);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`invalid environment: ${issue?.path.join(".")}: ${issue?.message}`);
  }
  return parsed.data;
}

export function githubEnabled(env: AuthEnv): boolean {
  return Boolean(env.GITHUB_ID && env.GITHUB_SECRET);
}

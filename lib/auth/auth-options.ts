import "server-only";

import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GitHubProvider from "next-auth/providers/github";

import { env } from "../env";
import { isDomainError } from "../errors";
import { githubEnabled } from "./auth-env";
import { sameOriginRedirect } from "./auth-request-guard";
import type { AuthRuntime } from "./auth-runtime";
import { clientAddress, limitKey, parseTrustedProxies } from "./client-address";
import { findOrCreateOAuthUser } from "./oauth-user";
import { claimsOf } from "./session-token";
import { sessionIsCurrent } from "./session-user";
import { signInWithPassword } from "./sign-in";

export const SESSION_MAX_AGE_S = 7 * 86_400;

/** next-auth's sign-in error for a blocked caller; the form shows a wait message for it. */
export const RATE_LIMITED_ERROR = "RateLimited";

/** The error the jwt callback throws for a session that has ended; next-auth clears its cookie. */
const SESSION_ENDED = "session ended";
const isSessionEnded = (meta: unknown) => (meta as { message?: unknown } | null)?.message === SESSION_ENDED;

const built = new WeakMap<AuthRuntime, AuthOptions>();

/** The next-auth configuration: email + password always, GitHub when its OAuth app is configured. */
export function buildAuthOptions(rt: AuthRuntime): AuthOptions {
  let options = built.get(rt);
  if (!options) built.set(rt, (options = createAuthOptions(rt)));
  return options;
}

function createAuthOptions(rt: AuthRuntime): AuthOptions {
  const { store, log } = rt.ctx;
  const trustedProxies = parseTrustedProxies(env().LEDE_TRUSTED_PROXIES);
  const providers: AuthOptions["providers"] = [
    CredentialsProvider({
      id: "credentials",
      name: "Email and password",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
      },
      async authorize(credentials, req) {
        try {
          const user = await signInWithPassword(
            store,
            {
              email: credentials?.email ?? "",
              password: credentials?.password ?? "",
              ip: limitKey(clientAddress(req.headers ?? {}, trustedProxies)),
            },
            Date.now(),
          );
          return { id: String(user.id), email: user.email, name: user.name };
        } catch (e) {
          if (isDomainError(e) && e.code === "rate_limited") throw new Error(RATE_LIMITED_ERROR);
          if (isDomainError(e) && e.code === "invalid_credentials") return null;
          throw e;
        }
      },
    }),
  ];
  if (githubEnabled(rt.env)) {
    providers.push(
      GitHubProvider({ clientId: rt.env.GITHUB_ID ?? "", clientSecret: rt.env.GITHUB_SECRET ?? "" }),
    );
  }
  return {
    secret: rt.secret,
    providers,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    callbacks: {
      // Only within the site; next-auth's default throws on a posted callbackUrl that is not a URL (a 500).
      async redirect({ url, baseUrl }) {
        return sameOriginRedirect(url, baseUrl);
      },
      async signIn({ account, user }) {
        if (account?.provider !== "github") return true;
        // GitHub hands out only verified primary emails; without one there is nobody to sign in.
        return Boolean(user.email);
      },
      async jwt({ token, user, account }) {
        if (account?.provider === "credentials" && user) token.uid = Number(user.id);
        if (account?.provider === "github" && user?.email) {
          token.uid = (await findOrCreateOAuthUser(store, user.email, user.name ?? null)).id;
        }
        if (account && typeof token.uid === "number") {
          // A new session starts under the user's current version; bumping the version ends it.
          token.sv = (await store.auth.sessionVersion(token.uid)) ?? 0;
          return token;
        }
        // Reading an existing session: refuse one issued under an older version (next-auth then clears it).
        const claims = claimsOf(token);
        if (!claims || !(await sessionIsCurrent(store, claims))) throw new Error(SESSION_ENDED);
        return token;
      },
      async session({ session, token }) {
        if (session.user) Object.assign(session.user, { id: token.uid });
        return session;
      },
    },
    logger: {
      error: (code, meta) =>
        isSessionEnded(meta)
          ? log.info({ code }, "ended session refused")
          : log.error({ code, meta }, "auth error"),
      warn: (code) => log.warn({ code }, "auth warning"),
      debug: () => undefined,
    },
  };
}

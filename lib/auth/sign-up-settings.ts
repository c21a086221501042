import "server-only";

import type { Logger } from "pino";

import { env } from "../env";
import { smtpMailer, type Mailer } from "../mail/mailer";
import { loadAuthEnv } from "./auth-env";
import { parseTrustedProxies } from "./client-address";
import type { SignUpSettings } from "./sign-up-form";

let override: SignUpSettings | undefined;
let mailer: { url: string; mailer: Mailer } | undefined;

export function setSignUpSettingsForTesting(settings: SignUpSettings | undefined): void {
  override = settings;
}

/** The sign-up form's settings from the environment: trusted proxies, and mail when LEDE_SMTP_URL is set. */
export function signUpSettings(log: Logger): SignUpSettings {
  if (override) return override;
  const e = env();
  const trustedProxies = parseTrustedProxies(e.LEDE_TRUSTED_PROXIES);
  const baseUrl = loadAuthEnv().NEXTAUTH_URL;
  if (!e.LEDE_SMTP_URL || !baseUrl) return { trustedProxies };
  if (mailer?.url !== e.LEDE_SMTP_URL) {
    const from = e.LEDE_MAIL_FROM ?? `Lede <no-reply@${new URL(baseUrl).hostname}>`;
    mailer = { url: e.LEDE_SMTP_URL, mailer: smtpMailer(e.LEDE_SMTP_URL, from) };
  }
  return {
    trustedProxies,
    mail: {
      mailer: mailer.mailer,
      baseUrl,
      deliver: (sending) => void sending.catch((err: unknown) => log.error({ err }, "sending mail failed")),
    },
  };
}

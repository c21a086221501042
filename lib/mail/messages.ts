import type { MailMessage } from "./mailer";

/** The link that confirms a sign-up. */
export function signUpLinkMessage(to: string, link: string, hoursValid: number): MailMessage {
  return {
    to,
    subject: "Confirm your Lede account",
    text: [
      "Someone, hopefully you, asked to create a Lede account with this email address.",
      "",
      `To confirm it, open this link within ${hoursValid} hours and press "Confirm email":`,
      link,
      "",
      "If you did not ask for an account, ignore this message: nothing is created until the link is used.",
    ].join("\n"),
  };
}

/** Sent instead of a link when the address already has an account, so sign-up never says whether it does. */
export function accountExistsMessage(to: string, signInUrl: string): MailMessage {
  return {
    to,
    subject: "Someone tried to sign up with your email",
    text: [
      "Someone tried to create a Lede account with this email address, but it already has one.",
      "",
      "If it was you, sign in instead:",
      signInUrl,
      "",
      "If it was not you, you can ignore this message: your account was not changed.",
    ].join("\n"),
  };
}

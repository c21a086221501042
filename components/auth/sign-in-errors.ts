/** A sign-in error code from next-auth (or our own) as a sentence for the form. */
export function signInErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  switch (code) {
    case "CredentialsSignin":
      return "Wrong email or password.";
    case "RateLimited":
      return "Too many failed sign-in attempts. Wait 15 minutes, then try again.";
    case "AccessDenied":
      return "This account cannot sign in. GitHub sign-in needs a verified email address on the GitHub account.";
    case "OAuthSignin":
    case "OAuthCallback":
    case "OAuthCreateAccount":
    case "Callback":
      return "Signing in with GitHub failed. Try again, or use your email and password.";
    case "SessionRequired":
      return "Sign in to continue.";
    default:
      return "Signing in failed. Try again.";
  }
}

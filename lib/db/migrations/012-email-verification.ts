// Email verification. A user's email counts as verified once its owner proved they read mail there (a link sent
// to it), an operator vouched for it (`lede accounts verify-link`), or an identity provider that only hands out
// verified emails signed them in (GitHub). Sign-ups made while mail is configured wait here as pending rows until
// their link is opened, so no account exists for an email nobody confirmed; a link for an existing user
// (user_id set) verifies that user. Only the SHA-256 of each link's token is stored.
export const up = /* sql */ `
ALTER TABLE users ADD COLUMN email_verified_at INTEGER;
-- Users without a password came from GitHub sign-in or from the operator's CLI.
UPDATE users SET email_verified_at = created_at WHERE password_hash IS NULL;
CREATE TABLE email_verifications (
  token_hash TEXT PRIMARY KEY,
  email TEXT NOT NULL COLLATE NOCASE,
  user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
  name TEXT,
  password_hash TEXT,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX email_verifications_email ON email_verifications(email, created_at);
CREATE INDEX email_verifications_expiry ON email_verifications(expires_at);
`;

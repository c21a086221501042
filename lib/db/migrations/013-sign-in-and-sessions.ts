// Sign-in limits held in the database (so every process sharing it counts the same attempts), a session version
// per user (a session names the version it was issued under; bumping it ends every older session) and
// single-use password reset tokens (only their SHA-256 is stored).
export const up = /* sql */ `
ALTER TABLE users ADD COLUMN session_version INTEGER NOT NULL DEFAULT 0;
CREATE TABLE sign_in_throttle (
  key TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  last_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX sign_in_throttle_last ON sign_in_throttle(last_at);
CREATE TABLE password_resets (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX password_resets_user ON password_resets(user_id);
`;

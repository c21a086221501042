// The dashboard reports usage per account (all keys) as well as per key, so records need an account-time index
// next to the key-time one; without it an account's month of usage is a full scan.
export const up = /* sql */ `
CREATE INDEX IF NOT EXISTS usage_records_account_ts ON usage_records(account_id, ts);
`;

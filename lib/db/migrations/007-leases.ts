// Named leases between the processes that share one data directory. `clustering` is held by the one process that
// places articles in stories (lib/stories/clustering-lease.ts). A lease is free once `expires_at` (wall-clock ms)
// has passed. A release only expires it and keeps the holder's name: a holder that finds its own name there
// when it takes the lease again knows that nobody held it in between.
export const up = /* sql */ `
CREATE TABLE leases (
  name TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
`;

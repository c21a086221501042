// A version counter for kept backtest pages (issue #15): a page of a window that has ended changes only when the
// past of the log changes: events deleted (the retention pruner), a logged payload rewritten, or an event logged
// with a time already past (a backfill keeping its articles' times). Live events are logged at the wall clock, so
// they do not move it. The append's own payload write (the row was inserted with a NULL payload) does not either.
export const up = /* sql */ `
INSERT OR IGNORE INTO sequences (name, next) VALUES ('event_history_version', 1);
CREATE TRIGGER events_history_delete AFTER DELETE ON events BEGIN
  UPDATE sequences SET next = next + 1 WHERE name = 'event_history_version';
END;
CREATE TRIGGER events_history_update AFTER UPDATE ON events WHEN old.payload IS NOT NULL BEGIN
  UPDATE sequences SET next = next + 1 WHERE name = 'event_history_version';
END;
CREATE TRIGGER events_history_backfill AFTER INSERT ON events
  WHEN new.ts < (julianday('now') - 2440587.5) * 86400000.0 - 60000 BEGIN
  UPDATE sequences SET next = next + 1 WHERE name = 'event_history_version';
END;
`;

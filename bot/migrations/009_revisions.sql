-- Several bot processes may share one database (issue 24).

-- Each write to a game's row moves its revision on by one, and is made only if the revision
-- is still the one the writer read (``UPDATE ... WHERE id = ? AND revision = ?``): a process
-- that acted on an older copy of the game writes nothing, reads the game again and decides
-- afresh. The engine's own ``version`` cannot serve, since an undo takes it back.
ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;

-- The order in which rating changes were made, for trends and "a week ago" (SQLite's
-- hidden row id served until now; PostgreSQL has none). Numbered on insert, under the
-- season's lock.
ALTER TABLE rating_events ADD COLUMN seq INTEGER;
CREATE INDEX rating_events_order ON rating_events (season_id, user_id, seq);
-- The rating changes made so far keep the order SQLite's row id gave them.
UPDATE rating_events SET seq = rowid;

-- PostgreSQL's form of ../009_revisions.sql: the same columns (with PostgreSQL's types).
-- SQLite numbers the rating changes made so far by its hidden row id; a PostgreSQL database
-- has none yet to number, since it starts with this migration's release.
ALTER TABLE games ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;
ALTER TABLE rating_events ADD COLUMN seq BIGINT;
CREATE INDEX rating_events_order ON rating_events (season_id, user_id, seq);

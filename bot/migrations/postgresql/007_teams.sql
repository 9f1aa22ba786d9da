-- PostgreSQL's form of ../007_teams.sql: the same seat columns, and the player count's check
-- widened in place (SQLite has to rebuild the table for that).
ALTER TABLE seats ADD COLUMN partner BIGINT;
ALTER TABLE seats ADD COLUMN team BIGINT;
ALTER TABLE seats ADD COLUMN paired_by TEXT;
ALTER TABLE games DROP CONSTRAINT games_player_count_check;
ALTER TABLE games ADD CONSTRAINT games_player_count_check CHECK (player_count BETWEEN 2 AND 6);

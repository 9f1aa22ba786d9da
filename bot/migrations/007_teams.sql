-- Team play (6 players in 3 teams of 2): the pairing step of a team lobby.
-- A team game is a game whose mode is 'teams' (games.mode, from 004); its seats pair up
-- before the start.

-- The member this seat's member chose as partner (a mutual choice pairs them).
ALTER TABLE seats ADD COLUMN partner INTEGER;
-- The seat's team once paired: 0 for A, 1 for B, 2 for C (NULL while unpaired).
ALTER TABLE seats ADD COLUMN team INTEGER;
-- How the pair was formed: 'choice' (mutual), 'host' (the host paired them) or 'draw'
-- (drawn from the game's seed); recorded so the lobby and the story can tell it.
ALTER TABLE seats ADD COLUMN paired_by TEXT;

-- A team game has 6 players: the games table is rebuilt with the player count's check
-- widened from 2-5 to 2-6 (SQLite changes a CHECK only by rebuilding the table; the
-- migration runs with foreign keys off, as SQLite's procedure for it says, and checks
-- them before it commits: ``bot.storage.Storage.migrate``).
CREATE TABLE games_new (
    id             INTEGER PRIMARY KEY,
    guild_id       INTEGER NOT NULL,
    channel_id     INTEGER NOT NULL,
    host_id        INTEGER NOT NULL,
    status         TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'over', 'cancelled')),
    player_count   INTEGER NOT NULL CHECK (player_count BETWEEN 2 AND 6),
    map_id         TEXT    NOT NULL,
    seed           INTEGER NOT NULL,
    deadline_hours REAL    NOT NULL,
    open_scores    INTEGER NOT NULL DEFAULT 0,
    config         TEXT,
    state          TEXT,
    version        INTEGER NOT NULL DEFAULT 0,
    deadline_at    TEXT,
    reminded       INTEGER NOT NULL DEFAULT 0,
    created_at     TEXT    NOT NULL,
    updated_at     TEXT    NOT NULL,
    paused         INTEGER NOT NULL DEFAULT 0,
    world          TEXT    NOT NULL DEFAULT 'smallworld',
    mode           TEXT    NOT NULL DEFAULT 'free-for-all',
    season_id      INTEGER REFERENCES seasons (id),
    rated          INTEGER NOT NULL DEFAULT 0,
    takeover_after INTEGER NOT NULL DEFAULT 2
);
INSERT INTO games_new (id, guild_id, channel_id, host_id, status, player_count, map_id, seed,
    deadline_hours, open_scores, config, state, version, deadline_at, reminded, created_at,
    updated_at, paused, world, mode, season_id, rated, takeover_after)
    SELECT id, guild_id, channel_id, host_id, status, player_count, map_id, seed,
    deadline_hours, open_scores, config, state, version, deadline_at, reminded, created_at,
    updated_at, paused, world, mode, season_id, rated, takeover_after FROM games;
DROP TABLE games;
ALTER TABLE games_new RENAME TO games;
CREATE UNIQUE INDEX games_one_live_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX games_deadline ON games (status, deadline_at);

-- Tables (issue 38): the games a league plans by itself (a round's pods, the queue's
-- games), each to be opened in a thread of its own and started there (``bot.seasons.tables``).
-- A table is recorded inside its planner's transaction (a whole round at once); a claimed
-- job opens its thread, then creates the game started there and marks the table started,
-- in one transaction.
CREATE TABLE game_tables (
    id             INTEGER PRIMARY KEY,
    guild_id       INTEGER NOT NULL,
    -- The channel whose thread the game opens in (a season's channel).
    parent_id      INTEGER NOT NULL,
    -- The game's host: who answers for it (the season's organiser), seated or not.
    host_id        INTEGER NOT NULL,
    -- Where it comes from: 'round' (a pod of a round) or 'queue'; and which one.
    source         TEXT    NOT NULL,
    source_id      INTEGER,
    -- The season it is rated in (NULL: unrated).
    season_id      INTEGER REFERENCES seasons (id),
    players        INTEGER NOT NULL,
    -- The engine's world (surface, underground).
    world          TEXT    NOT NULL,
    deadline_hours REAL    NOT NULL,
    -- Missed deadlines in a row after which an AI stands in (0: never).
    takeover_after INTEGER NOT NULL DEFAULT 2,
    -- A team game's teams, JSON [[user id, user id], ...]; NULL for free-for-all.
    teams          TEXT,
    seed           INTEGER NOT NULL,
    language       TEXT    NOT NULL,
    -- The thread's name, without the table's tag (``#<id>``) that ends it.
    title          TEXT    NOT NULL,
    -- 'waiting' (no game yet), 'started' (its game is game_id), 'void' (given up).
    status         TEXT    NOT NULL DEFAULT 'waiting',
    thread_id      INTEGER,
    -- When its thread was last asked of Discord: after a crash, a thread with the table's
    -- tag in the parent channel is the one that attempt made.
    attempted_at   TEXT,
    -- When to try again after Discord refused the thread (NULL: at the next pass).
    next_at        TEXT,
    error          TEXT,
    -- Whether the host was told that Discord refuses the thread (they are told once).
    told           INTEGER NOT NULL DEFAULT 0,
    game_id        INTEGER REFERENCES games (id),
    created_at     TEXT    NOT NULL
);
CREATE INDEX game_tables_status ON game_tables (status, next_at);
CREATE INDEX game_tables_source ON game_tables (source, source_id);

-- The members of a table, in the order its planner gave (a pod's: best standing first).
CREATE TABLE game_table_members (
    table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    user_id  INTEGER NOT NULL,
    name     TEXT    NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (table_id, user_id)
);

-- Games, their seats and their append-only action log.
CREATE TABLE games (
    id             INTEGER PRIMARY KEY,
    guild_id       INTEGER NOT NULL,
    channel_id     INTEGER NOT NULL,
    host_id        INTEGER NOT NULL,
    status         TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'over', 'cancelled')),
    player_count   INTEGER NOT NULL CHECK (player_count BETWEEN 2 AND 5),
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
    updated_at     TEXT    NOT NULL
);

-- One live game per channel or thread; finished games stay for history.
CREATE UNIQUE INDEX games_one_live_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX games_deadline ON games (status, deadline_at);

CREATE TABLE seats (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id   INTEGER NOT NULL,
    name      TEXT    NOT NULL,
    seat      INTEGER,
    joined_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX seats_user ON seats (user_id);

CREATE TABLE actions (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    user_id    INTEGER,
    text       TEXT    NOT NULL,
    auto       INTEGER NOT NULL DEFAULT 0,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE user_prefs (
    user_id  INTEGER PRIMARY KEY,
    dm_turns INTEGER NOT NULL DEFAULT 0
);

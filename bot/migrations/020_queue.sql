-- The open-play queue (issue 38, section 1): members of a server waiting for the bot to form
-- a game for them in its open season (``bot.seasons.queue``). A member waits once per
-- server; the row goes when the member leaves the queue, leaves the server, or is seated in
-- a game the bot formed (in the transaction that records that game's table).
CREATE TABLE queue (
    guild_id       INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,
    -- The season the game will count for; a closed season's rows wait for nothing.
    season_id      INTEGER NOT NULL REFERENCES seasons (id) ON DELETE CASCADE,
    -- The member's display name when they joined (the seat's name in the game).
    name           TEXT    NOT NULL,
    -- The player counts they accept, ascending, comma-separated ("3,4"; 6: a team game).
    players        TEXT    NOT NULL,
    -- The world they asked for (NULL: any).
    world          TEXT,
    -- The decision deadline they asked for, in hours (NULL: the usual).
    deadline_hours INTEGER,
    -- The member they queue with for a team game (a pair holds when both name each other).
    partner        INTEGER,
    joined_at      TEXT    NOT NULL,
    -- Moves on at every change of the row: a game is formed from rows as they were read.
    revision       INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id)
);
CREATE INDEX queue_season ON queue (season_id);

-- A server's queue settings, changed by an organiser (``/league queue settings``); no row:
-- the defaults (``bot.seasons.queue.DEFAULTS``). They are the server's rather than a
-- season's: how fast its members play and how wide it lets tables be outlive a season.
CREATE TABLE queue_settings (
    guild_id   INTEGER PRIMARY KEY,
    -- The skill spread accepted at once, and how much wider per hour of waiting
    -- (display points, ``bot.seasons.matching.Tolerance``).
    tolerance  REAL    NOT NULL,
    widening   REAL    NOT NULL,
    -- How many unfinished games a member may be in to join the queue.
    cap        INTEGER NOT NULL,
    updated_at TEXT    NOT NULL
);

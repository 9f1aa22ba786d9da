-- What a rounds season tells (issue 38): a round's results and standings, the champion, the
-- champion's role, a word to the organiser. Recorded in the transaction that closes a round,
-- then done once each (``bot.seasons.poster``), across crashes and processes.
CREATE TABLE league_posts (
    id           INTEGER PRIMARY KEY,
    season_id    INTEGER NOT NULL REFERENCES seasons (id) ON DELETE CASCADE,
    guild_id     INTEGER NOT NULL,
    -- 'channel': a message in channel_id; 'dm': a message to user_id; 'role': the role
    -- role_id given to user_id.
    kind         TEXT    NOT NULL,
    channel_id   INTEGER,
    user_id      INTEGER,
    role_id      INTEGER,
    -- JSON: the text, who it may ping, the standings picture's data, its language.
    payload      TEXT    NOT NULL,
    -- 'pending', 'sent' (done) or 'failed' (Discord refused for good).
    status       TEXT    NOT NULL DEFAULT 'pending',
    attempts     INTEGER NOT NULL DEFAULT 0,
    -- When it was last attempted: after a crash, the message is looked for from then on.
    attempted_at TEXT,
    next_at      TEXT,
    message_id   INTEGER,
    error        TEXT,
    created_at   TEXT    NOT NULL
);
CREATE INDEX league_posts_open ON league_posts (status, next_at);

-- What must be posted, written in the same transaction as the action that caused it
-- (a transactional outbox). The announcer posts pending rows in id order per game, retries
-- with backoff, and records the message it made, so a crash never loses an announcement.
CREATE TABLE outbox (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    -- 'channel': a message in the game's channel; 'dm': a direct message to user_id.
    kind        TEXT    NOT NULL CHECK (kind IN ('channel', 'dm')),
    user_id     INTEGER,
    payload     TEXT    NOT NULL,
    -- pending: not posted yet; sent: done; partial: posted as text, the image still owed;
    -- blocked: the channel refuses the bot; failed: given up (a DM the member does not take).
    status      TEXT    NOT NULL DEFAULT 'pending'
                CHECK (status IN ('pending', 'sent', 'partial', 'blocked', 'failed')),
    attempts    INTEGER NOT NULL DEFAULT 0,
    next_at     TEXT,
    message_id  INTEGER,
    error       TEXT,
    created_at  TEXT    NOT NULL,
    sent_at     TEXT
);
CREATE INDEX outbox_open ON outbox (status, game_id, id);

-- A game whose channel no longer takes the bot's messages waits: no deadline runs out.
ALTER TABLE games ADD COLUMN paused INTEGER NOT NULL DEFAULT 0;

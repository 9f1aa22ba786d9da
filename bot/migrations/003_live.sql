-- The live message of the turn under way in a game's channel: posted once, edited in place
-- as the turn grows, deleted once the turn's summary is out.
CREATE TABLE live_messages (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    message_id  INTEGER NOT NULL,
    -- The turn it tells, as round.seat.
    turn        TEXT    NOT NULL,
    -- The member its mention pinged when it was posted, if any.
    pinged      INTEGER
);

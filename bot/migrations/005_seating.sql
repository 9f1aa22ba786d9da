-- Keeping games alive: AI seats, absences, replacements, followers.

-- The AI level playing this seat (an AI seat added in the lobby, or a player's seat taken
-- over after missed deadlines); NULL while a member plays it.
ALTER TABLE seats ADD COLUMN ai TEXT;
-- 1 when the AI only stands in for the member (they take the seat back with /sw back).
ALTER TABLE seats ADD COLUMN stand_in INTEGER NOT NULL DEFAULT 0;
-- Deadlines missed in a row by the member: a deadline that plays for them adds one, any
-- move of their own sets it back to 0.
ALTER TABLE seats ADD COLUMN missed INTEGER NOT NULL DEFAULT 0;
-- An announced absence: until when, and how many days of absence the member used in this
-- game (bounded per game).
ALTER TABLE seats ADD COLUMN away_until TEXT;
ALTER TABLE seats ADD COLUMN away_days REAL NOT NULL DEFAULT 0;

-- After how many missed deadlines in a row an AI takes over a seat (0: never).
ALTER TABLE games ADD COLUMN takeover_after INTEGER NOT NULL DEFAULT 2;

-- Members who follow a game: each finished turn reaches them by DM (the public view only).
CREATE TABLE followers (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- Who sat where and when: replacements, AI takeovers and take-backs, absences.
CREATE TABLE seat_log (
    id       INTEGER PRIMARY KEY,
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    kind     TEXT    NOT NULL,
    user_id  INTEGER,
    other_id INTEGER,
    detail   TEXT,
    at       TEXT    NOT NULL
);
CREATE INDEX seat_log_game ON seat_log (game_id, id);

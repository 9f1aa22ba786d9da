-- Seasons of scheduled rounds (issue 38): a season's format, its members and its rounds.

-- 'open': members make their own games, and every rated game counts (the format until
-- now); 'rounds': the bot forms pods at each round's start and scores them by place.
ALTER TABLE seasons ADD COLUMN format TEXT NOT NULL DEFAULT 'open';
-- A rounds season's settings: how many rounds, how many days each, the pod's size (3 to 5,
-- or 6 for team games), the engine's world, the points table (``bot.seasons.points``
-- text; NULL: the default) and the role its champion gets (NULL: none).
ALTER TABLE seasons ADD COLUMN rounds INTEGER;
ALTER TABLE seasons ADD COLUMN round_days REAL;
ALTER TABLE seasons ADD COLUMN pod INTEGER;
ALTER TABLE seasons ADD COLUMN world TEXT;
ALTER TABLE seasons ADD COLUMN points TEXT;
ALTER TABLE seasons ADD COLUMN champion_role INTEGER;
-- When the next round starts (a scheduled moment, kept like a deadline); NULL while a round
-- is under way and after the last one.
ALTER TABLE seasons ADD COLUMN next_round_at TEXT;
-- Since when the organiser has paused the rounds' clock (NULL: running).
ALTER TABLE seasons ADD COLUMN paused_at TEXT;

-- The members signed up for a rounds season.
CREATE TABLE season_members (
    season_id  INTEGER NOT NULL REFERENCES seasons (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    -- A team season: the partner they signed up with (a pair holds when both name each other).
    partner    INTEGER,
    joined_at  TEXT    NOT NULL,
    -- The first round they play: a member who signs up late joins from the next round.
    from_round INTEGER NOT NULL,
    -- Since when they are out, and how: 'withdrew', 'dropped' (by the organiser) or 'gone'
    -- (left the server); NULL: they play the next round.
    left_at    TEXT,
    left_how   TEXT,
    PRIMARY KEY (season_id, user_id)
);

-- The rounds of a season, each formed once (the key on its number), in one transaction
-- with its tables (``game_tables``, source 'round').
CREATE TABLE season_rounds (
    id         INTEGER PRIMARY KEY,
    season_id  INTEGER NOT NULL REFERENCES seasons (id) ON DELETE CASCADE,
    number     INTEGER NOT NULL,
    started_at TEXT    NOT NULL,
    ends_at    TEXT    NOT NULL,
    -- 'playing'; 'ending' once its end came (the AI finishes the games still going);
    -- 'closed' once scored and its results recorded for the channel.
    status     TEXT    NOT NULL DEFAULT 'playing',
    -- The members who sat out (fewer than two to play), JSON.
    byes       TEXT    NOT NULL DEFAULT '[]',
    closed_at  TEXT
);
CREATE UNIQUE INDEX season_rounds_number ON season_rounds (season_id, number);
CREATE INDEX season_rounds_status ON season_rounds (status);

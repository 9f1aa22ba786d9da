-- Server leagues: seasons, the result of every finished game, and ratings per season.

-- A season of a server's league. At most one is open per server at a time; a closed one
-- keeps its final standings as they were posted.
CREATE TABLE seasons (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    -- Where it was opened: its final standings are posted there.
    channel_id  INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    opened_by   INTEGER NOT NULL,
    opened_at   TEXT    NOT NULL,
    -- Planned end (optional): the season closes itself when it passes.
    ends_at     TEXT,
    closed_at   TEXT,
    -- Final standings, JSON, written when the season closes.
    standings   TEXT
);
CREATE UNIQUE INDEX seasons_one_open ON seasons (guild_id) WHERE closed_at IS NULL;

-- What kind of game it is, so that other worlds and team play slot into results, ratings,
-- stats and replays without a migration of their own; and whether it counts for a season.
ALTER TABLE games ADD COLUMN world TEXT NOT NULL DEFAULT 'smallworld';
ALTER TABLE games ADD COLUMN mode TEXT NOT NULL DEFAULT 'free-for-all';
ALTER TABLE games ADD COLUMN season_id INTEGER REFERENCES seasons (id);
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;

-- One row per seat of every finished game, written in the transaction that ends the game:
-- the single source of standings, player cards, stats and exports.
CREATE TABLE results (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    guild_id    INTEGER NOT NULL,
    season_id   INTEGER REFERENCES seasons (id),
    rated       INTEGER NOT NULL,
    world       TEXT    NOT NULL,
    map_id      TEXT    NOT NULL,
    mode        TEXT    NOT NULL,
    -- The team of a team game (NULL when every player plays alone).
    team        INTEGER,
    players     INTEGER NOT NULL,
    -- 1 for the winner; equal results share a rank.
    rank        INTEGER NOT NULL,
    coins       INTEGER NOT NULL,
    tokens      INTEGER NOT NULL,
    -- Every combo the player picked, in order: JSON [[race, power], ...].
    combos      TEXT    NOT NULL,
    finished_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX results_guild ON results (guild_id, finished_at);
CREATE INDEX results_user ON results (user_id, guild_id);

-- A player's rating in a season (openskill: mu, sigma).
CREATE TABLE ratings (
    season_id   INTEGER NOT NULL REFERENCES seasons (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    games       INTEGER NOT NULL DEFAULT 0,
    wins        INTEGER NOT NULL DEFAULT 0,
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (season_id, user_id)
);
CREATE INDEX ratings_order ON ratings (season_id, mu, sigma);

-- Each rating change, keyed by game: a game can change a player's rating only once.
CREATE TABLE rating_events (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id      INTEGER NOT NULL,
    season_id    INTEGER NOT NULL REFERENCES seasons (id) ON DELETE CASCADE,
    mu_before    REAL    NOT NULL,
    sigma_before REAL    NOT NULL,
    mu_after     REAL    NOT NULL,
    sigma_after  REAL    NOT NULL,
    at           TEXT    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX rating_events_season ON rating_events (season_id, user_id, at);

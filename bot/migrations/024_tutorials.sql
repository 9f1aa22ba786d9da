-- The tutorials (``/sw tutorial``, ``bot.service.tutorials``): one row per tutorial game,
-- the member who learns, the world and language of its lessons, how far the lessons are
-- (``engine.tutorial.tracker.Progress`` as JSON, written in the transaction of each move),
-- and when it was finished (shown on the member's player card). A tutorial game is never
-- rated and has no results row: it counts for no league and no statistics.
CREATE TABLE tutorials (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    world       TEXT    NOT NULL,
    language    TEXT    NOT NULL,
    progress    TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    finished_at TEXT
);
CREATE INDEX tutorials_member ON tutorials (guild_id, user_id);

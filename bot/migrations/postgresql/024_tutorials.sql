-- PostgreSQL's form of ../024_tutorials.sql: the same table, with PostgreSQL's types.
CREATE TABLE tutorials (
    game_id     BIGINT  PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    guild_id    BIGINT  NOT NULL,
    user_id     BIGINT  NOT NULL,
    world       TEXT    NOT NULL,
    language    TEXT    NOT NULL,
    progress    TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    finished_at TEXT
);
CREATE INDEX tutorials_member ON tutorials (guild_id, user_id);

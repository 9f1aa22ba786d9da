-- The language a game speaks in public (issue 25): its turn messages, summaries and images,
-- whoever's press caused them. Chosen when the game is opened, from the server's choice
-- (/sw settings language) or else Discord's preferred locale of the server; games from
-- before speak English.
ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en';

-- A member's Discord language as last seen, for the DMs the bot sends them (their turn,
-- a followed game's turns): written when it changes.
ALTER TABLE user_prefs ADD COLUMN language TEXT;

-- A server's chosen language for its public messages; no row: Discord's preferred locale.
CREATE TABLE server_languages (
    guild_id   INTEGER PRIMARY KEY,
    language   TEXT    NOT NULL,
    updated_at TEXT    NOT NULL
);

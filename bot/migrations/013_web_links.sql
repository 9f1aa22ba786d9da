-- A server's web pages (issue 26): reachable only through a link with this unguessable
-- secret, which a manager rotates to cut off the old links.
CREATE TABLE web_links (
    guild_id   INTEGER PRIMARY KEY,
    secret     TEXT    NOT NULL UNIQUE,
    created_at TEXT    NOT NULL
);

-- Whether a game's channel is one everyone on the server can see: only those games are on
-- the web pages (a private channel's never are). Games from before are not known to be, so
-- they are left out.
ALTER TABLE games ADD COLUMN listed INTEGER NOT NULL DEFAULT 0;

-- A server's web pages (issue 26): reachable only through a link with this unguessable
-- secret, which a manager rotates to cut off the old links.
CREATE TABLE web_links (
    guild_id   INTEGER PRIMARY KEY,
    secret     TEXT    NOT NULL UNIQUE,
    created_at TEXT    NOT NULL
);

-- Background work claimed by one bot process at a time (``bot.claims``): posting a game's
-- announcements, applying its overdue deadline, playing its AI seats. A claim holds until
-- ``until``; then another process may take the work over.
CREATE TABLE claims (
    kind  TEXT    NOT NULL,
    -- What the work is about (a game's id).
    item  INTEGER NOT NULL,
    -- The process holding it (host:pid:random).
    owner TEXT    NOT NULL,
    until TEXT    NOT NULL,
    PRIMARY KEY (kind, item)
);

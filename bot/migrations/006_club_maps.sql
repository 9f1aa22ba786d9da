-- A server's own maps, added by its managers as map files (/maps add).
-- A removed map keeps its row (removed_at set): lobbies and games opened on it still find
-- its board and its drawing, even after a restart.
CREATE TABLE club_maps (
    id        INTEGER PRIMARY KEY,
    guild_id  INTEGER NOT NULL,
    -- The map's "id" field: what members pick in /sw new.
    name      TEXT    NOT NULL,
    -- The engine's game key ("<id>@<hash>"), which games.map_id holds.
    map_key   TEXT    NOT NULL,
    title     TEXT    NOT NULL,
    world     TEXT    NOT NULL,
    -- The player counts the map is made for, e.g. "2,3".
    players   TEXT    NOT NULL,
    regions   INTEGER NOT NULL,
    -- The map's JSON form, and the renderer's geometry built when it was added.
    content   TEXT    NOT NULL,
    geometry  TEXT    NOT NULL,
    added_by  INTEGER NOT NULL,
    added_at  TEXT    NOT NULL,
    removed_at TEXT
);
CREATE UNIQUE INDEX club_maps_live_name ON club_maps (guild_id, name) WHERE removed_at IS NULL;
CREATE INDEX club_maps_key ON club_maps (map_key);

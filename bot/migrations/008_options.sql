-- Game options a lobby turns on besides team play (issue 22): the engine's rule sets that
-- keep the player count, such as mixed markets and Places and Relics on the surface, as a
-- JSON object {"mix": true, ...}. Games from before have none.
ALTER TABLE games ADD COLUMN options TEXT NOT NULL DEFAULT '{}';

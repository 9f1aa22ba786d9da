-- A manager may make a server's web pages public (issue 26): then they are also reachable
-- at an address named by the server's id, with no secret; the secret link keeps working.
ALTER TABLE web_links ADD COLUMN public INTEGER NOT NULL DEFAULT 0;

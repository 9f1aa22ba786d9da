-- A claim names the process holding it, so that another process can tell a dead holder
-- from a live one without waiting for its lease (``bot.liveness``): its host, its pid,
-- when the kernel started it, and its explicit shards (``0,1/4``) if it was given any.
ALTER TABLE claims ADD COLUMN host TEXT;
ALTER TABLE claims ADD COLUMN pid INTEGER;
ALTER TABLE claims ADD COLUMN born TEXT;
ALTER TABLE claims ADD COLUMN instance TEXT;

-- When a row was first attempted: a post that a crash cut short is looked for in the
-- channel's history from that moment on (``bot.announcer``), however busy the channel.
ALTER TABLE outbox ADD COLUMN attempted_at TEXT;

-- Requests seen by any bot process (``bot.request_log``): a copy of a request that reached
-- another process is answered as a copy. Rows live for a minute.
CREATE TABLE requests (
    -- A digest of the request's channel, member and content.
    key      TEXT PRIMARY KEY,
    -- The process handling it.
    owner    TEXT NOT NULL,
    -- When Discord made it, and when its answer went out (Discord's clock, milliseconds);
    -- no answer yet while it is handled.
    created  TEXT NOT NULL,
    answered TEXT
);
CREATE INDEX requests_created ON requests (created);

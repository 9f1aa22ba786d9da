"""Discord front end for Small World: settings, start-up, and (later) the bot client."""

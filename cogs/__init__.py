"""Discord command groups (cogs) for Small World; none are written yet."""

"""The web pages in a real browser (issue 26): the system's headless Chromium, driven by
Selenium, against a live site with a live game, finished games and a league season."""

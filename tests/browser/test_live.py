"""A live game's page in a headless Chromium comes back by itself within seconds of a move:
the issue's "a game's page shows a new turn within seconds of its summary"."""

from __future__ import annotations

import time

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from bot.web.site import POLL
from tests.bot.played import play

from . import chrome
from .crawl import settle
from .live import LiveSite

pytestmark = chrome.needs_chromium

#: Seconds a move may take to show: a poll's wait, then the reload, on a busy machine.
WITHIN = POLL + 7


def board_version(driver: webdriver.Chrome) -> str:
    """The game's version the page shows (its board's ``?v=``)."""
    src = driver.find_element(By.CSS_SELECTOR, "img.board").get_attribute("src") or ""
    return src.rsplit("?v=", 1)[-1]


def test_a_live_games_page_shows_a_move_within_seconds(driver: webdriver.Chrome, site: LiveSite):
    assert site.games is not None and site.service is not None
    url = site.url(f"game/{site.games.live}")
    driver.get(url)
    settle(driver, url)
    before = board_version(driver)
    # A mark on this load of the page: a reload wipes it.
    driver.execute_script("window.__loaded = 'before the move';")
    lg = site.call(site.service.load(site.games.live))
    assert str(lg.game.state.version) == before
    site.call(play(site.service, lg.channel_id, 1, undos=0))
    moved = time.monotonic()
    WebDriverWait(driver, WITHIN, poll_frequency=0.2).until(
        lambda d: (
            d.execute_script("return window.__loaded === undefined")
            and d.execute_script("return document.readyState") == "complete"
        )
    )
    took = time.monotonic() - moved
    after = site.call(site.service.load(site.games.live)).game.state.version
    assert board_version(driver) == str(after) and after > int(before)
    assert took <= WITHIN
    print(f"the page showed the move after {took:.1f} s")

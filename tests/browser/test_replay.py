"""A finished game's replay in a headless Chromium: from its game page to the set-up, then
"next" turn by turn to the final board, and one step back."""

from __future__ import annotations

import re

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement

from . import chrome
from .crawl import look, settle
from .live import LiveSite

pytestmark = chrome.needs_chromium

#: A replay page's address: ``…/game/<id>/replay/<step>``.
STEP = re.compile(r"/game/(\d+)/replay/(\d+)$")
#: The board of a step, drawn once the browser has it (a broken image has no natural width).
BOARD = """
const img = [...document.images].find(
  (i) => /\\/replay\\/\\d+\\.png$/.test(new URL(i.src).pathname));
return img ? {src: img.src, width: img.naturalWidth} : null;
"""


def link(driver: webdriver.Chrome, rel: str) -> WebElement | None:
    """The page's ``<a rel=…>``, if it has one (the arrows may be drawn twice, above and
    below the board: to the same place)."""
    found = driver.find_elements(By.CSS_SELECTOR, f'a[rel~="{rel}"]')
    assert len({a.get_attribute("href") for a in found}) <= 1, rel
    return found[0] if found else None


def follow(driver: webdriver.Chrome, anchor: WebElement) -> None:
    """Click a link as a member would, and wait for the page it leads to."""
    href = anchor.get_attribute("href")
    assert href is not None
    anchor.click()
    settle(driver, href)


def step_of(driver: webdriver.Chrome, game: int) -> int:
    """The step the browser shows, checked against its board image and the console."""
    match = STEP.search(driver.current_url)
    assert match is not None and int(match[1]) == game, driver.current_url
    step = int(match[2])
    board = driver.execute_script(BOARD)
    assert board is not None, f"no board image on {driver.current_url}"
    assert board["src"].endswith(f"/game/{game}/replay/{step}.png"), board
    assert board["width"] > 0, board
    assert chrome.errors(driver) == [], driver.current_url
    return step


def test_a_finished_game_replays_from_its_set_up_to_its_end(
    driver: webdriver.Chrome, site: LiveSite
) -> None:
    assert site.games is not None
    game = site.games.finished[0]
    page = look(driver, site.url(f"game/{game}"), None, "phone")
    start = site.url(f"game/{game}/replay/0")
    assert page.status == 200 and start in page.links, "a finished game's page links to replay/0"
    # Followed as a member would: a click on that link (its resolved address is ``start``).
    anchors = driver.find_elements(By.TAG_NAME, "a")
    [first] = [a for a in anchors if a.get_attribute("href") == start]
    follow(driver, first)
    assert step_of(driver, game) == 0
    assert link(driver, "prev") is None, "the set-up has no step before it"
    steps = [0]
    while (after := link(driver, "next")) is not None:
        follow(driver, after)
        steps.append(step_of(driver, game))
        # Each "next" shows the step after, with its own board.
        assert steps[-1] == steps[-2] + 1, steps
    last = steps[-1]
    # Two players, ten rounds: at least a step a round.
    assert last >= 10, steps
    before = link(driver, "prev")
    assert before is not None
    follow(driver, before)
    assert step_of(driver, game) == last - 1
    assert link(driver, "next") is not None
    # The last step was the end: there is no step after it.
    beyond = look(driver, site.url(f"game/{game}/replay/{last + 1}"), None, "phone")
    assert beyond.status == 404

"""The Content-Security-Policy in a real browser (issue 37, section 4): a live game's page
runs its own script, served by the site, and nothing is refused; a script written into the
page, as markup slipping past the escaping would be, is refused, and the console says so.
(That the page still comes back by itself after a move is ``test_live``'s.)"""

from __future__ import annotations

from selenium import webdriver

from . import chrome
from .crawl import look
from .live import LiveSite

pytestmark = chrome.needs_chromium

#: An inline script added to the page: it would set ``window.__ran`` if it ran.
PLANT = """
const script = document.createElement("script");
script.textContent = "window.__ran = true;";
document.body.appendChild(script);
"""


def test_a_live_page_runs_its_own_script_and_nothing_else(
    driver: webdriver.Chrome, site: LiveSite
) -> None:
    assert site.games is not None
    page = look(driver, site.url(f"game/{site.games.live}"), None, "phone")
    assert page.status == 200 and page.errors == [] and page.refused == [], page.url
    # The page's script is the site's file, and it was loaded and run.
    sources = driver.execute_script("return [...document.scripts].map((s) => s.src)")
    assert len(sources) == 1 and "/static/live.js?v=" in sources[0]
    status = "return performance.getEntriesByName(arguments[0])[0].responseStatus"
    assert driver.execute_script(status, sources[0]) == 200
    driver.execute_script(PLANT)
    assert driver.execute_script("return window.__ran === undefined")
    refused = driver.execute_script("return window.__refused")
    assert refused and all(r.startswith("script-src") for r in refused), refused
    logged = chrome.errors(driver)
    assert logged and all("Content Security Policy" in e["message"] for e in logged), logged

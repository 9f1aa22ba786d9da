"""The standings on a phone (issue 37, W4): with a team column as without, the table fits
the screen, no header or number is broken inside a word, and every row's cells sit under
the header of their column, the provisional players' rows included."""

from __future__ import annotations

from typing import Any

from selenium import webdriver

from . import chrome
from .crawl import look
from .live import GUILD, LiveSite

pytestmark = chrome.needs_chromium

#: The standings table's facts, read in the page: its width against the screen's, the words
#: of its headers and numbers drawn on more than one line, and each row's cells' left edges
#: beside those of the header row.
TABLE = """
const split = [];
for (const cell of document.querySelectorAll("th, td.n")) {
  const text = cell.firstChild && cell.firstChild.nodeType === Node.TEXT_NODE
    ? cell.firstChild : null;
  if (!text) continue;
  for (const m of text.data.matchAll(/\\S+/g)) {
    const range = document.createRange();
    range.setStart(text, m.index);
    range.setEnd(text, m.index + m[0].length);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    if (lines.size > 1) split.push(m[0]);
  }
}
const lefts = (row) => [...row.cells].map((c) => Math.round(c.getBoundingClientRect().left));
const header = [...document.querySelectorAll("tr")].find((r) => r.querySelector("th.n"));
const rows = [...document.querySelectorAll("tr")].filter((r) => r.querySelector("td.n"));
return {
  innerWidth: window.innerWidth,
  scrollWidth: document.documentElement.scrollWidth,
  split: split,
  header: header ? lefts(header) : null,
  headers: header ? [...header.cells].map((c) => c.textContent) : [],
  rows: rows.map(lefts),
  provisional: [...document.querySelectorAll("tr.provisional")].length,
};
"""


def standings(driver: webdriver.Chrome, site: LiveSite, season: int) -> dict[str, Any]:
    """A season's standings page at a phone's width, and its table's facts."""
    page = look(driver, site.url(f"league/{season}"), None, "phone")
    assert page.status == 200 and page.errors == [], page.url
    facts: dict[str, Any] = driver.execute_script(TABLE)
    return facts


def test_the_standings_fit_a_phone_with_and_without_a_team_column(
    driver: webdriver.Chrome, site: LiveSite
) -> None:
    assert site.games is not None
    spring, summer = site.games.seasons
    shown = {season: standings(driver, site, season) for season in (spring, summer)}
    # The second season has a team game: its table has one column more.
    assert len(shown[summer]["header"]) == len(shown[spring]["header"]) + 1
    for season, table in shown.items():
        assert table["innerWidth"] == chrome.PHONE[0]
        assert table["scrollWidth"] <= table["innerWidth"], (season, table)
        assert table["split"] == [], (season, table["split"])
        # Every row has its cells under the header's, the provisional players' too (the
        # fill's players all are provisional: they are the rows here).
        assert table["rows"], table
        for row in table["rows"]:
            assert row == table["header"], (season, table["headers"], row)
        assert table["provisional"] == len(table["rows"]), table


def test_a_rounds_season_standings_fit_a_phone_in_english_and_french(
    driver: webdriver.Chrome, site: LiveSite
) -> None:
    # Six columns (issue 38 §3): the longest header words, "Opponents'" and "adversaires",
    # once pushed the page 10 px past a phone's width.
    assert site.games is not None and site.service is not None
    languages = site.service.languages
    try:
        for language in ("en", "fr"):
            site.call(languages.choose(GUILD, language, None))
            table = standings(driver, site, site.games.rounds)
            assert table["innerWidth"] == chrome.PHONE[0], language
            assert table["scrollWidth"] <= table["innerWidth"], (language, table)
            assert table["split"] == [], (language, table["split"])
            assert len(table["rows"]) == len(site.games.members), table
            for row in table["rows"]:
                assert row == table["header"], (language, table["headers"], row)
    finally:
        site.call(languages.choose(GUILD, None, None))

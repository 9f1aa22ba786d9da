"""Walking a site in the browser, breadth first, and writing down what each page showed:
its HTTP status, its links and images, its width, its console errors, what a hostile name
did, and a screenshot. The tests judge these facts (``test_pages``)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag, urlsplit

from axe_core_python.selenium import Axe
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.wait import WebDriverWait

from . import chrome

#: Seconds a page may take to load, images included.
SETTLE = 30
#: Everything a page's facts need, read in the page in one round trip. A resource's status
#: comes from its timing entry (absent when the browser took it from its memory cache).
FACTS = """
const nav = performance.getEntriesByType("navigation")[0];
const statusOf = (url) => {
  const entry = performance.getEntriesByName(url).find((e) => e.entryType === "resource");
  return entry ? entry.responseStatus : null;
};
return {
  status: nav ? nav.responseStatus : null,
  innerWidth: window.innerWidth,
  scrollWidth: document.documentElement.scrollWidth,
  links: [...document.querySelectorAll("a[href]")].map((a) => a.href),
  images: [...document.querySelectorAll("img")].map((img) => {
    const box = img.getBoundingClientRect();
    return {src: img.src, complete: img.complete, naturalWidth: img.naturalWidth,
            left: box.left, right: box.right, width: box.width, status: statusOf(img.src)};
  }),
  alerts: window.__alerts === undefined ? null : window.__alerts,
  refused: window.__refused === undefined ? null : window.__refused,
  planted: document.querySelectorAll('img[src="x"], [onerror]').length,
  alts: [...document.querySelectorAll("img")].map((img) => img.getAttribute("alt")),
};
"""


@dataclass
class Page:
    """What one page showed in the browser."""

    url: str
    status: int | None
    inner_width: int
    scroll_width: int
    links: list[str]
    images: list[dict[str, Any]]
    #: ``window.alert`` calls (None: the hook was not installed, so nothing is known).
    alerts: list[str] | None
    #: What the Content-Security-Policy refused on the page (None: as ``alerts``).
    refused: list[str] | None
    #: Elements a name's markup would have made had it been parsed as HTML.
    planted: int
    text: str
    errors: list[dict[str, Any]]
    screenshot: Path | None = None
    #: Image addresses this page was the first to show (each checked once).
    first_images: list[str] = field(default_factory=list)
    #: What axe-core found wrong with the page (``accessibility``): its violations.
    violations: list[dict[str, Any]] = field(default_factory=list)
    #: The page's images' ``alt`` texts, in order.
    alts: list[str | None] = field(default_factory=list)


def shot_name(url: str, prefix: str) -> str:
    """A screenshot's file name from a page's address: ``phone-game-3-replay-0.png``."""
    path = urlsplit(url).path.strip("/").split("/")[2:]  # after "s" and the secret
    return f"{prefix}-{'-'.join(path) or 'server'}.png"


def settle(driver: webdriver.Chrome, url: str) -> None:
    """Wait until the browser shows ``url`` loaded, images and all.

    ``driver.get`` should return only then, yet chromedriver now and then returns while the
    new page is still "interactive", its image still loading; and a click does not wait.
    """
    WebDriverWait(driver, SETTLE).until(
        lambda d: d.execute_script(
            "return location.href === arguments[0] && document.readyState === 'complete'", url
        )
    )


def look(driver: webdriver.Chrome, url: str, shots: Path | None, prefix: str) -> Page:
    """Load ``url`` and write down its facts (and a screenshot into ``shots``)."""
    driver.get(url)
    settle(driver, url)
    facts = driver.execute_script(FACTS)
    page = Page(
        url=url,
        status=facts["status"],
        inner_width=facts["innerWidth"],
        scroll_width=facts["scrollWidth"],
        links=facts["links"],
        images=facts["images"],
        alerts=facts["alerts"],
        refused=facts["refused"],
        planted=facts["planted"],
        text=driver.find_element(By.TAG_NAME, "body").text,
        errors=chrome.errors(driver),
        alts=facts["alts"],
    )
    # After the facts: what axe's script does on the page is not the page's own doing.
    page.violations = accessibility(driver)
    if shots is not None:
        page.screenshot = shots / shot_name(url, prefix)
        chrome.screenshot(driver, page.screenshot)
    return page


#: The rules axe-core checks: WCAG 2.0, 2.1 and 2.2 at levels A and AA, and its own best
#: practices (headings in order, a main landmark…).
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


def accessibility(driver: webdriver.Chrome) -> list[dict[str, Any]]:
    """The violations axe-core (bundled by ``axe-core-python``) finds on the page shown:
    each with its rule ``id``, its ``impact`` (minor to critical) and the ``nodes`` at fault."""
    found = Axe().run(driver, options={"runOnly": {"type": "tag", "values": AXE_TAGS}})
    return list(found["violations"])


def crawl(driver: webdriver.Chrome, start: str, shots: Path, limit: int = 200) -> list[Page]:
    """Every page of the site reachable from ``start`` by its links, each address once, in
    the order a breadth-first walk finds them (at most ``limit``)."""
    site = urlsplit(start).netloc
    queued = {start}
    todo = deque([start])
    seen_images: set[str] = set()
    pages = []
    while todo and len(pages) < limit:
        page = look(driver, todo.popleft(), shots, "phone")
        for image in page.images:
            if image["src"] not in seen_images:
                seen_images.add(image["src"])
                page.first_images.append(image["src"])
        for link in page.links:
            url = urldefrag(link).url
            if urlsplit(url).netloc == site and url not in queued:
                queued.add(url)
                todo.append(url)
        pages.append(page)
    return pages

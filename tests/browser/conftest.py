"""One headless Chromium and one live site for all the browser tests (each costs seconds to
start), and the folder their screenshots go to."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium import webdriver

from . import chrome
from .live import LiveSite


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveSite]:
    """The server's pages on a real port, over a filled database (``live.fill``)."""
    live = LiveSite(tmp_path_factory.mktemp("site") / "web.sqlite3")
    try:
        live.start()
        yield live
    finally:
        live.stop()


@pytest.fixture(scope="session")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[webdriver.Chrome]:
    """The browser, at a phone's width; a test that changes the width puts it back."""
    browser = chrome.start(tmp_path_factory.mktemp("profile"))
    try:
        yield browser
    finally:
        browser.quit()


@pytest.fixture(scope="session")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go: ``SCREENSHOTS`` if set, else a temporary folder."""
    chosen = os.environ.get("SCREENSHOTS")
    folder = Path(chosen) if chosen else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder

"""A headless Chromium for the browser tests: the browser and driver ``tests.machine`` finds
(the machine's, or what ``tests.prepare`` installed), never one Selenium would download
while a test runs.

Widths are set with Chromium's device emulation rather than the window's size: a headless
window is never narrower than 500 px, and a phone's width is the point of the check. The
scrollbars are hidden: whether a browser draws a classic one (15 px taken from the page, as
Chromium 156 does at a desktop's width) or an overlay one is the browser's choice, not the
page's, and a screenshot is then as wide as the viewport on every version.
"""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from tests import machine

#: The browser and its driver (``tests.machine``), None where missing.
CHROMIUM, DRIVER = machine.chromium()
#: A phone's viewport (CSS pixels) and a desktop's.
PHONE = (390, 844)
DESKTOP = (1280, 900)
#: Installed before any page's own script: an alert is recorded instead of shown, and so is
#: whatever the page's Content-Security-Policy refused (the directive, and what it refused).
ALERT_HOOK = (
    "window.__alerts = []; window.alert = (m) => window.__alerts.push(String(m));"
    "window.__refused = []; document.addEventListener('securitypolicyviolation',"
    " (e) => window.__refused.push(e.effectiveDirective + ' ' + e.blockedURI));"
)


def missing() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    return machine.missing("chromium")


#: For the browser tests: skipped, saying why, on a machine without the browser, unless
#: every test is required (CI=true): then they fail (``tests.machine``).
needs_chromium = pytest.mark.skipif(
    missing() is not None and not machine.required(),
    reason=f"{machine.NEEDS['chromium']}: {missing()}",
)


def start(profile: Path) -> webdriver.Chrome:
    """A headless Chromium with its own profile folder, logging the page's console, with
    ``ALERT_HOOK`` on every page it loads, at the phone's width."""
    why = missing()
    if why is not None:
        machine.unavailable("chromium", why)
    assert CHROMIUM is not None and DRIVER is not None
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    # The flags a browser needs to run in a container: no sandbox (no user namespaces), no
    # GPU, and /tmp instead of a small /dev/shm.
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        f"--user-data-dir={profile}",
        f"--window-size={DESKTOP[0]},{DESKTOP[1]}",
    ):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_page_load_timeout(60)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": ALERT_HOOK})
    width(driver, PHONE)
    return driver


def width(driver: webdriver.Chrome, size: tuple[int, int]) -> None:
    """Show pages at ``size``: a phone's (touch, its viewport meta tag honoured) when
    narrower than a desktop's, without scrollbars (the module's docstring says why)."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {
            "width": size[0],
            "height": size[1],
            "deviceScaleFactor": 1,
            "mobile": size[0] < DESKTOP[0],
        },
    )
    driver.execute_cdp_cmd("Emulation.setScrollbarsHidden", {"hidden": True})


def screenshot(driver: webdriver.Chrome, path: Path) -> None:
    """The whole page as a PNG at ``path``, not only what the viewport shows."""
    metrics = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
    size = metrics["cssContentSize"]
    shot = driver.execute_cdp_cmd(
        "Page.captureScreenshot",
        {
            "format": "png",
            "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1},
        },
    )
    path.write_bytes(base64.b64decode(shot["data"]))


def errors(driver: webdriver.Chrome) -> list[dict[str, Any]]:
    """The console's errors since the last call: scripts that threw, resources that failed
    (the pages name an empty icon, so that Chromium asks for no ``/favicon.ico``)."""
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]

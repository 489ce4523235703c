"""Fixtures for the browser tests: the example site built fresh, served on loopback under a
strict Content-Security-Policy, and headless Chromium driven by Selenium."""

import functools
import http.server
import os
import pathlib
import shutil
import subprocess
import tempfile
import threading

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = pathlib.Path(__file__).resolve().parents[2]
# Absolute, since some tests run it from another folder.
ALMANAC = os.path.abspath(os.environ.get("ALMANAC_BIN", str(ROOT / ".build" / "debug" / "almanac")))
CSP = "default-src 'self'"


def build(content, folder):
    output = folder / "Output"
    subprocess.run(
        [ALMANAC, "build", "--content", str(content), "--templates", str(ROOT / "Templates"),
         "--output", str(output), "--quiet"],
        check=True,
    )
    return output


@pytest.fixture(scope="session")
def site():
    """The example site, built into a temporary folder."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix="almanac-browser-"))
    yield build(ROOT / "Content", folder)
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def split_site():
    """A table large enough (for its `split:` setting) to become a page per section."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix="almanac-browser-split-"))
    yield build(pathlib.Path(__file__).parent / "sites" / "split" / "Content", folder)
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def world_site():
    """A sharded table of names in Hangul, Devanagari, Latin and with emoji."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix="almanac-browser-world-"))
    yield build(pathlib.Path(__file__).parent / "sites" / "world" / "Content", folder)
    shutil.rmtree(folder, ignore_errors=True)


class StrictHandler(http.server.SimpleHTTPRequestHandler):
    """Serves files with the header a careful static host would send."""

    def end_headers(self):
        self.send_header("Content-Security-Policy", CSP)
        super().end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def server(site):
    """Serves the site under a sub-path, /docs/, to show relative links hold."""
    root = site.parent / "served"
    root.mkdir(exist_ok=True)
    if not (root / "docs").exists():
        (root / "docs").symlink_to(site)
    yield from serve(root, "/docs")


def serve(directory, path=""):
    """Serves `directory` on loopback under the strict policy until the fixture ends."""
    handler = functools.partial(StrictHandler, directory=str(directory))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}{path}"
    httpd.shutdown()


def make_driver(javascript=True, width=1200, height=900):
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}"):
        options.add_argument(argument)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver"))
    return webdriver.Chrome(service=service, options=options)


@pytest.fixture(scope="session")
def browser():
    driver = make_driver()
    yield driver
    driver.quit()


@pytest.fixture()
def driver(browser):
    """The shared browser with a clean slate: no stored section state between tests."""
    yield browser
    try:
        browser.execute_script("try { localStorage.clear(); } catch (e) {}")
    except Exception:
        pass


@pytest.fixture(scope="session")
def browser_without_scripts():
    driver = make_driver(javascript=False)
    yield driver
    driver.quit()


@pytest.fixture(scope="session")
def phone():
    driver = make_driver(width=320, height=640)
    yield driver
    driver.quit()


@pytest.fixture(scope="session")
def browse_site():
    """A catalogue of 120 companies with filters, Sort by and a table layout."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix="almanac-browser-browse-"))
    yield build(pathlib.Path(__file__).parent / "sites" / "browse" / "Content", folder)
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def browse_server(browse_site):
    """The catalogue served on loopback under the strict policy."""
    yield from serve(browse_site)

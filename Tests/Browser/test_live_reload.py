"""`almanac serve` in a real browser: an edit to a data file reloads the open page with the new
row, under the server's own `Content-Security-Policy: default-src 'self'`; a broken build shows
its error over the page, as text, and goes away when it is fixed."""

import pathlib
import subprocess
import sys

import pytest
from selenium.webdriver.common.by import By

from test_listing import visible_labels, wait

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "Process"))
from serve_fixture import ALMANAC, Served  # noqa: E402


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    server = Served(tmp_path_factory.mktemp("serve-browser") / "site")
    yield server
    server.stop()


def test_an_edit_reloads_the_open_page_with_the_new_row(driver, served):
    driver.get(served.url + "/planets.html")
    assert "Vulcan" not in visible_labels(driver)
    driver.get_log("browser")
    # The page is listening once its event stream is open.
    wait(driver, lambda: driver.execute_script("return document.documentElement.dataset.almanacLive === 'on'"))
    marker = driver.execute_script("window.almanacBeforeReload = true; return true")
    subprocess.run([ALMANAC, "add", "Content/planets.csv", "name=Vulcan", "kind=terrestrial", "order=0", "moons=0", "year=1"],
                   cwd=served.folder, check=True, capture_output=True)
    # Asked in one script, so a reload between two steps of the question cannot trip it.
    wait(driver, lambda: driver.execute_script(
        "return Array.from(document.querySelectorAll('li.row .label')).some(e => e.textContent === 'Vulcan')"), timeout=20)
    assert marker and driver.execute_script("return window.almanacBeforeReload === undefined"), "the page reloaded"
    assert [entry for entry in driver.get_log("browser") if "Content Security Policy" in entry["message"]] == []


def test_a_broken_build_shows_its_error_over_the_page_until_fixed(driver, served):
    page = served.folder / "Content" / "planets.md"
    good = page.read_text()
    driver.get(served.url + "/planets.html")
    wait(driver, lambda: driver.execute_script("return document.documentElement.dataset.almanacLive === 'on'"))
    page.write_text(good.replace("sort: order", 'sort: order\n"<b>grup</b>": kind'))
    try:
        overlay = wait(driver, lambda: driver.find_elements(By.ID, "almanac-build-problem"), timeout=20)[0]
        text = overlay.find_element(By.TAG_NAME, "pre").text
        assert "planets.md" in text and "unknown setting '<b>grup</b>'" in text, text
        assert overlay.find_elements(By.TAG_NAME, "b") == [], "the error is text, not markup"
        assert "Planets" in driver.title, "the last good page is still there beneath"
    finally:
        page.write_text(good)
    wait(driver, lambda: not driver.find_elements(By.ID, "almanac-build-problem"), timeout=20)

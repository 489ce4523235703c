"""axe-core (4.12, the script from axe-playwright-python's wheel, run with Selenium) over every
page of the example site, a detail page, a split front and section page, the filters on a
split page and the single-file report, in the states a reader puts them in (searching, no
results, a section closed, filters applied, another order), light and dark, at 1280 and 375 px:
no violations at all."""

import json
import os
import pathlib

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ROOT, make_driver
from test_single_file import single_file  # noqa: F401 (a fixture this module uses)

AXE = pathlib.Path(os.environ.get("ALMANAC_AXE", ROOT / ".build" / "browser-venv" / "axe.min.js"))


@pytest.fixture(scope="module")
def axe_source():
    assert AXE.exists(), f"no axe-core at {AXE}: run `make .build/browser-venv/axe.min.js`"
    return AXE.read_text(encoding="utf-8")


def close_first_section(driver):
    toggle = driver.find_element(By.CSS_SELECTOR, ".section-toggle")
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "false"


def wait_for_offer(driver):
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".no-results:not([hidden]) button.did-you-mean"))


def wait_for_results(driver):
    driver.execute_async_script("""
        const done = arguments[0];
        const started = performance.now();
        const wait = () => (document.querySelector('.search-results:not([hidden]) li, .no-results:not([hidden])')
          || performance.now() - started > 5000 ? done() : setTimeout(wait, 20));
        wait();""")


def states(site, split_site, browse_site, single_file):  # noqa: F811
    """(name, file URL, what the reader does first) for every state checked."""
    example = [(page.name, page.as_uri(), None) for page in sorted(site.glob("*.html"))]
    details = [
        ("a detail page", next(iter(sorted((site / "friends").glob("*.html")))).as_uri(), None),
        ("a test's detail page", next(iter(sorted((site / "tests").glob("*.html")))).as_uri(), None),
    ]
    states_page = (site / "states.html").as_uri()
    split_front = next(iter(sorted(split_site.glob("*.html"))))
    split_section = next(iter(sorted(split_site.glob("*/sections/*.html"))))
    return example + details + [
        ("searching", states_page + "?q=new", None),
        ("no results", states_page + "?q=zzzz", None),
        ("a typo found", states_page + "?q=kentuky", None),
        ("a near query offered", states_page + "?q=kntcky", wait_for_offer),
        ("a section closed", (site / "regions.html").as_uri(), close_first_section),
        ("filters applied", states_page + "?region=South&sort=-admitted", None),
        ("a table sorted", (site / "statehood.html").as_uri() + "?sort=-admitted", None),
        ("a split front page", split_front.as_uri(), None),
        ("a split section page", split_section.as_uri(), None),
        ("a split page's filters", (browse_site / "split.html").as_uri() + "?category=Software&sort=-founded", wait_for_results),
        ("the single-file report", (single_file / "results.html").as_uri(), None),
    ]


@pytest.mark.parametrize("width", [1280, 375])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violations_in_any_state(axe_source, site, split_site, browse_site, single_file, width, scheme):  # noqa: F811
    driver = make_driver(width=width, height=900)
    # axe checks every node: the single-file report of 5,000 tests takes it seconds.
    driver.set_script_timeout(120)
    found = {}
    try:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        for name, url, action in states(site, split_site, browse_site, single_file):
            driver.get(url)
            if action:
                action(driver)
            driver.execute_script(axe_source)
            violations = driver.execute_async_script("""
                const done = arguments[0];
                axe.run(document, { resultTypes: ['violations'] }).then(
                  (result) => done(result.violations.map((v) => ({ rule: v.id, impact: v.impact,
                    nodes: v.nodes.map((node) => node.target.join(' ') + ': ' + node.failureSummary) }))),
                  (error) => done([{ rule: 'axe did not run', nodes: [String(error)] }]));""")
            if violations:
                found[name] = violations
    finally:
        driver.quit()
    assert not found, json.dumps(found, indent=1, ensure_ascii=False)


# What axe cannot see: generated text (a field's name before its value), a control's edge and a
# placeholder. Each colour is blended with its opacity over the first opaque background behind
# it, and compared by WCAG's contrast ratio.
CONTRAST = """
const parse = (color) => (color.match(/[\\d.]+/g) || []).map(Number);
const channel = (value) => { const v = value / 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
const behind = (element) => {
  for (let at = element; at; at = at.parentElement) {
    const color = parse(getComputedStyle(at).backgroundColor);
    if (color.length === 3 || color[3] > 0) return color;
  }
  return parse(getComputedStyle(document.documentElement).backgroundColor);
};
const over = (color, alpha, background) => [0, 1, 2].map((i) => color[i] * alpha + background[i] * (1 - alpha));
const ratio = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
const name = document.querySelector('.field[data-label]');
const nameStyle = getComputedStyle(name, '::before');
const field = document.getElementById('search-field');
const fieldStyle = getComputedStyle(field);
const placeholder = getComputedStyle(field, '::placeholder');
return {
  fieldName: ratio(over(parse(nameStyle.color), Number(nameStyle.opacity) * Number(getComputedStyle(name).opacity), behind(name)), behind(name)),
  searchEdge: ratio(parse(fieldStyle.borderTopColor), behind(field.parentElement)),
  placeholder: ratio(over(parse(placeholder.color), Number(placeholder.opacity || 1), behind(field)), behind(field)),
};
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_field_names_search_edge_and_placeholder_meet_their_contrast(site, scheme):
    driver = make_driver(width=1280, height=900)
    try:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        driver.get((site / "states.html").as_uri())
        ratios = driver.execute_script(CONTRAST)
    finally:
        driver.quit()
    assert ratios["fieldName"] >= 4.5, ratios
    assert ratios["placeholder"] >= 4.5, ratios
    assert ratios["searchEdge"] >= 3, ratios

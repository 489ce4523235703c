"""`almanac render --single-file`: one HTML file that opens by double-click (file://) with
nothing beside it, searchable, under the policy it carries, which allows only its own inline
script and style."""

import pathlib
import re
import subprocess
import sys

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import ALMANAC
from test_listing import search, visible_labels, wait

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "Reports"))
from junit_fixture import failing_name, report  # noqa: E402

CASES = 5000


@pytest.fixture(scope="module")
def single_file(tmp_path_factory):
    folder = tmp_path_factory.mktemp("single-file")
    data = folder / "results.xml"
    data.write_text(report(CASES))
    out = folder / "report"
    subprocess.run([ALMANAC, "render", str(data), "--single-file", "--format", "html", "--output", str(out), "--quiet"], check=True)
    return out


def console(driver):
    return [entry["message"] for entry in driver.get_log("browser")]


def test_the_report_is_one_file(single_file):
    assert [path.name for path in single_file.iterdir()] == ["results.html"]
    text = (single_file / "results.html").read_text()
    assert 'src="' not in text.split("<main", 1)[0] and "<link" not in text


def test_it_opens_from_disk_and_search_works_under_its_own_policy(driver, single_file):
    driver.get("about:blank")
    console(driver)
    driver.get((single_file / "results.html").as_uri())
    assert driver.find_element(By.CSS_SELECTOR, ".test-summary").text.startswith("5,000 tests: 100 failed")
    search(driver, "case_00757")
    wait(driver, lambda: visible_labels(driver) == [failing_name(757)])
    assert driver.find_element(By.CSS_SELECTOR, "li.row:not([hidden]) mark").text == "case_00757"
    assert [message for message in console(driver) if "Content Security Policy" in message or "SEVERE" in message] == []


def test_a_failures_details_open_in_place(driver, single_file):
    driver.get((single_file / "results.html").as_uri() + "?q=case_00007")
    wait(driver, lambda: visible_labels(driver) == [failing_name(7)])
    row = driver.find_element(By.CSS_SELECTOR, "li.row:not([hidden])")
    trace = row.find_element(By.CSS_SELECTOR, ".row-detail pre")
    assert not trace.is_displayed()
    row.find_element(By.CSS_SELECTOR, ".row-detail summary").click()
    wait(driver, trace.is_displayed)
    assert trace.text.startswith("Traceback 7\n") and trace.text.endswith("</details> <script>alert(1)</script>")


def test_a_changed_script_is_refused_by_the_policy(driver, single_file, tmp_path):
    """The policy is real: one byte changed in the inline script, and the browser runs none of it."""
    text = (single_file / "results.html").read_text()
    tampered = tmp_path / "tampered.html"
    tampered.write_text(text.replace("'use strict';", "'use strict'; ", 1))
    driver.get("about:blank")
    console(driver)
    driver.get(tampered.as_uri() + "?q=case_00007")
    messages = console(driver)
    assert any("Content Security Policy" in message for message in messages)
    # Without its script, a report this large still shows its counts and every failure; its
    # passing and skipped tests are data only the script lists.
    assert driver.find_element(By.CSS_SELECTOR, ".test-summary").text.startswith("5,000 tests: 100 failed")
    shown = driver.find_elements(By.CSS_SELECTOR, "li.row:not([hidden])")
    assert len(shown) == CASES // 50 and all(row.get_attribute("data-status") == "failed" for row in shown)


def test_a_large_reports_rows_made_from_data_are_the_rows_a_small_one_writes(driver, single_file, tmp_path):
    """The script lists every test of a large report, each as the build writes a row of a small
    one: the same markup, found by search, counted by the filters."""
    driver.get((single_file / "results.html").as_uri())
    wait(driver, lambda: driver.find_element(By.ID, "search-field").is_displayed())
    assert driver.find_elements(By.CSS_SELECTOR, "script.row-data") == []
    rows = driver.find_elements(By.CSS_SELECTOR, "li.row")
    assert len(rows) == CASES
    assert sorted(int(row.get_attribute("data-i")) for row in rows) == list(range(CASES))
    # The same test in a report small enough to be written whole, as HTML.
    small = tmp_path / "small.xml"
    small.write_text(report(100, suites=2))
    subprocess.run([ALMANAC, "render", str(small), "--single-file", "--format", "html", "--output", str(tmp_path / "out"), "--quiet"],
                   check=True)
    written = (tmp_path / "out" / "small.html").read_text()
    assert 'class="row-data"' not in written
    built = driver.execute_script("return document.getElementById('row-test-case-00001').outerHTML;")
    wanted = next(line for line in written.splitlines() if 'id="row-test-case-00001"' in line)

    def without_place(html):
        return re.sub(r' data-(i|f|s)="[^"]*"', "", html)
    assert without_place(built) == without_place(wanted)
    search(driver, "case_04998")
    wait(driver, lambda: visible_labels(driver) == ["test_case_04998"])


def test_each_outcome_has_its_own_shape_colour_and_word(driver, tmp_path):
    """pytest's own report: every outcome is drawn with a glyph and fill of its own beside its
    label and its section's title, and the title says the word (never colour alone)."""
    sample = pathlib.Path(__file__).resolve().parents[1] / "Samples" / "pytest" / "pytest-xunit1.xml"
    subprocess.run([ALMANAC, "render", str(sample), "--single-file", "--format", "html", "--output", str(tmp_path),
                    "--name", "report", "--quiet"], check=True)
    driver.get((tmp_path / "report.html").as_uri())
    marks = {}
    for section in driver.find_elements(By.CSS_SELECTOR, "section.section[data-status]"):
        status = section.get_attribute("data-status")
        header = section.find_element(By.CSS_SELECTOR, ".section-header")
        assert header.text == status
        style = driver.execute_script(
            "const s = getComputedStyle(arguments[0], '::before');"
            "return [s.content, s.backgroundColor, s.boxShadow, s.borderRadius];", header)
        row = section.find_element(By.CSS_SELECTOR, "li.row .label")
        assert driver.execute_script("return getComputedStyle(arguments[0], '::before').content", row) == style[0]
        marks[status] = style
    assert sorted(marks) == ["error", "failed", "passed", "skipped"]
    shapes = {(content, radius, shadow != "none") for content, _, shadow, radius in marks.values()}
    assert len(shapes) == 4, marks
    assert len({background for _, background, _, _ in marks.values()}) >= 3, marks
    # The glyph is decoration: its alternative text is empty.
    assert all(content.endswith('/ ""') for content, *_ in marks.values()), marks


def test_the_trend_is_a_picture_with_its_numbers_a_keystroke_away(driver, tmp_path):
    """Three runs kept with --history: the chart draws under the file's own strict policy, is
    named by its caption, and its numbers open from the keyboard as a table."""
    history = tmp_path / "history.ndjson"
    for run, failing in enumerate([[], ["b"], ["a", "b"]]):
        data = tmp_path / f"r{run}.xml"
        data.write_text('<testsuites name="run"><testsuite name="s">' + "".join(
            f'<testcase classname="t" name="{name}" time="0.{run + 1}">'
            + ('<failure message="no"/>' if name in failing else "") + "</testcase>" for name in "abc") + "</testsuite></testsuites>")
        subprocess.run([ALMANAC, "render", str(data), "--single-file", "--format", "html", "--output", str(tmp_path / "out"),
                        "--name", "report", "--history", str(history), "--quiet"], check=True)
    driver.get("about:blank")
    console(driver)
    driver.get((tmp_path / "out" / "report.html").as_uri())
    chart = driver.find_element(By.CSS_SELECTOR, "figure.trend svg")
    assert chart.get_attribute("role") == "img"
    caption = driver.find_element(By.ID, chart.get_attribute("aria-labelledby"))
    assert caption.text.endswith("in runs 1 to 3")
    assert len(chart.find_elements(By.CSS_SELECTOR, "rect.trend-failed")) == 2
    colour = driver.execute_script("return getComputedStyle(document.querySelector('rect.trend-failed')).fill")
    assert colour == "rgb(197, 34, 31)", "the stylesheet colours it, by class"
    summary = driver.find_element(By.CSS_SELECTOR, "details.trend-runs summary")
    table = driver.find_element(By.CSS_SELECTOR, "details.trend-runs table")
    assert not table.is_displayed()
    summary.send_keys(Keys.ENTER)
    wait(driver, table.is_displayed)
    rows = [row.text for row in table.find_elements(By.CSS_SELECTOR, "tbody tr")]
    assert rows[0].startswith("3 3 2 0 0 0") and len(rows) == 3
    assert [message for message in console(driver) if "Content Security Policy" in message or "SEVERE" in message] == []


def test_a_large_report_sorted_lists_every_test_in_order_and_goes_back(driver, single_file):
    """Sort by moves 5,000 rows a few hundred to a task: the first screenful at once, and in
    the end every row in the new order, then every row home again."""
    driver.get((single_file / "results.html").as_uri())
    wait(driver, lambda: driver.find_element(By.ID, "search-field").is_displayed())
    choose = "const s = document.querySelector('.sort-control'); s.value = arguments[0]; s.dispatchEvent(new Event('change', { bubbles: true }));"
    driver.execute_script(choose, "-time")
    first = driver.execute_script("return document.querySelectorAll('.sorted-list li.row').length;")
    assert 0 < first <= CASES
    wait(driver, lambda: driver.execute_script("return document.querySelectorAll('.sorted-list li.row').length;") == CASES)
    times = driver.execute_script(
        "return Array.from(document.querySelectorAll('.sorted-list li.row'), (row) => Number(row.querySelector('[data-field=time]')?.dataset.value ?? -1));")
    assert times == sorted(times, reverse=True)
    driver.execute_script(choose, "")
    wait(driver, lambda: driver.execute_script("return document.querySelectorAll('.section li.row').length;") == CASES)
    assert driver.find_elements(By.CSS_SELECTOR, ".sorted-list") == []

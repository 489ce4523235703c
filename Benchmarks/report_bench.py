"""A large test run's report, beside pytest-html's of the same run: 50,000 tests run by pytest
(every 50th failing with a 30-line message), which writes both the JUnit XML Almanac reads and
pytest-html's own self-contained report. Almanac renders it compared with a baseline (the
previous run, whose failures were every 50th test one along) and with a history of 29 earlier
runs, as the README's CI recipe does: `render --single-file --format html,md --baseline …
--history …`, timed with GNU time (medians of 3). Both HTML files are then opened from file:// in
headless Chromium (Almanac's five times, pytest-html's once: it takes minutes): when the document
is interactive, when its first test rows
are on screen (pytest-html draws its table from script after loading), and, for Almanac, when a
search for one failing test shows it alone, and how long ticking a filter and choosing Sort by
take to draw.
"""

import json
import pathlib
import re
import shutil
import statistics
import subprocess
import sys

TESTS = 50_000
FAILING_EVERY = 50
HISTORY_RUNS = 29

TEST_FILE = f'''
import pytest

MESSAGE = "\\n".join(f"line {{line}} of what went wrong" for line in range(30))


@pytest.mark.parametrize("number", range({TESTS}))
def test_case(number):
    assert number % {FAILING_EVERY} != 7, MESSAGE
'''


def identity(number):
    return f"\u001ftests.test_bench\u001ftest_case[{number}]"


def history_lines():
    """29 earlier runs as `--history` writes them: each failing the 2% that fail now, and 100
    flaky tests failing in every other run."""
    lines = []
    for run in range(1, HISTORY_RUNS + 1):
        flaky = range(run % 2, 200, 2)
        failing = sorted({identity(number) for number in range(TESTS) if number % FAILING_EVERY == 7}
                         | {identity(number * 50 + 3) for number in flaky})
        lines.append(json.dumps({
            "run": run, "tests": TESTS, "failed": len(failing), "error": 0, "flaky": 0, "skipped": 0,
            "passed": TESTS - len(failing), "seconds": 40.0 + run, "failing": failing, "flaky_tests": [],
        }, separators=(",", ":")))
    return "\n".join(lines) + "\n"


def run_pytest(folder, python):
    """pytest once, writing both reports; its own time is not the figure."""
    tests = folder / "tests"
    tests.mkdir(parents=True)
    (tests / "__init__.py").write_text("")
    (tests / "test_bench.py").write_text(TEST_FILE)
    subprocess.run(
        [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--tb=short", "--junitxml", str(folder / "now.xml"),
         "--html", str(folder / "pytest-html.html"), "--self-contained-html", "tests"],
        cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=1800)
    return folder / "now.xml", folder / "pytest-html.html"


def baseline(folder, almanac, now):
    """The previous run: the same tests, every 50th one along failing instead."""
    text = now.read_text()
    previous = re.sub(r"test_case\[(\d+)\]", lambda match: f"test_case[{(int(match.group(1)) + 1) % TESTS}]", text)
    (folder / "before.xml").write_text(previous)
    subprocess.run([almanac, "render", str(folder / "before.xml"), "--format", "json", "--output", str(folder / "base"),
                    "--name", "report", "--quiet"], check=True, timeout=600)
    return folder / "base" / "report.json"


# What a reader does with the filter panel and Sort by, in order: each is timed from the click to
# the next frame drawn after it (its script, then the restyling and layout it causes).
BROWSE_STEPS = [
    ("tick_failed", "document.querySelector(\"fieldset[data-filter='status'] input[value='failed']\").click();"),
    ("untick_failed", "document.querySelector(\"fieldset[data-filter='status'] input[value='failed']\").click();"),
    ("sort_by_time", "const s = document.querySelector('.sort-control'); s.value = '-time';"
                     " s.dispatchEvent(new Event('change', { bubbles: true }));"),
    ("sections_again", "const s = document.querySelector('.sort-control'); s.value = '';"
                       " s.dispatchEvent(new Event('change', { bubbles: true }));"),
]


def browse_step(driver, script):
    return driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const start = performance.now();
        %s
        requestAnimationFrame(() => setTimeout(() => done(performance.now() - start), 0));""" % script)


def wait_until_ready(driver):
    """When the page's script has every row in place and shows the search field."""
    return driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const check = () => {
          const form = document.querySelector('form.search');
          if (form && !form.hidden) done(performance.now()); else setTimeout(check, 2);
        };
        check();""")


def open_in_browser(driver, page, rows_selector, search=None, openings=5, browse=False):
    """Medians of `openings`: document interactive, first rows on screen, a search answered and,
    with `browse`, each of BROWSE_STEPS."""
    interactive, shown, ready, searched = [], [], [], []
    steps = {name: [] for name, _ in BROWSE_STEPS}
    for _ in range(openings):
        driver.get("about:blank")
        driver.get(page.as_uri())
        interactive.append(driver.execute_script("return performance.getEntriesByType('navigation')[0].domInteractive;"))
        shown.append(driver.execute_async_script(f"""
            const done = arguments[arguments.length - 1];
            const check = () => {{
              const row = document.querySelector({json.dumps(rows_selector)});
              if (row && row.getBoundingClientRect().height > 0) done(performance.now()); else requestAnimationFrame(check);
            }};
            check();"""))
        if search:
            # A large report builds its passing rows from data after the page is read; the
            # search field shows once they are all in place, and only then can it be typed in.
            ready.append(wait_until_ready(driver))
            searched.append(driver.execute_async_script("""
                const done = arguments[arguments.length - 1];
                const field = document.getElementById('search-field');
                field.value = arguments[0];
                field.dispatchEvent(new Event('input', { bubbles: true }));
                const check = () => {
                  const rows = document.querySelectorAll('li.row:not([hidden])');
                  if (rows.length === 1) done(performance.now()); else requestAnimationFrame(check);
                };
                check();""", search))
        if browse:
            driver.get(page.as_uri())
            wait_until_ready(driver)
            for name, script in BROWSE_STEPS:
                steps[name].append(browse_step(driver, script))
    figures = {"interactive_ms": statistics.median(interactive), "rows_shown_ms": statistics.median(shown)}
    if searched:
        figures["ready_ms"] = statistics.median(ready)
        figures["searched_ms"] = statistics.median(searched)
    if browse:
        figures["browse_ms"] = {name: statistics.median(times) for name, times in steps.items()}
    return figures


def measure(work, almanac, python, timed, make_driver):
    """The figures for RESULTS.md; `timed(command)` gives (wall seconds, peak MiB)."""
    folder = work / "test-report"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    print(f"  test report: pytest runs {TESTS:,} tests for both reports…", flush=True)
    now, pytest_html = run_pytest(folder, python)
    previous = baseline(folder, str(almanac), now)
    history = folder / "history.ndjson"
    earlier = history_lines()
    walls, peaks = [], []
    for _ in range(3):
        history.write_text(earlier)
        wall, peak = timed([str(almanac), "render", str(now), "--single-file", "--format", "html,md", "--output",
                            str(folder / "out"), "--name", "report", "--baseline", str(previous), "--history", str(history),
                            "--quiet"])
        walls.append(wall)
        peaks.append(peak)
    page = folder / "out" / "report.html"
    markdown = (folder / "out" / "report.md").read_text()
    figures = {
        "tests": TESTS, "render_wall": statistics.median(walls), "render_peak_mib": statistics.median(peaks),
        "html_bytes": page.stat().st_size, "markdown_bytes": len(markdown.encode()),
        "pytest_html_bytes": pytest_html.stat().st_size, "summary": markdown.split("\n")[2].strip("*"),
        "history_runs": len(history.read_text().splitlines()),
    }
    driver = make_driver()
    # pytest-html's page of 50,000 tests takes minutes to open: the driver waits for it.
    driver.command_executor._client_config.timeout = 1800
    driver.set_script_timeout(1800)
    driver.set_page_load_timeout(1800)
    try:
        figures["almanac"] = open_in_browser(driver, page, "li.row", search="test_case[49957]", browse=True)
        figures["pytest_html"] = open_in_browser(driver, pytest_html, "#results-table tbody.results-table-row tr", openings=1)
    finally:
        driver.quit()
    shutil.rmtree(folder, ignore_errors=True)
    print(f"  test report of {TESTS:,} tests: rendered in {figures['render_wall']:.2f} s, "
          f"HTML {figures['html_bytes'] / 2**20:.1f} MiB (pytest-html {figures['pytest_html_bytes'] / 2**20:.1f} MiB)", flush=True)
    return figures


def lines(report):
    """RESULTS.md's section."""
    if not report or "error" in report:
        return [f"Not measured: {report.get('error') if report else 'skipped'}."]
    a, p = report["almanac"], report["pytest_html"]
    return [
        f"Measured {report.get('measured', '')}. pytest ran {report['tests']:,} tests (every 50th failing with a 30-line "
        "message) and wrote both pytest-html's self-contained report and the JUnit XML Almanac read: "
        "`almanac render now.xml --single-file --format html,md --baseline before.json --history history.ndjson`, "
        f"compared with the previous run and with {report['history_runs'] - 1} earlier runs.",
        "",
        f"- Render: {report['render_wall']:.2f} s, peak {report['render_peak_mib']:.0f} MiB (medians of 3).",
        f"- HTML: {report['html_bytes'] / 2**20:.1f} MiB, against pytest-html's {report['pytest_html_bytes'] / 2**20:.1f} MiB "
        f"(ratio {report['html_bytes'] / report['pytest_html_bytes']:.2f}); the Markdown {report['markdown_bytes'] / 1024:.0f} KiB.",
        f"- Summary line: {report['summary']}",
        "",
        "Opened from file:// in headless Chromium (Almanac's the median of 5 openings; pytest-html's, which takes minutes, one):",
        "",
        "| | document interactive | first rows on screen | every row listed, search shown | a search answered |",
        "|---|---:|---:|---:|---:|",
        f"| Almanac | {a['interactive_ms']:.0f} ms | {a['rows_shown_ms']:.0f} ms | {a.get('ready_ms', 0):.0f} ms | {a['searched_ms']:.0f} ms |",
        f"| pytest-html | {p['interactive_ms']:.0f} ms | {p['rows_shown_ms']:.0f} ms | — | — |",
        f"| ratio | {a['interactive_ms'] / p['interactive_ms']:.2f} | {a['rows_shown_ms'] / p['rows_shown_ms']:.2f} | | |",
        "",
        "Almanac's page carries its failures as HTML and its passing tests as compact data, which its script lists a few "
        "hundred rows to a task once the page is read; the times are from the start of navigation.",
    ] + browse_lines(a.get("browse_ms"))


def browse_lines(browse):
    """The filter panel and Sort by on the same page; pytest-html has neither."""
    if not browse:
        return []
    names = {
        "tick_failed": "tick Status: failed (1,000 of 50,000 rows show)", "untick_failed": "untick it (all show again)",
        "sort_by_time": "Sort by time, highest first (one flat list)", "sections_again": "back to the sections",
    }
    return [
        "",
        "The filter panel and Sort by on the same page, each from the click to the next frame drawn (median of 5):",
        "",
        "| action | time |",
        "|---|---:|",
    ] + [f"| {names[name]} | {browse[name]:.0f} ms |" for name, _ in BROWSE_STEPS]


def targets(report):
    """(what, figure, met) rows for the targets table."""
    if not report or "error" in report:
        return []
    a = report["almanac"]
    ratio = report["html_bytes"] / report["pytest_html_bytes"]
    sort = a.get("browse_ms", {}).get("sort_by_time")
    return [
        (f"test report of {report['tests']:,} tests rendered in ≤ 2 s (baseline, history of 30)",
         f"{report['render_wall']:.2f} s", report["render_wall"] <= 2),
        (f"test report of {report['tests']:,} tests interactive in ≤ 500 ms (file://)", f"{a['interactive_ms']:.0f} ms",
         a["interactive_ms"] <= 500),
        (f"test report of {report['tests']:,} tests sorted by time in ≤ 150 ms (click to next frame)",
         "not measured" if sort is None else f"{sort:.0f} ms", sort is not None and sort <= 150),
        (f"test report of {report['tests']:,} tests: HTML at most half of pytest-html's", f"{ratio:.2f} "
         f"({report['html_bytes'] / 2**20:.1f} MiB vs {report['pytest_html_bytes'] / 2**20:.1f} MiB)", ratio <= 0.5),
    ]


if __name__ == "__main__":
    sys.exit("run through bench.py: `make bench BENCH_ARGS=--test-report-only`")

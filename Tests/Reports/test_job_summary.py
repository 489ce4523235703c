"""The Markdown twin of a test report, read by a GFM parser as GitHub reads a job summary:
under its byte budget at every size, tables and code blocks whole, no HTML from the data, and
the cut said in a last line."""

import html
import os
import pathlib
import re
import subprocess
import sys

import pytest
from markdown_it import MarkdownIt

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from junit_fixture import TRACE_END, failing_name, report  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
# Absolute, since some tests run it from another folder.
ALMANAC = os.path.abspath(os.environ.get("ALMANAC_BIN", str(ROOT / ".build" / "debug" / "almanac")))
# The only raw HTML the Markdown may hold: the tags Almanac writes around a failure's details.
# Almanac's own folds, labelled in its own words: no HTML comes from the data.
ALLOWED_HTML = re.compile(
    r"<details>\n<summary>(Details|Slowest tests|Time by suite \([\d,]+ suites?\)|[\d,]+ tests? removed since the baseline)</summary>\n"
    r"|</details>\n")
CASES = 4000
FAILURES = [number for number in range(CASES) if number % 50 == 7]


def render(folder, cases, *options):
    data = folder / "results.xml"
    data.write_text(report(cases))
    out = folder / "out"
    subprocess.run([ALMANAC, "render", str(data), "--format", "md,html", "--output", str(out), "--quiet", *options], check=True)
    return (out / "results.md").read_bytes()


def parse(markdown):
    parser = MarkdownIt("commonmark").enable("table")
    return parser.parse(markdown), parser.render(markdown)


def check_gfm(markdown):
    tokens, rendered = parse(markdown)
    raw = [token.content for token in tokens if token.type == "html_block"]
    assert all(ALLOWED_HTML.fullmatch(block) for block in raw), f"raw HTML from the data: {set(raw)}"
    assert sum(block.startswith("<details>") for block in raw) == raw.count("</details>\n"), "every fold is closed"
    inline = [child for token in tokens if token.children for child in token.children if child.type == "html_inline"]
    assert inline == [], "no inline HTML"
    assert "<b>" not in rendered and "<script>" not in rendered
    # Each table is a table: its head and every body row have the same cells.
    assert markdown.count("\n| --- |") == sum(1 for token in tokens if token.type == "table_open")
    # A failure's text is in its code block whole, whatever fences or tags it holds.
    traces = [token.content for token in tokens if token.type == "fence" and token.content.startswith("Traceback")]
    for trace in traces:
        assert trace.endswith("    at step 29 (" + trace.split("at step 29 (", 1)[1].split("\n", 1)[0] + "\n" + TRACE_END + "\n")
    return tokens, rendered


@pytest.mark.parametrize("budget", [200_000, 65_535, 16_384])
def test_a_large_report_fits_its_budget_and_says_what_it_left_out(tmp_path, budget):
    markdown = render(tmp_path, CASES, "--max-bytes", str(budget))
    assert len(markdown) <= budget
    text = markdown.decode()
    tokens, rendered = check_gfm(text)
    assert text.startswith("# Test report\n\n**4,000 tests: 80 failed, 41 skipped, 3,879 passed")
    last = text.rstrip("\n").rsplit("\n", 1)[1]
    assert last.startswith(f"*Left out to stay under {budget:,} bytes: ")
    assert last.endswith("The full report: [results.html](results.html).*")
    if budget >= 65_535:
        # Every failure is named, in full or as a row; the passes are counted by suite.
        for number in FAILURES:
            assert html.escape(failing_name(number), quote=False) in rendered
        assert "<th>Suite</th>\n<th>Tests</th>\n<th>Time</th>" in rendered
        # The skips are listed while they fit; at 64 KiB they are counted too.
        counted = "3,879 tests in passed" if budget == 200_000 else "3,920 tests in skipped and passed"
        assert f"the list of {counted} (counted by suite)" in last


def test_a_report_under_its_budget_is_whole(tmp_path):
    markdown = render(tmp_path, CASES).decode()
    check_gfm(markdown)
    assert "Left out" not in markdown
    assert markdown.count("<details>\n<summary>Details</summary>") == len(FAILURES)
    assert markdown.endswith("*and 20 more*\n\n</details>\n"), "the time by suite, last, its first 20 suites"
    listed = markdown.split("<details>\n<summary>Slowest tests", 1)[0]
    assert listed.count("\n| pkg.module_") == 0 and listed.count("| pkg.module\\_") == CASES - len(FAILURES)


def test_a_report_is_kept_under_a_job_summarys_limit_by_default(tmp_path):
    markdown = render(tmp_path, 16_000)
    assert len(markdown) > 0 and len(markdown) <= 1_000_000
    text = markdown.decode()
    check_gfm(text)
    assert "*Left out to stay under 1,000,000 bytes: " in text

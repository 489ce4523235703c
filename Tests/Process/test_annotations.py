"""`render --annotations github` on reports pytest wrote, run from the project's folder as a CI
step runs it: each failure lands on the line that failed, found from the traceback, whether the
report names the file (xunit1, with pytest's 0-based lines) or only the class (xunit2)."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
ALMANAC = os.path.abspath(os.environ.get("ALMANAC_BIN", str(ROOT / ".build" / "debug" / "almanac")))
SAMPLE = ROOT / "Tests" / "Samples" / "pytest"
SOURCE = (SAMPLE / "tests" / "test_parser.py").read_text().splitlines()


def annotate(report, cwd, tmp_path):
    result = subprocess.run(
        [ALMANAC, "render", str(report), "--format", "md", "--output", str(tmp_path / "out"), "--name", "report",
         "--annotations", "github", "--quiet"],
        cwd=cwd, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return [line for line in result.stdout.splitlines() if line.startswith("::")]


@pytest.mark.parametrize("family", ["xunit1", "xunit2"])
def test_failures_land_on_the_failing_line(family, tmp_path):
    lines = annotate(SAMPLE / f"pytest-{family}.xml", SAMPLE, tmp_path)
    assert [line.split("::")[1] for line in lines] == [
        "error file=tests/test_parser.py,line=13,title=test_reads_negative",
        "error file=tests/test_parser.py,line=27,title=test_uses_fixture",
    ]
    # The lines named are the assertion and the fixture's raise, in the file as it is.
    assert SOURCE[12].strip().startswith('assert parse("-7") == 7')
    assert SOURCE[26].strip() == 'raise RuntimeError("fixture could not start")'


def test_a_report_whose_files_are_not_here_says_so(tmp_path):
    lines = annotate(SAMPLE / "pytest-xunit2.xml", tmp_path, tmp_path)
    assert lines == [
        "::notice title=Test report::2 failing tests name no source file: the report gives no file, and none was found"
        f" from the class name. All 2 are in the report: {tmp_path / 'out' / 'report.md'}",
    ]

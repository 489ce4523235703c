"""`render --annotations github` on reports pytest wrote, run from the project's folder as a CI
step runs it: each failure lands on the line that failed, found from the traceback, whether the
report names the file (xunit1, with pytest's 0-based lines) or only the class (xunit2)."""

import os
import pathlib
import shutil
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
        f" from the class name or the traceback. All 2 are in the report: {tmp_path / 'out' / 'report.md'}",
    ]


SAMPLES = ROOT / "Tests" / "Samples"


def test_go_failures_are_found_in_their_package(tmp_path):
    """gotestsum names a test's package, and its output the file by name alone: with go.mod
    in the job's folder, the file is the package's."""
    lines = annotate(SAMPLES / "go" / "gotestsum.xml", SAMPLES / "go", tmp_path)
    assert lines[:3] == [
        "::error file=calc/calc_test.go,line=13,title=TestDivide::Divide(7, 2) = 4, want 3",
        "::error file=calc/calc_test.go,line=25,title=TestTable/#00::Divide(4, 2) = 3",
        "::error file=calc/calc_test.go,line=25,title=TestTable/#01::Divide(9, 3) = 4",
    ]
    assert lines[3].startswith("::notice title=Test report::1 failing test names no source file")


@pytest.mark.parametrize("report,build_root,file,line", [
    ("jest/junit.xml", "/home/runner/work/acme/acme", "src/calc.test.js", 9),
    ("dotnet/xunit.xml", "/src", "Acme.Tests/CalcTests.cs", 21),
    ("dotnet/TestResult.xml", "/src", "Acme.Tests/CalcTests.cs", 21),
    ("dotnet/results.trx", "/src", "Acme.Tests/CalcTests.cs", 21),
])
def test_a_traceback_under_the_jobs_folder_names_the_file(tmp_path, report, build_root, file, line):
    """Jest and .NET name files by the absolute path the tests ran in: the job's own folder. The
    sample's paths are moved to this test's folder, as if the job had run here."""
    job = tmp_path / "job"
    (job / file).parent.mkdir(parents=True)
    (job / file).write_text("// the test\n")
    moved = tmp_path / pathlib.Path(report).name
    moved.write_text((SAMPLES / report).read_text().replace(build_root, str(job)))
    lines = annotate(moved, job, tmp_path)
    assert lines[0].startswith(f"::error file={file},line={line},title=")


def test_go_count_two_annotates_the_failed_run(tmp_path):
    lines = annotate(SAMPLES / "go-count" / "gotestsum-count2.xml", SAMPLES / "go-count", tmp_path)
    assert lines == [
        "::error file=cache/cache_test.go,line=8,title=TestPut::Put(a) refused: the store kept a from an earlier run",
    ]


def test_node_failures_land_on_their_files(tmp_path):
    """Node's own JUnit reporter, run here on `Tests/Samples/node`: a CommonJS frame names its
    file by path, an ES module's by `file:///` URL, and both land on the failing line."""
    project = tmp_path / "shop"
    shutil.copytree(SAMPLES / "node" / "test", project / "test")
    run = subprocess.run(
        ["node", "--test", "--test-reporter=junit", "--test-reporter-destination=junit.xml", "test/"],
        cwd=project, capture_output=True, text=True, timeout=120)
    assert run.returncode == 1, run.stderr  # three tests fail, as written
    assert "file:///" in (project / "junit.xml").read_text()
    lines = annotate(project / "junit.xml", project, tmp_path)
    assert [line.split("::")[1] for line in lines] == [
        "error file=test/cart.test.js,line=10,title=totals the prices",
        "error file=test/cart.test.js,line=17,title=refunds",
        "error file=test/price.test.mjs,line=9,title=formats a price",
    ]
    report = (tmp_path / "out" / "report.md").read_text()
    assert report.startswith("# cart, checkout\n")

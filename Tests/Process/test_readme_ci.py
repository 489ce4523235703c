"""The README's GitHub Actions step, run as written: its `run:` script from the README itself,
with `almanac` on the PATH and GitHub's variables set as a runner sets them, over one results
file and over several. The step must append the report to the job summary, leave the file the
upload step names, print annotations, and still fail the job when a test failed."""

import json
import os
import pathlib
import re
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
ALMANAC = os.path.abspath(os.environ.get("ALMANAC_BIN", str(ROOT / ".build" / "debug" / "almanac")))

PASSING = """<testsuite name="tests.test_lib"><testcase classname="tests.test_lib" name="test_ok" time="0.2"/></testsuite>"""
FAILING = """<testsuite name="tests.test_api">
<testcase classname="tests.test_api" name="test_broken" file="tests/test_api.py" line="12" time="0.4">
<failure message="assert 1 == 2">E   assert 1 == 2</failure></testcase></testsuite>"""


def readme_step():
    """The CI section's YAML: the step's shell script and the path its upload step names."""
    section = (ROOT / "README.md").read_text().split("## In CI", 1)[1]
    block = section.split("```yaml\n", 1)[1].split("```", 1)[0]
    script = block.split("run: |\n", 1)[1].split("\n- uses:", 1)[0]
    upload_step = block.split("- uses: actions/upload-artifact", 1)[1]
    upload = re.search(r"^\s+path: (\S+)$", upload_step, re.M).group(1)
    lines = [line[4:] for line in script.splitlines()]
    return "\n".join(lines) + "\n", upload


def github_expressions(script):
    values = {"github.server_url": "https://github.com", "github.repository": "acme/widgets", "github.run_id": "4242"}
    return re.sub(r"\$\{\{\s*([\w.]+)\s*\}\}", lambda match: values[match.group(1)], script)


def runner_environment(tmp_path, summary_text):
    """`almanac` on the PATH and a job summary file, as a runner gives a step."""
    tools = tmp_path / "bin"
    tools.mkdir()
    (tools / "almanac").symlink_to(ALMANAC)
    summary = tmp_path / "summary.md"
    summary.write_text(summary_text)
    return dict(os.environ, PATH=f"{tools}:{os.environ['PATH']}", GITHUB_STEP_SUMMARY=str(summary)), summary


PASSING_BROKEN = PASSING.replace('time="0.2"/>', 'time="0.2"><failure message="now broken"/></testcase>')
FAILING_FIXED = FAILING.replace('<failure message="assert 1 == 2">E   assert 1 == 2</failure>', "")


@pytest.mark.parametrize("files", [{"junit.xml": FAILING},
                                   {"unit.xml": PASSING, "api.xml": FAILING, "more.xml": PASSING.replace("test_ok", "test_more")}],
                         ids=["one file", "several files"])
def test_the_readme_step_runs_as_written(tmp_path, files):
    """Two runs of the step in one job folder, as the cache steps would keep it: the first has
    no baseline; the second compares with the first."""
    script, upload = readme_step()
    assert "almanac render" in script
    reports = tmp_path / "reports"
    reports.mkdir()
    for name, text in files.items():
        (reports / name).write_text(text)
    environment, summary = runner_environment(tmp_path, "earlier steps' summary\n")

    def run_step():
        return subprocess.run(["bash", "-e", "-c", github_expressions(script)], cwd=tmp_path, env=environment,
                              capture_output=True, text=True, timeout=60)

    step = run_step()
    assert step.returncode == 1, "a failed test fails the job: " + step.stderr
    assert "::error file=tests/test_api.py,line=12" in step.stdout, step.stdout
    assert "no baseline here" in step.stderr, "a first run says it has nothing to compare with"
    written = summary.read_text()
    assert written.startswith("earlier steps' summary\n"), "the report is appended"
    assert "test\\_broken" in written and "assert 1 == 2" in written
    cases = sum(text.count("<testcase") for text in files.values())
    assert f"**{cases} test{'s' if cases != 1 else ''}: 1 failed" in written, "every file is in the one report"
    assert (tmp_path / upload).is_file(), f"the upload step's {upload} is there"
    history = tmp_path / "test-history" / "history.ndjson"
    assert len(history.read_text().splitlines()) == 1, "the history the cache step keeps"

    # The next run: the failing test is fixed, and (with several files) another one breaks.
    for name, text in files.items():
        (reports / name).write_text(FAILING_FIXED if text == FAILING else PASSING_BROKEN if name == "unit.xml" else text)
    summary.write_text("")
    step = run_step()
    written = summary.read_text()
    assert "no baseline here" not in step.stderr
    assert [json.loads(line)["run"] for line in history.read_text().splitlines()] == [1, 2]
    assert "**Last runs:**" in written
    if len(files) == 1:
        assert step.returncode == 0, step.stderr
        assert "**1 test: 1 passed (1 fixed) · 400 ms**" in written, written
    else:
        assert step.returncode == 1
        assert "3 tests: 1 failed (1 new), 2 passed (1 fixed)" in written, written
        assert written.index("## new failure") < written.index("## fixed")


def run_readme_step(tmp_path, results):
    """The README's step once in a fresh job folder whose `reports/` holds `results` (name →
    path of a real runner's file), or no `reports/` at all when `results` is None."""
    script, _ = readme_step()
    if results is not None:
        (tmp_path / "reports").mkdir()
        for name, source in results.items():
            (tmp_path / "reports" / name).write_bytes(source.read_bytes())
    environment, summary = runner_environment(tmp_path, "")
    step = subprocess.run(["bash", "-e", "-c", github_expressions(script)], cwd=tmp_path, env=environment,
                          capture_output=True, text=True, timeout=60)
    return step, summary.read_text()


SAMPLES = ROOT / "Tests" / "Samples"


def test_the_readme_step_counts_runs_of_a_parameterised_suite(tmp_path):
    """Go's `-count=2` (two tests, four runs, one failed run): the job summary says both
    numbers, and the job fails on the failed run."""
    step, written = run_readme_step(tmp_path, {"go.xml": SAMPLES / "go-count" / "gotestsum-count2.xml"})
    assert step.returncode == 1, step.stderr
    assert "**2 tests, 4 runs: 1 failed, 3 passed · 0 ms · repeats counted as runs**" in written, written


def test_the_readme_step_says_when_no_results_were_written(tmp_path):
    """A test step that wrote no results: the pattern matches nothing, the job summary says so,
    and `--fail-on empty` fails the job."""
    step, written = run_readme_step(tmp_path, None)
    assert step.returncode == 1, step.stderr
    assert "no test ran" in step.stderr
    assert "**No test results were found in reports/\\*.xml.**" in written, written

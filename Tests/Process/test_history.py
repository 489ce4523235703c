"""`render --history` with real processes: runs of one job's history written at the same
moment all land, one line each, and a render killed at any moment leaves the history whole,
every line a run that Python's own JSON reader reads."""

import concurrent.futures
import json
import os
import pathlib
import random
import signal
import subprocess
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
ALMANAC = os.path.abspath(os.environ.get("ALMANAC_BIN", str(ROOT / ".build" / "debug" / "almanac")))

RESULTS = """<testsuites name="run"><testsuite name="s">{}</testsuite></testsuites>"""


def results(tmp_path, number):
    cases = "".join(
        f'<testcase classname="tests.t" name="test_{index}" time="0.01">'
        + ('<failure message="no"/>' if (index + number) % 7 == 0 else "") + "</testcase>"
        for index in range(200))
    path = tmp_path / f"r{number}.xml"
    path.write_text(RESULTS.format(cases))
    return path


def render(tmp_path, number, history):
    return [ALMANAC, "render", str(results(tmp_path, number)), "--format", "json", "--output", str(tmp_path / f"out{number}"),
            "--history", str(history), "--quiet"]


def runs(history):
    lines = history.read_text().splitlines()
    return [json.loads(line) for line in lines]


def test_runs_written_at_once_all_land(tmp_path):
    history = tmp_path / "cache" / "history.ndjson"
    with concurrent.futures.ThreadPoolExecutor(max_workers=12) as pool:
        done = list(pool.map(lambda n: subprocess.run(render(tmp_path, n, history), capture_output=True, timeout=120), range(12)))
    assert all(result.returncode == 0 for result in done), [result.stderr for result in done]
    recorded = runs(history)
    assert [run["run"] for run in recorded] == list(range(1, 13)), "each run numbered after the one before it"
    assert all(run["tests"] == 200 and len(run["failing"]) == run["failed"] for run in recorded)


def test_a_killed_render_leaves_the_history_whole(tmp_path):
    history = tmp_path / "history.ndjson"
    subprocess.run(render(tmp_path, 0, history), check=True, timeout=60)
    finished = 1
    random.seed(7)
    for number in range(1, 21):
        process = subprocess.Popen(render(tmp_path, number, history), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(random.uniform(0, 0.25))
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=60)
        if process.returncode == 0:
            finished += 1
        recorded = runs(history)  # every line is whole JSON, or this raises
        numbers = [run["run"] for run in recorded]
        assert numbers == list(range(1, len(numbers) + 1))
        assert finished <= len(recorded) <= number + 1
    leftovers = [name for name in os.listdir(tmp_path) if name.startswith(".history.ndjson.almanac-")]
    subprocess.run(render(tmp_path, 99, history), check=True, timeout=60)
    assert [name for name in os.listdir(tmp_path) if name.startswith(".history.ndjson.almanac-")] == [], leftovers

"""Builds of one site take turns: a build waits, and says so, while another holds the site's
build lock (`.almanac/build.lock`), and `almanac build` beside a rebuilding `almanac serve`
succeeds rather than tripping over the other's output folder."""

import fcntl
import pathlib
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from serve_fixture import ALMANAC, Served  # noqa: E402


def test_a_build_waits_for_the_lock_and_says_so(tmp_path):
    site = tmp_path / "site"
    subprocess.run([ALMANAC, "init", str(site)], check=True, capture_output=True)
    lock_path = site / ".almanac" / "build.lock"
    lock_path.parent.mkdir(exist_ok=True)
    with open(lock_path, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        build = subprocess.Popen([ALMANAC, "build"], cwd=site, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        waiting = build.stderr.readline()
        assert waiting.startswith("Waiting for another build of this site to finish"), waiting
        time.sleep(1)
        assert build.poll() is None, "the build waits while the lock is held"
        assert not (site / "Output").exists()
    out, err = build.communicate(timeout=60)
    assert build.returncode == 0, err
    assert out.startswith("Built 1 page")
    assert (site / "Output" / "planets.html").exists()


def test_build_beside_a_rebuilding_serve_succeeds_every_time(tmp_path):
    server = Served(tmp_path / "site")
    try:
        content = server.folder / "Content"
        rows = "name,city\n" + "".join(f"Item {i:05},City {i}\n" for i in range(3000))
        (content / "items.md").write_text("---\ndata: items.csv\ndetail: true\n---\n")
        for round in range(4):
            (content / "items.csv").write_text(rows.replace("Item 00007,City 7\n", f"Item 00007,City 7 round {round}\n"))
            time.sleep(0.15)
            result = subprocess.run([ALMANAC, "build"], cwd=server.folder, capture_output=True, text=True, timeout=120)
            assert result.returncode == 0, result.stderr
        assert server.process.poll() is None
        time.sleep(2)
        final = subprocess.run([ALMANAC, "build"], cwd=server.folder, capture_output=True, text=True, timeout=120)
        assert final.returncode == 0, final.stderr
        assert "City 7 round 3" in (server.folder / "Output" / "items" / "item-00007.html").read_text()
    finally:
        assert server.stop() == 0

"""A long build shows its progress on a terminal, as one line updated in place, and prints none
of it to a pipe or in a CI job."""

import os
import pathlib
import pty
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
# Absolute, since some tests run it from another folder.
ALMANAC = os.path.abspath(os.environ.get("ALMANAC_BIN", str(ROOT / ".build" / "debug" / "almanac")))
UPDATE = b"\r\x1b[K"


def site(tmp_path):
    content = tmp_path / "Content"
    content.mkdir()
    (content / "items.csv").write_text("name,n\n" + "".join(f"item {i},{i}\n" for i in range(20000)))
    (content / "items.md").write_text("---\ndata: items.csv\ndetail: true\n---\n")
    return tmp_path


def on_terminal(folder, environment):
    """Runs a build on a pseudo-terminal; returns everything the terminal received."""
    pid, descriptor = pty.fork()
    if pid == 0:
        os.chdir(folder)
        os.execve(ALMANAC, [ALMANAC, "build", "--no-cache"], environment)
    received = b""
    while True:
        try:
            chunk = os.read(descriptor, 65536)
        except OSError:
            break
        if not chunk:
            break
        received += chunk
    os.waitpid(pid, 0)
    return received


def test_a_terminal_sees_one_updating_line_then_the_summary(tmp_path):
    environment = {key: value for key, value in os.environ.items() if key != "CI"}
    received = on_terminal(site(tmp_path), environment)
    assert UPDATE in received
    last = received.rsplit(UPDATE, 1)[1]
    assert last.startswith(b"Built 1 page, 20,000 rows: rendered 20,011 files"), "the line is cleared before the summary"
    # A share, not a count of files that could disagree with the summary's (one part of a
    # page writes many files); numbers grouped alike in both.
    assert b"Building 1 page, 20,000 rows: " in received and b"% written" in received
    assert b" of " not in received.split(b"Built", 1)[0]
    assert b"\n" not in received.split(b"Built", 1)[0], "progress stays on one line"


def test_ci_and_pipes_get_no_progress(tmp_path):
    folder = site(tmp_path)
    received = on_terminal(folder, {**os.environ, "CI": "true"})
    assert UPDATE not in received and received.startswith(b"Built 1 page")
    piped = subprocess.run([ALMANAC, "build", "--no-cache"], cwd=folder, capture_output=True, check=True,
                           env={key: value for key, value in os.environ.items() if key != "CI"})
    assert UPDATE not in piped.stdout and piped.stdout.startswith(b"Built 1 page")

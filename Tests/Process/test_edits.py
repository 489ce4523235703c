"""`almanac add` and `remove` with real processes and real faults: edits at the same moment
all land, a write the kernel refuses leaves the file as it was, and an edit killed at any
moment leaves the old file or the new one, never a torn one.

ALMANAC_EDIT_KILLS sets the number of random kills (the suite runs 20).
"""

import concurrent.futures
import csv
import json
import os
import pathlib
import random
import signal
import subprocess
import time

import pytest
import yaml

ROOT = pathlib.Path(__file__).resolve().parents[2]
# Absolute, since some tests run it from another folder.
ALMANAC = os.path.abspath(os.environ.get("ALMANAC_BIN", str(ROOT / ".build" / "debug" / "almanac")))
KILLS = int(os.environ.get("ALMANAC_EDIT_KILLS", "20"))


def add(path, *pairs, check=True, prefix=()):
    return subprocess.run([*prefix, ALMANAC, "add", str(path), *pairs, "--quiet"], capture_output=True, text=True,
                          check=check, timeout=60)


@pytest.mark.parametrize("name,text", [
    ("people.csv", "name,n\r\nfirst,0\r\n"),
    ("people.json", '[\n  {"name": "first", "n": 0}\n]\n'),
    ("people.yaml", "- name: first\n  n: 0\n"),
])
def test_fifty_adds_at_once_all_land(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, newline="")
    with concurrent.futures.ThreadPoolExecutor(max_workers=50) as pool:
        results = list(pool.map(lambda i: add(path, f"name=p{i:02d}", f"n={i}", check=False), range(50)))
    assert [r.returncode for r in results] == [0] * 50, [r.stderr for r in results if r.returncode]
    data = path.read_bytes().decode()
    names = sorted(line.split('"name": "')[1].split('"')[0] if name.endswith("json") else
                   line.split("name: ")[1].strip() if name.endswith("yaml") else line.split(",")[0]
                   for line in data.splitlines() if ("p" in line and ("name" in line or name.endswith("csv"))))
    assert names == [f"p{i:02d}" for i in range(50)]
    if name.endswith("json"):
        assert len(json.loads(data)) == 51
    if name.endswith("csv"):
        assert data.count("\r\n") == 52 and "\n" not in data.replace("\r\n", "")
    assert sorted(p.name for p in tmp_path.iterdir()) == [name], "no temporary files left"


def test_a_write_the_kernel_refuses_leaves_the_file(tmp_path):
    """RLIMIT_FSIZE below the file's size: writing the new version fails with EFBIG."""
    path = tmp_path / "big.csv"
    rows = "".join(f"row {i},{i}\n" for i in range(20000))
    path.write_text("name,n\n" + rows)
    before = path.read_bytes()
    result = add(path, "name=new", "n=1", check=False, prefix=("prlimit", f"--fsize={len(before) // 2}"))
    assert result.returncode == 1
    assert "cannot write the data file, which is unchanged" in result.stderr
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.csv"]


def test_an_edit_killed_at_any_moment_leaves_a_whole_file(tmp_path):
    path = tmp_path / "items.csv"
    path.write_text("name,n\n" + "".join(f"item {i},{i}\n" for i in range(50000)))
    rng = random.Random(2026)
    # Kills fall anywhere in an edit's run, from start-up to after it is done.
    started = time.monotonic()
    add(path, "name=timed", "n=0")
    duration = time.monotonic() - started
    rows = 50001
    outcomes = {"old": 0, "new": 0}
    for attempt in range(KILLS):
        process = subprocess.Popen([ALMANAC, "add", str(path), f"name=kill {attempt}", f"n={attempt}", "--quiet"])
        time.sleep(rng.uniform(0, duration * 1.2))
        process.send_signal(signal.SIGKILL)
        process.wait()
        with path.open(newline="") as file:
            records = list(csv.reader(file))
        count = len(records) - 1
        assert count in (rows, rows + 1), f"torn file after kill {attempt}: {count} rows"
        assert all(len(record) == 2 for record in records)
        outcomes["new" if count == rows + 1 else "old"] += 1
        rows = count
    # The next edit clears what a killed one left behind.
    add(path, "name=after", "n=0")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["items.csv"]
    print(f"\n{KILLS} kills of an edit: the file was the old one {outcomes['old']} times, the new one {outcomes['new']} times, torn 0 times")


def test_an_edit_keeps_the_files_permissions(tmp_path):
    path = tmp_path / "private.csv"
    path.write_text("name\nA\n")
    path.chmod(0o640)
    add(path, "name=B")
    assert path.stat().st_mode & 0o777 == 0o640
    assert path.read_text() == "name\nA\nB\n"


# Text that YAML 1.1 (PyYAML, most tools) or 1.2 would read as something else if written plain.
TRICKY = ["NO", "no", "Yes", "y", "on", "OFF", "~", "null", "0x10", "0o17", "017", "000", "0b101", "1_000", "1:30",
          "190:20:30", "1e3", ".5", "-.inf", ".NaN", "2024-01-02", "2024-1-2 10:00", "<<", "=", " padded", "trailing ",
          "a: b", "a #b", "- item", "? q", "[x]", "{y}", "*ref", "&anchor", "!tag", "|", ">", "'q'", '"dq"', "%x", "@x",
          "`x", "#c", "12:30:45.5", "+12", "-0", "3.", "1.10", "true", "FALSE", "Null", "", "ünïcödé", "emoji 🐦"]


@pytest.mark.parametrize("loader", ["SafeLoader", "CSafeLoader"])
def test_every_added_value_reads_back_as_the_same_text_in_pyyaml_and_libyaml(tmp_path, loader):
    """Each value added as text comes back as that text, from PyYAML's own parser and from
    libyaml's (the C parser most other tools use)."""
    path = tmp_path / "codes.yaml"
    path.write_text("- name: first\n  code: X\n")
    for index, value in enumerate(TRICKY):
        result = add(path, f"name=n{index}", f"code={value}", "--string", check=False)
        assert result.returncode == 0, (value, result.stderr)
    read = yaml.load(path.read_text(), Loader=getattr(yaml, loader))
    assert [row["code"] for row in read[1:]] == TRICKY
    assert all(isinstance(row["code"], str) for row in read)


def test_a_binary_plist_another_tool_wrote_keeps_its_entry_order_through_add_and_remove(tmp_path):
    """plistlib writes the entries in the order given (not sorted): add appends after them and
    leaves every other entry where it was; removing the added one gives the same entries back,
    in the same order, each record's own keys too."""
    import plistlib
    site = tmp_path / "site"
    (site / "Content").mkdir(parents=True)
    countries = {"Zimbabwe": {"code": "ZW", "capital": "Harare"}, "Aruba": {"code": "AW", "capital": "Oranjestad"},
                 "Chile": {"capital": "Santiago", "code": "CL"}}
    path = site / "Content" / "countries.plist"
    path.write_bytes(plistlib.dumps(countries, fmt=plistlib.FMT_BINARY, sort_keys=False))
    (site / "Content" / "countries.md").write_text("---\ndata: countries.plist\nkey: name\n---\n")
    result = subprocess.run([ALMANAC, "add", "Content/countries.plist", "name=Belize", "code=BZ", "capital=Belmopan"],
                            cwd=site, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    added = plistlib.loads(path.read_bytes())
    assert list(added) == ["Zimbabwe", "Aruba", "Chile", "Belize"]
    assert list(added["Chile"]) == ["capital", "code"]
    assert added["Belize"] == {"code": "BZ", "capital": "Belmopan"}
    result = subprocess.run([ALMANAC, "remove", "Content/countries.plist", "--where", "name=Belize"],
                            cwd=site, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    back = plistlib.loads(path.read_bytes())
    assert list(back) == list(countries) and back == countries
    assert [list(value) for value in back.values()] == [list(value) for value in countries.values()]

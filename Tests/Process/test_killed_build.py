"""A build killed at any moment leaves Output/ exactly the old tree or exactly the new one, and
the next build equals a build from scratch. Tried with the real binary and real kills:

- `kill -9` at random moments of builds that alternate between two versions of a site (so every
  build after the first is a reverted edit), with a warm cache, a cold one and `--no-cache`;
- one kill on entry to each step that touches the output or the cache: the first link of a
  reused file, the exchange that swaps the trees, the rename that saves the cache, and the
  deletions before and after the swap (strace injects SIGKILL at that system call).

ALMANAC_KILLS sets the number of random kills (the suite runs 24; run 200 by hand).
"""

import hashlib
import os
import pathlib
import random
import shutil
import signal
import subprocess
import tempfile
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
# Absolute, since some tests run it from another folder.
ALMANAC = os.path.abspath(os.environ.get("ALMANAC_BIN", str(ROOT / ".build" / "debug" / "almanac")))
KILLS = int(os.environ.get("ALMANAC_KILLS", "24"))
ROWS = 3000


def write_site(root, version):
    """Version "a" or "b" of a site: a large page with detail pages whose data differs between
    the versions, and a small page that never changes (so a warm build reuses it)."""
    content = root / "Content"
    (content / "static").mkdir(parents=True, exist_ok=True)
    rows = ["name,city,score"]
    for i in range(ROWS):
        score = i * 7 % 1000 if version == "a" or i % 10 else 999
        rows.append(f"Item {i:05d},City {i % 97},{score}")
    if version == "b":
        rows += [f"Extra {i},Nowhere,1" for i in range(50)]
    (content / "items.csv").write_text("\n".join(rows) + "\n")
    (content / "items.md").write_text(
        "---\ndata: items.csv\ndetail: true\nfields: [city, score]\n---\nItems, version %s.\n" % version)
    (content / "small.csv").write_text("name,note\nAlpha,one\nBeta,two\n")
    (content / "small.md").write_text("---\ndata: small.csv\ndetail: true\n---\nNever edited.\n")
    (content / "static" / "note.txt").write_text("static\n")


def build_command(root, *extra):
    # The binary's own templates: nothing outside the test's folder can change between builds.
    return [ALMANAC, "build", "--content", str(root / "Content"), "--output", str(root / "Output"), "--quiet", *extra]


def snapshot(folder):
    """Every file below `folder`, hidden ones included, by relative path → SHA-256."""
    if not folder.exists():
        return None
    files = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            files[str(path.relative_to(folder))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return files


@pytest.fixture(scope="module")
def references():
    """Each version built from scratch in a folder of its own: what Output/ must equal."""
    trees = {}
    for version in ("a", "b"):
        root = pathlib.Path(tempfile.mkdtemp(prefix=f"almanac-reference-{version}-"))
        write_site(root, version)
        subprocess.run(build_command(root, "--no-cache"), check=True)
        trees[version] = snapshot(root / "Output")
        shutil.rmtree(root)
    assert trees["a"] != trees["b"]
    return trees


@pytest.fixture
def site():
    root = pathlib.Path(tempfile.mkdtemp(prefix="almanac-killed-"))
    yield root
    shutil.rmtree(root, ignore_errors=True)


def which(tree, references):
    return next((version for version, reference in references.items() if tree == reference), None)


def test_random_kills_leave_the_old_tree_or_the_new(site, references):
    write_site(site, "a")
    started = time.monotonic()
    subprocess.run(build_command(site), check=True)
    duration = time.monotonic() - started
    seed = int(os.environ.get("ALMANAC_KILL_SEED", "2026"))
    generator = random.Random(seed)
    version = "a"
    outcomes = {"old": 0, "new": 0}
    for kill in range(KILLS):
        target = "b" if version == "a" else "a"
        before = which(snapshot(site / "Output"), references)
        assert before is not None, f"kill {kill}: Output/ was neither tree before the build"
        write_site(site, target)
        version = target
        extra = ["--no-cache"] if kill % 4 == 3 else []
        process = subprocess.Popen(build_command(site, *extra))
        time.sleep(generator.uniform(0, duration * 1.2))
        process.send_signal(signal.SIGKILL)
        process.wait()
        after = which(snapshot(site / "Output"), references)
        assert after in (before, target), f"kill {kill} (seed {seed}): Output/ is mixed or missing"
        outcomes["old" if after == before and before != target else "new"] += 1
    print(f"\n{KILLS} kills (seed {seed}): Output/ was the old tree {outcomes['old']} times, "
          f"the new tree {outcomes['new']} times, mixed or missing 0 times")
    subprocess.run(build_command(site), check=True)
    assert snapshot(site / "Output") == references[version]
    assert not (site / ".Output.new").exists() and not (site / ".Output.old").exists()


STEPS = [
    ("the first link of a reused file", "link", 1),
    ("a later link of a reused file", "link", 5),
    ("clearing a leftover staging folder", "rmdir", 1),
    ("the exchange that swaps the trees", "renameat2", 1),
    ("deleting the previous tree after the swap", "unlink", 1),
    ("the rename that saves the cache", "rename", 1),
]


@pytest.mark.skipif(shutil.which("strace") is None, reason="needs strace (make test installs it)")
@pytest.mark.parametrize("step,call,when", STEPS, ids=[step for step, _, _ in STEPS])
def test_a_kill_at_each_step_of_the_swap(site, references, step, call, when):
    write_site(site, "a")
    subprocess.run(build_command(site), check=True)
    # A leftover staging folder, as a killed build leaves one, so clearing it is a step too.
    (site / ".Output.new" / "leftover").mkdir(parents=True)
    write_site(site, "b")
    traced = subprocess.run(
        ["strace", "-f", "-qq", "-o", os.devnull, "-e", f"trace={call}", "-e", f"inject={call}:signal=KILL:when={when}",
         *build_command(site)])
    assert traced.returncode != 0, f"the build was not killed at {step}"
    after = which(snapshot(site / "Output"), references)
    assert after in ("a", "b"), f"killed at {step}: Output/ is mixed or missing"
    subprocess.run(build_command(site), check=True)
    assert snapshot(site / "Output") == references["b"], f"the build after a kill at {step} differs from one from scratch"

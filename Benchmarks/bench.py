#!/usr/bin/env python3
"""Almanac's benchmark: the same generated records built by Almanac and by Hugo in one run.

    python3 Benchmarks/bench.py [--sizes 1000,10000,100000] [--runs 5] [--million] [--no-browser] [--no-readers]

For each size it generates the records (the shared deterministic generator), then builds
alternately, each run into a fresh folder: Almanac (listing grouped by first letter with its
index, search data, Markdown and JSON twins, one detail page per record), Hugo (the equivalent
site; writing its content files first is not timed) and the floor (`cp -r` of Almanac's own
output on the same disk). It prints medians of wall time and peak memory with the ratios
Almanac ÷ Hugo and Almanac ÷ floor from the same run, times each data reader (CSV, TSV,
JSON, NDJSON, YAML, property list) at 10,000 and 100,000 rows, then writes Benchmarks/RESULTS.md.
Times vary on a shared machine; only the ratios within one run are meant to be compared.
"""

import argparse
import datetime
import json
import os
import pathlib
import platform
import shutil
import statistics
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from search_bench import almanac_search, search_figures  # noqa: E402
import browse_bench  # noqa: E402
import edit_bench  # noqa: E402
import report_bench  # noqa: E402
import typo_bench  # noqa: E402
ROOT = HERE.parent
SHARED = pathlib.Path(os.environ.get("ALMANAC_BENCH_SHARED", ROOT.parent / "shared" / "bench"))
ALMANAC = pathlib.Path(os.environ.get("ALMANAC_BIN", ROOT / ".build" / "release" / "almanac"))
WORK = pathlib.Path(os.environ.get("ALMANAC_BENCH_WORK", HERE / "work"))

PAGE = """---
title: Companies
data: records.json
label: name
group: first-letter
fields: [category, city, founded]
search: [name, category, city]
detail: {detail}
markdown: [description]
footer: "{{{{count}}}} records"
---
The benchmark's generated companies, grouped by the first letter of their names.
"""


def browser_driver():
    """The browser tests' way to start headless Chromium, or why there is none."""
    try:
        sys.path.insert(0, str(ROOT / "Tests" / "Browser"))
        from conftest import make_driver  # noqa: E402
    except Exception as error:  # Selenium missing
        return None, f"no browser: {error}"
    return make_driver, None


def timed(command, cwd=None):
    """Runs a command under GNU time; returns (wall seconds, peak resident MiB)."""
    report = WORK / "time.txt"
    started = time.monotonic()
    subprocess.run(["/usr/bin/time", "-o", str(report), "-f", "%e %M"] + command, cwd=cwd, check=True,
                   stdout=subprocess.DEVNULL)
    wall = time.monotonic() - started
    _, peak_kib = report.read_text().split()[-2:]
    return wall, int(peak_kib) / 1024


def warm(*paths):
    """Reads every input file once, just before a tool is timed reading it.

    This machine gives back memory pages nobody has touched for a while (DAMON's `pageout`
    scheme on physical memory is on), so a data file read by one run is often on the disk
    again by the next: a 100,000-row build once spent 1.2 s of its 6 waiting for its 47 MB of
    JSON, and whichever tool ran after a pause paid for it. Each tool's inputs are read right
    before it runs, as a second build in a row would find them.
    """
    for path in map(pathlib.Path, paths):
        files = [path] if path.is_file() else (p for p in path.rglob("*") if p.is_file())
        for file in files:
            with open(file, "rb") as handle:
                while handle.read(1 << 20):
                    pass


TRASH = WORK / "trash"


def remove(*paths):
    """Moves trees out of the way now and deletes them when the run is over.

    On ext4 without a journal (this machine's disk) the kernel passes over recently freed
    inodes when it allocates new ones, checking each on disk, for up to five and a half minutes
    after a deletion, so a build started after a large deletion spends most of its time in the
    kernel skipping them (seen in `perf`: `recently_deleted` under `ext4_create`; `cp -r` of
    10,000 files took 2.8 s instead of 0.5 s). A rename frees nothing, so no tool is timed
    against another's deletions.
    """
    TRASH.mkdir(parents=True, exist_ok=True)
    for path in paths:
        if os.path.lexists(path):
            # A number not yet used: the trash may have lost entries of an interrupted run.
            number = len(os.listdir(TRASH))
            while any(TRASH.glob(f"{number}-*")):
                number += 1
            os.rename(path, TRASH / f"{number}-{pathlib.Path(path).name}")


def empty_trash():
    shutil.rmtree(TRASH, ignore_errors=True)


def tree_size(folder):
    files = 0
    size = 0
    for dirpath, _, names in os.walk(folder):
        for name in names:
            files += 1
            size += os.lstat(os.path.join(dirpath, name)).st_size
    return files, size


def generate(n):
    data = WORK / "data"
    records = data / f"records-{n}.json"
    if not records.exists():
        data.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, str(SHARED / "gen_data.py"), str(n), "--out", str(data)], check=True,
                       stdout=subprocess.DEVNULL)
    return records


def almanac_site(n, records, detail=True, page=None, name=None):
    """The benchmark's site: `page` (the listing with or without detail pages by default) over
    the records, in `work/<name>`."""
    site = WORK / (name or f"almanac-{n}")
    content = site / "Content"
    content.mkdir(parents=True, exist_ok=True)
    (content / "records.md").write_text(page or PAGE.format(detail="true" if detail else "false"))
    # The records are a link into the shared data folder, which the site must open by name.
    (content / "almanac.yaml").write_text("title: Almanac benchmark\nallow_outside: [../../data]\n")
    target = content / "records.json"
    if target.exists() or target.is_symlink():
        target.unlink()
    target.symlink_to(records)
    return site


def hugo_site(n, records):
    site = WORK / f"hugo-{n}"
    remove(site)
    shutil.copytree(SHARED / "hugo-site", site / "site")
    (site / "site" / "data").mkdir(exist_ok=True)
    shutil.copyfile(records, site / "site" / "data" / "records.json")
    subprocess.run([sys.executable, str(SHARED / "gen_content.py"), str(records), str(site / "content")], check=True)
    return site


def measure(n, runs, has_hugo):
    records = generate(n)
    site = almanac_site(n, records)
    hugo = hugo_site(n, records) if has_hugo else None
    out = WORK / "out"
    out.mkdir(parents=True, exist_ok=True)
    samples = {"almanac": [], "hugo": [], "floor": []}
    made = []
    for run in range(runs):
        target = out / f"almanac-{n}-{run}"
        remove(target, out / f"hugo-{n}-{run}", out / f"copy-{n}-{run}")
        warm(site / "Content")
        samples["almanac"].append(timed([str(ALMANAC), "build", "--quiet", "--output", str(target)], cwd=site))
        made.append(target)
        if hugo:
            public = out / f"hugo-{n}-{run}"
            warm(hugo)
            samples["hugo"].append(timed(["hugo", "--quiet", "-s", str(hugo / "site"), "--contentDir",
                                          str(hugo / "content"), "-d", str(public)]))
            made.append(public)
        copy = out / f"copy-{n}-{run}"
        samples["floor"].append(timed(["cp", "-r", str(target), str(copy)]))
        made.append(copy)
        print(f"  N={n} run {run + 1}/{runs}: almanac {samples['almanac'][-1][0]:.2f} s"
              + (f", hugo {samples['hugo'][-1][0]:.2f} s" if hugo else "")
              + f", cp -r {samples['floor'][-1][0]:.2f} s", flush=True)
    files, size = tree_size(out / f"almanac-{n}-0")
    hugo_files, hugo_size = tree_size(out / f"hugo-{n}-0") if hugo else (0, 0)
    result = {"n": n, "runs": runs, "files": files, "bytes": size, "hugo_files": hugo_files, "hugo_bytes": hugo_size}
    for tool, values in samples.items():
        if values:
            result[tool] = {"wall": statistics.median(v[0] for v in values), "peak_mib": statistics.median(v[1] for v in values)}
    result["per_run"] = [
        {"almanac": a[0], "hugo": h[0] if h else None, "floor": f[0]}
        for a, h, f in zip(samples["almanac"], samples["hugo"] or [None] * runs, samples["floor"])]
    remove(*made)
    return result


def rebuild(n):
    """An unchanged rebuild and a rebuild after editing the page's prose, against a full build."""
    records = generate(n)
    site = almanac_site(n, records)
    target = WORK / "out" / f"rebuild-{n}"
    remove(target, site / ".almanac")
    warm(site / "Content")
    full, _ = timed([str(ALMANAC), "build", "--quiet", "--output", str(target)], cwd=site)
    unchanged, _ = timed([str(ALMANAC), "build", "--quiet", "--output", str(target)], cwd=site)
    page = site / "Content" / "records.md"
    page.write_text(page.read_text() + "\nEdited.\n")
    edited, _ = timed([str(ALMANAC), "build", "--quiet", "--output", str(target)], cwd=site)
    page.write_text(PAGE.format(detail="true"))
    remove(target)
    return {"n": n, "full": full, "unchanged": unchanged, "prose_edit": edited}


def edit_figures(n=100_000):
    """One changed row, one added row and a prose edit at `n` records with a page each:
    rebuilt by `almanac build`, and reloaded by `almanac serve` and `hugo server`."""
    records = generate(n)
    site = almanac_site(n, records)
    output = WORK / "out" / f"edits-{n}"
    remove(output, site / ".almanac")
    warm(site / "Content")
    figures = {"n": n, "build": edit_bench.build_figures(ALMANAC, site, output)}
    remove(output)
    print(f"  build after one changed row at {n:,}: {figures['build']['changed']:.2f} s "
          f"({figures['build']['changed_files']:,} files) against {figures['build']['full']:.2f} s", flush=True)
    figures["almanac"] = edit_bench.almanac_reloads(ALMANAC, site)
    print(f"  almanac serve, edit to reload: " + ", ".join(f"{k} {v:.2f} s" for k, v in figures["almanac"].items()), flush=True)
    if shutil.which("hugo"):
        try:
            figures["hugo"] = edit_bench.hugo_reloads(hugo_site(n, records))
            print(f"  hugo server, edit to reload: " + ", ".join(f"{k} {v:.2f} s" for k, v in figures["hugo"].items()), flush=True)
        except Exception as error:  # a yardstick that fails is reported, not fatal
            figures["hugo"] = {"error": str(error) or type(error).__name__}
        remove(WORK / f"hugo-{n}")
    figures["measured"] = f"{machine()['date']}, Almanac {machine()['almanac']}"
    return figures


EDITS = (("prose", "a prose edit"), ("changed", "one row changed"), ("added", "a row added"))


def edit_targets(edits):
    rows = []
    build = edits["build"]
    share = build["changed"] / build["full"]
    rows.append((f"`almanac build` after one changed row at {edits['n']:,} rows: time ÷ full build ≤ 0.3",
                 f"{share:.3f} ({build['changed_files']:,} files rendered)", share <= 0.3))
    hugo = edits.get("hugo") or {}
    for key, name in EDITS:
        mine = edits["almanac"][key]
        within = mine / build["full"]
        figure = f"{mine:.2f} s, {within:.2f} of a full build"
        met = within <= 0.1
        if key in hugo:
            figure += f", {mine / hugo[key]:.2f} of Hugo's {hugo[key]:.2f} s"
            met = met and mine <= hugo[key]
        rows.append((f"serve: {name} reaches the browser in at most Hugo's time and 0.1 of a full build", figure, met))
    return rows


def edit_lines(edits):
    build, hugo = edits["build"], edits.get("hugo") or {}
    lines = ["", "## Edits", "",
             f"{edits['n']:,} records with a page each ({edits['measured']}). `almanac build` after each edit, beside a full build "
             f"of {build['full']:.2f} s ({build['full_files']:,} files):", "",
             "| edit | build | ÷ full | files rendered |", "|---|---:|---:|---:|"]
    for key, name in EDITS:
        lines.append(f"| {name} | {build[key]:.2f} s | {build[key] / build['full']:.3f} | {build[key + '_files']:,} |")
    lines += ["", "`almanac serve` and `hugo server` (live reload on, as a user runs it): from the edited file landing on the disk "
              "to the reload message reaching a connected client (Almanac's event stream, Hugo's live-reload WebSocket). "
              "Hugo's edits are a record's content file (prose) and its data file (a changed row; an added row adds a content "
              "file too).", "", "| edit | Almanac | Hugo | Almanac ÷ Hugo |", "|---|---:|---:|---:|"]
    for key, name in EDITS:
        theirs = hugo.get(key)
        lines.append(f"| {name} | {edits['almanac'][key]:.2f} s | {f'{theirs:.2f} s' if theirs else '—'} | "
                     f"{ratio(edits['almanac'][key], theirs)} |")
    if "error" in hugo:
        lines.append(f"\nHugo's figures are missing: {hugo['error']}")
    return lines


READER_FORMATS = ["csv", "tsv", "json", "ndjson", "yaml", "plist"]


def reader_files(n):
    """The same records in every format Almanac reads: CSV as generated, the rest written from
    the JSON (lists joined for the flat formats, nulls left out of property lists)."""
    import plistlib
    folder = WORK / "data" / f"readers-{n}"
    if (folder / "records.plist").exists():
        return folder
    folder.mkdir(parents=True, exist_ok=True)
    records = json.loads(generate(n).read_text())
    shutil.copyfile(generate(n).with_suffix(".csv"), folder / "records.csv")
    flat = lambda value: ";".join(value) if isinstance(value, list) else ("" if value is None else str(value).lower() if isinstance(value, bool) else str(value))
    columns = list(records[0].keys())
    with open(folder / "records.tsv", "w") as tsv:
        tsv.write("\t".join(columns) + "\n")
        for record in records:
            cells = (flat(record.get(c)).replace("\t", " ").replace("\n", " ") for c in columns)
            # TSV as IANA defines it, as Almanac reads it: no quoting, a quote is data.
            tsv.write("\t".join(cells) + "\n")
    (folder / "records.json").write_text(json.dumps(records, ensure_ascii=False))
    with open(folder / "records.ndjson", "w") as ndjson:
        for record in records:
            ndjson.write(json.dumps(record, ensure_ascii=False) + "\n")
    with open(folder / "records.yaml", "w") as yaml:
        for record in records:
            for index, (key, value) in enumerate(record.items()):
                yaml.write(("- " if index == 0 else "  ") + key + ": " + json.dumps(value, ensure_ascii=False) + "\n")
    with open(folder / "records.plist", "wb") as plist:
        plistlib.dump([{k: v for k, v in record.items() if v is not None} for record in records], plist)
    return folder


def readers(sizes=(10_000, 100_000)):
    """Every reader on the same records at two sizes: `almanac render FILE --format json` (read,
    model, the JSON twin). Linear readers keep the time per record level between the sizes."""
    figures = {}
    for n in sizes:
        folder = reader_files(n)
        for format in READER_FORMATS:
            target = WORK / "out" / f"reader-{format}-{n}"
            remove(target)
            warm(folder / f"records.{format}")
            wall, peak = timed([str(ALMANAC), "render", str(folder / f"records.{format}"), "--label", "name",
                                "--format", "json", "--output", str(target), "--quiet"])
            figures.setdefault(format, {})[n] = {"wall": wall, "peak_mib": peak}
            remove(target)
        print(f"  readers at {n:,} rows: " + ", ".join(f"{f} {figures[f][n]['wall']:.2f} s" for f in READER_FORMATS), flush=True)
    return {"sizes": list(sizes), "formats": figures, "columns": wide_tables()}


def wide_tables(widths=(10_000, 100_000), rows=10):
    """A CSV as wide as a spreadsheet export can be: `almanac render` (every column shown, in
    HTML, Markdown and JSON) at two widths. Linear in the columns keeps the time per column level."""
    figures = {}
    for width in widths:
        path = WORK / "data" / f"wide-{width}.csv"
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "w") as wide:
                wide.write(",".join(f"c{i}" for i in range(width)) + "\n")
                for row in range(rows):
                    wide.write(",".join(f"r{row}v{i}" for i in range(width)) + "\n")
        target = WORK / "out" / f"wide-{width}"
        remove(target)
        warm(path)
        wall, peak = timed([str(ALMANAC), "render", str(path), "--output", str(target), "--quiet"])
        figures[width] = {"wall": wall, "peak_mib": peak}
        remove(target)
    print("  wide tables: " + ", ".join(f"{w:,} columns {figures[w]['wall']:.2f} s" for w in widths), flush=True)
    return {"widths": list(widths), "rows": rows, "figures": figures}


def browser_figures(n):
    """Opens the built listing in headless Chromium: how soon its front and its largest section
    page are interactive (medians of 5). Search is measured by `search_at_scale`."""
    make_driver, missing = browser_driver()
    if missing:
        return {"error": missing}
    records = generate(n)
    site = almanac_site(n, records, detail=False)
    target = WORK / "out" / f"browser-{n}"
    remove(target)
    subprocess.run([str(ALMANAC), "build", "--quiet", "--output", str(target)], cwd=site, check=True)
    driver = make_driver()
    figures = {"n": n, "detail_pages": False}
    try:
        def interactive(url):
            samples = []
            for _ in range(5):
                driver.get("about:blank")
                driver.get(url)
                samples.append(driver.execute_script(
                    "const t = performance.getEntriesByType('navigation')[0]; return [t.domInteractive, t.loadEventEnd];"))
            return statistics.median(s[0] for s in samples), statistics.median(s[1] for s in samples)
        front = (target / "records.html").as_uri()
        sections = sorted((target / "records" / "sections").glob("*.html"), key=lambda p: p.stat().st_size)
        largest = sections[-1] if sections else target / "records.html"
        figures["front_interactive_ms"], figures["front_load_ms"] = interactive(front)
        figures["largest_section_interactive_ms"], figures["largest_section_load_ms"] = interactive(largest.as_uri())
        figures["largest_section_rows"] = driver.execute_script("return document.querySelectorAll('li.row').length")
        figures["search_manifest_bytes"] = sum(p.stat().st_size for p in (target / "assets").glob("search-*.js"))
    finally:
        driver.quit()
        remove(target)
    return figures


def report_figures():
    """A test report of 50,000 tests with a baseline and a history, beside pytest-html's of the
    same run (`report_bench.py`)."""
    make_driver, missing = browser_driver()
    if missing:
        return {"error": missing}
    try:
        figures = report_bench.measure(WORK, ALMANAC, sys.executable, timed, make_driver)
    except Exception as error:  # pytest-html or Selenium missing, a run that failed
        return {"error": f"not measured: {error}"}
    figures["measured"] = f"{machine()['date']}, Almanac {machine()['almanac']}"
    return figures


def free_port():
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def bad_clients(port, stop):
    """Alongside the load: half-open connections, slow readers and malformed requests, all to
    127.0.0.1, until `stop` is set."""
    import socket
    held = []
    for _ in range(20):
        connection = socket.create_connection(("127.0.0.1", port))
        connection.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # never finished
        held.append(connection)
    for _ in range(10):
        connection = socket.create_connection(("127.0.0.1", port))
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        connection.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")  # read a byte now and then
        held.append(connection)
    sent = 0
    while not stop.is_set():
        for connection in held[20:]:
            try:
                connection.recv(1)
            except OSError:
                pass
        for request in (b"GARBAGE\r\n\r\n", b"GET /" + b"a" * 20000 + b" HTTP/1.1\r\n\r\n", b"\x16\x03\x01\x00"):
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=2) as bad:
                    bad.sendall(request)
                    bad.recv(64)
                sent += 1
            except OSError:
                pass
        stop.wait(0.1)
    for connection in held:
        connection.close()
    return sent


def wrk(url, seconds):
    """200 keep-alive connections on two threads for `seconds`: requests per second and p99."""
    output = subprocess.run(["wrk", "-t2", "-c200", f"-d{seconds}s", "--latency", "--timeout", "10s", url],
                            capture_output=True, text=True, check=True).stdout
    rate = float(next(line.split()[1] for line in output.splitlines() if line.startswith("Requests/sec:")))
    p99 = next(line.split()[1] for line in output.splitlines() if line.strip().startswith("99%"))
    errors = next((line.strip() for line in output.splitlines() if "Non-2xx" in line or "Socket errors" in line), "")
    unit = {"us": 0.001, "ms": 1, "s": 1000}
    number = float(p99.rstrip("usm")) * unit[p99[len(p99.rstrip("usm")):] or "ms"]
    return {"rps": rate, "p99_ms": number, "errors": errors}


def serve_figures(n=1000, seconds=10):
    """`almanac serve` and `hugo server` answering the listing of `n` records to 200 keep-alive
    clients (wrk), with half-open, slow and malformed clients alongside, for `seconds` each."""
    import threading
    import urllib.request
    if not shutil.which("wrk"):
        return {"error": "wrk is not installed"}
    records = generate(n)
    figures = {"n": n, "seconds": seconds}
    site = almanac_site(n, records, detail=False)
    servers = [("almanac", [str(ALMANAC), "serve", "--port", "{port}"], site, "/records.html")]
    if shutil.which("hugo"):
        hugo = hugo_site(n, records)
        servers.append(("hugo", ["hugo", "server", "-s", str(hugo / "site"), "--contentDir", str(hugo / "content"), "--port", "{port}",
                                 "--bind", "127.0.0.1", "--disableLiveReload", "--quiet"], hugo, "/"))
    for name, command, folder, page in servers:
        port = free_port()
        process = subprocess.Popen([part.replace("{port}", str(port)) for part in command], cwd=folder,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            url = f"http://127.0.0.1:{port}{page}"
            deadline = time.monotonic() + 120
            while True:
                try:
                    urllib.request.urlopen(url, timeout=5).read()
                    break
                except OSError:
                    if time.monotonic() > deadline or process.poll() is not None:
                        raise RuntimeError(f"{name} did not start serving")
                    time.sleep(0.2)
            stop = threading.Event()
            result = {}
            side = threading.Thread(target=lambda: result.setdefault("bad", bad_clients(port, stop)))
            side.start()
            try:
                figures[name] = wrk(url, seconds)
            finally:
                stop.set()
                side.join()
            figures[name]["bad_requests"] = result.get("bad", 0)
            figures[name]["alive"] = process.poll() is None
            print(f"  {name} serving {n:,} records: {figures[name]['rps']:.0f} requests/s, p99 {figures[name]['p99_ms']:.1f} ms", flush=True)
        finally:
            process.terminate()
            process.wait(10)
    figures["measured"] = f"{machine()['date']}, Almanac {machine()['almanac']}"
    return figures


def pagefind_binary():
    """Pagefind's binary as the `pagefind-bin` package installs it in the benchmark's venv."""
    try:
        import pagefind_bin  # noqa: E402
    except ImportError:
        return None
    binary = pathlib.Path(pagefind_bin.__file__).parent / "pagefind"
    return binary if binary.exists() else None


def pagefind_pages(n, records):
    """Hugo's pages of the records indexed by Pagefind, for the typo queries; None where Hugo
    or Pagefind is missing."""
    if not shutil.which("hugo") or not pagefind_binary():
        return None
    site = hugo_site(n, records)
    public = WORK / "out" / f"hugo-typos-{n}"
    remove(public)
    subprocess.run(["hugo", "--quiet", "-s", str(site / "site"), "--contentDir", str(site / "content"), "-d", str(public)], check=True)
    subprocess.run([str(pagefind_binary()), "--site", str(public), "--silent"], check=True)
    remove(site)
    return public


def search_at_scale(n):
    """What a reader's search downloads and how fast it answers, beside Pagefind on Hugo."""
    make_driver, missing = browser_driver()
    if missing:
        return {"n": n, "error": missing}
    records = generate(n)
    site = almanac_site(n, records, detail=False)
    hugo = hugo_site(n, records) if shutil.which("hugo") else None
    pagefind = pagefind_binary()
    if pagefind is None:
        print("warning: pagefind-bin is not installed; measuring Almanac's search alone", file=sys.stderr)
    try:
        figures = search_figures(n, ALMANAC, site, WORK, hugo, pagefind, make_driver, timed, remove)
    except Exception as error:  # a broken browser or server must not cost the run's other figures
        return {"n": n, "error": f"search not measured: {error!r}"}
    figures["measured"] = f"{machine()['date']}, Almanac {machine()['almanac']}"
    return figures


def browse_site(n, records, browse):
    """The listing with or without filters and Sort by, split (as every listing over 5,000 rows is)."""
    return almanac_site(n, records, page=browse_bench.PAGE.format(browse=browse_bench.BROWSE if browse else ""),
                        name=f"almanac-{'browse' if browse else 'plain'}-{n}")


def pagefind_filter_site(n, records):
    """Hugo's site of the records, its own copy of the templates marking category and city as
    Pagefind filters, built and indexed (the indexing timed)."""
    site = hugo_site(n, records)
    single = site / "site" / "layouts" / "_default" / "single.html"
    text = single.read_text()
    for field in ("category", "city"):
        text = text.replace(f"<dd>{{{{ .Params.{field} }}}}</dd>", f'<dd data-pagefind-filter="{field}">{{{{ .Params.{field} }}}}</dd>')
    assert text.count("data-pagefind-filter") == 2, "the Hugo template changed"
    single.write_text(text)
    public = WORK / "out" / f"hugo-filters-{n}"
    remove(public)
    subprocess.run(["hugo", "--quiet", "-s", str(site / "site"), "--contentDir", str(site / "content"), "-d", str(public)], check=True)
    wall, peak = timed([str(pagefind_binary()), "--site", str(public), "--silent"])
    return public, {"wall": wall, "peak_mib": peak}


def browse_at_scale(sizes=(100_000, 1_000_000)):
    """Filters and Sort by on the split listing: the build with and without them, and a reader's
    20 steps in headless Chromium; beside Pagefind's filters on Hugo's pages at 100,000."""
    make_driver, missing = browser_driver()
    found = {"measured": f"{machine()['date']}, Almanac {machine()['almanac']}", "sizes": {}, "steps": [browse_bench.label(s) for s in browse_bench.STEPS]}
    for n in sizes:
        records = generate(n)
        sites = {name: browse_site(n, records, name == "browse") for name in ("plain", "browse")}
        runs = 3 if n <= 100_000 else 1
        builds = {"plain": [], "browse": []}
        target = None
        for run in range(runs):
            for name, site in sites.items():
                target = WORK / "out" / f"browse-{name}-{n}-{run}"
                remove(target)
                warm(site / "Content", records)
                builds[name].append(timed([str(ALMANAC), "build", "--quiet", "--output", str(target)], cwd=site))
                if name == "plain" or run < runs - 1:
                    remove(target)
        figures = {name: {"wall": statistics.median(w for w, _ in times), "peak_mib": statistics.median(p for _, p in times)}
                   for name, times in builds.items()}
        figures["runs"] = runs
        folder = target / "assets" / "browse-records"
        figures["files"] = sum(1 for _ in folder.glob("*.js"))
        figures["bytes"] = sum(p.stat().st_size for p in folder.glob("*.js"))
        print(f"N={n}: build with filters {figures['browse']['wall']:.1f} s, without {figures['plain']['wall']:.1f} s", flush=True)
        if missing:
            figures["error"] = missing
        else:
            try:
                figures["almanac"] = browse_bench.almanac_browse(target, make_driver)
                if n == 100_000 and shutil.which("hugo") and pagefind_binary():
                    titles = browse_bench.values_of(target, make_driver)
                    public, index = pagefind_filter_site(n, records)
                    figures["pagefind"] = browse_bench.pagefind_browse(public, titles, make_driver)
                    figures["pagefind"]["index"] = index
                    remove(public)
            except Exception as error:  # a broken browser or server must not cost the run's other figures
                figures["error"] = f"not measured: {error!r}"
        remove(target)
        found["sizes"][str(n)] = figures
    return found


def browse_lines(browsing):
    """Filters and Sort by on a split page at scale, beside Pagefind's filters."""
    lines = ["", "## Filters and Sort by on a split page, beside Pagefind", "",
             f"Measured {browsing['measured']}. The listing split into a page per section, with `filters: [category, city, "
             "founded: range]` and `sortable: [founded, employees]`, its front page served from 127.0.0.1 by the static server "
             "that counts what it sends (gzipped as a static host sends it). One fixed script of 20 steps on one open page, "
             "its cache kept: " + "; ".join(f"{k + 1}. {step}" for k, step in enumerate(browsing["steps"])) + ". Each step's "
             "time runs from the change to the first screenful of results shown (or the page's own sections back), less the "
             "time spent waiting for files (network spans from Resource Timing); unthrottled, then again on a fresh page with "
             "an empty cache under 4× CPU throttling. The steps run three times each way, each time on a fresh page with an "
             "empty cache; the percentiles pool every step of the three, the table of steps gives each one's median.", ""]
    lines += ["| rows | first step | each later step, at most | median | all 20 | p95 less waits | 4× throttled p95 | "
              "p95 with waits | steps that waited (median wait) | build with filters ÷ without | peak memory ÷ | filter files |",
              "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for n, f in browsing["sizes"].items():
        a = f.get("almanac")
        build = f"{ratio(f['browse']['wall'], f['plain']['wall'])} ({f['browse']['wall']:.1f} s ÷ {f['plain']['wall']:.1f} s, {f['runs']} runs)"
        memory = f"{ratio(f['browse']['peak_mib'], f['plain']['peak_mib'])} ({f['browse']['peak_mib']:.0f} ÷ {f['plain']['peak_mib']:.0f} MiB)"
        if not a:
            lines.append(f"| {int(n):,} | {f.get('error', '—')} | | | | | | | | {build} | {memory} | {f['files']:,} |")
            continue
        lines.append(f"| {int(n):,} | {kib(a['first_gzip'])} | {kib(a['later_max_gzip'])} | {kib(a['later_median_gzip'])} | "
                     f"{kib(a['total_gzip'])} | {a['p95_ms']:.1f} ms | {a['throttled_p95_ms']:.1f} ms | {a['with_wait_p95_ms']:.1f} ms | "
                     f"{a['waited_steps']} ({a['wait_median_ms']:.1f} ms) | {build} | {memory} | {f['files']:,}, {f['bytes'] / 2**20:.0f} MiB |")
    for n, f in browsing["sizes"].items():
        a = f.get("almanac")
        if not a:
            continue
        theirs = f.get("pagefind")
        lines += ["", f"Each step at {int(n):,} rows" + (" beside Pagefind (which has no ranges; its harness does not sort)" if theirs else "") + ":", "",
                  "| step | results | gzipped | files | less waits | 4× throttled | wait |" + (" Pagefind gzipped | Pagefind time | bytes ÷ Pagefind |" if theirs else ""),
                  "|---|---|---:|---:|---:|---:|---:|" + ("---:|---:|---:|" if theirs else "")]
        for k, step in enumerate(a["steps"]):
            slow = a["throttled_steps"][k]
            row = (f"| {step['step']} | {step['results']} | {kib(step['gzip'])} | {step['files']} | "
                   f"{step['ms'] - step['waited_ms']:.1f} ms{'' if step['ok'] else ' (timed out)'} | {slow['ms'] - slow['waited_ms']:.1f} ms | {step['waited_ms']:.1f} ms |")
            if theirs:
                other = theirs["steps"][k]
                row += (" — | — | — |" if other.get("skipped") else
                        f" {kib(other['gzip'])} | {other['ms']:.0f} ms | {ratio(step['gzip'], other['gzip'])} |")
            lines.append(row)
        if theirs:
            lines += ["", f"Pagefind indexed Hugo's {int(n):,} pages in {theirs['index']['wall']:.1f} s; over the steps it can take, "
                      f"its first downloads {kib(theirs['first_gzip'])}, each later at most {kib(theirs['later_max_gzip'])}, "
                      f"{kib(theirs['total_gzip'])} in all; its steps take {theirs['median_ms']:.0f} ms at the median and "
                      f"{theirs['p95_ms']:.0f} ms at the 95th percentile, waits included."]
    return lines


def browse_targets(browsing):
    rows = []
    for n, f in browsing["sizes"].items():
        a = f.get("almanac")
        if a:
            rows += [(f"filters at {int(n):,} rows: the first step downloads at most 300 KiB (gzipped)", kib(a["first_gzip"]), a["first_gzip"] <= 300 * 1024),
                     (f"filters at {int(n):,} rows: each later step at most 100 KiB (gzipped)", kib(a["later_max_gzip"]), a["later_max_gzip"] <= 100 * 1024),
                     (f"filters at {int(n):,} rows: a step's first screenful within 16 ms less waits (p95)", f"{a['p95_ms']:.1f} ms", a["p95_ms"] <= 16),
                     (f"filters at {int(n):,} rows: the same under 4× CPU throttling (p95)", f"{a['throttled_p95_ms']:.1f} ms", a["throttled_p95_ms"] <= 16)]
        build = f["browse"]["wall"] / f["plain"]["wall"]
        memory = f["browse"]["peak_mib"] / f["plain"]["peak_mib"]
        rows += [(f"filters at {int(n):,} rows: build time with filters ÷ without", f"{build:.2f}", build <= 1.2),
                 (f"filters at {int(n):,} rows: build memory with filters ÷ without", f"{memory:.2f}", memory <= 1.2)]
    return rows


def splice_section(heading, lines, prefixes, rows):
    """Replaces a section of RESULTS.md (from `heading` to the next) by `lines`, and its rows of
    the targets table (those beginning with one of `prefixes`) by `rows`."""
    path = HERE / "RESULTS.md"
    text = path.read_text()
    section = "\n".join(lines[1:]) + "\n\n"
    start = text.find(heading)
    end = text.find("\n## ", start + 1) + 1 if start >= 0 else -1
    text = text[:start] + section + text[end:] if start >= 0 else text.replace("## Targets", section + "## Targets")
    text = "\n".join(line for line in text.split("\n") if not line.startswith(prefixes))
    table = text.index("| target | figure | met |")
    end_of_table = text.find("\n\n", table)
    end_of_table = len(text.rstrip("\n")) if end_of_table < 0 else end_of_table
    added = "".join(f"\n| {what} | {figure} | {'yes' if met else '**no**'} |" for what, figure, met in rows)
    path.write_text(text[:end_of_table] + added + text[end_of_table:])


def splice_browse(browsing):
    """Replaces the filters' section and its rows of the targets table in RESULTS.md."""
    splice_section("## Filters and Sort by on a split page", browse_lines(browsing), ("| filters at ",), browse_targets(browsing))


def typo_lines(typos):
    """Typo and phrase queries on a sharded page, beside Lunr and Pagefind."""
    lines = ["", "## Typos and phrases on a sharded page, beside Lunr and Pagefind", "",
             "Forty words of 5–12 letters from the records' names and cities, each typed changed, dropped, doubled and "
             "swapped (never the first letter), and from eight letters with two edits; ten quoted phrases (typo_bench.py). "
             "Recall: the share of a word's rows among the results listed (of at most 100); first: a row holding the word "
             "comes first. Lunr (Debian's node-lunr) answers `word~1` (`~2` from eight letters) after downloading its whole "
             "index. Pagefind, which has no typo tolerance, searches Hugo's pages of the same records as typed, letter by "
             "letter, loading the first five results' data as its interface does (those are its bytes); its first 100 "
             "results are scored as Almanac's are."]
    for n, f in typos["sizes"].items():
        a, lunr, pagefind = f["almanac"], f.get("lunr"), f.get("pagefind")
        others = [(name, other) for name, other in (("Lunr", lunr), ("Pagefind", pagefind)) if other]
        lines += ["", f"At {int(n):,} rows ({f['queries']} queries, {f['search_files']:,} search files):", "",
                  "| kind | queries | recall | first |" + "".join(f" {name} recall | {name} first |" for name, _ in others),
                  "|---|---:|---:|---:|" + "---:|---:|" * len(others)]
        for kind in typo_bench.TYPO_KINDS + ["phrase"]:
            mine = a["by_kind"].get(kind)
            if not mine:
                continue
            row = f"| {kind} | {mine['queries']} | {mine['recall']:.2f} | {mine['first']:.0%} |"
            for _, other in others:
                theirs = other["by_kind"][kind]
                row += f" {theirs['recall']:.2f} | {theirs['first']:.0%} |"
            lines.append(row)
        lines += ["", f"Almanac: the first query {kib(a['first_gzip'])}, each later typo query at most {kib(a['typo_later_max_gzip'])} "
                  f"(median {kib(a['typo_later_median_gzip'])}), a phrase at most {kib(a['phrase_max_gzip'])}, all queries "
                  f"{kib(a['total_gzip'])} gzipped; the last keystroke's first screenful p95 {a['typo_p95_ms']:.1f} ms (typos), "
                  f"{a['phrase_p95_ms']:.1f} ms (phrases), less waits, unthrottled."]
        if lunr:
            lines += ["", f"Lunr: its index {kib(lunr['index_gzip'])} gzipped ({ratio(lunr['index_gzip'], a['total_gzip'])} "
                      f"Almanac's bytes for every query), built in {lunr['build_s']:.1f} s in Node; a median query finds "
                      f"{lunr['found_median']:,.0f} rows."]
        if pagefind:
            lines += ["", f"Pagefind: the first query {kib(pagefind['first_gzip'])}, each later query at most "
                      f"{kib(pagefind['later_max_gzip'])}, all queries {kib(pagefind['total_gzip'])} gzipped "
                      f"({ratio(pagefind['total_gzip'], a['total_gzip'])} Almanac's); a median query finds "
                      f"{pagefind['found_median']:,.0f} pages."]
    return lines


def typo_targets(typos):
    rows = [("search files for 7,910 rows (the listing's sharded search) at most one per 10 rows", f"{typos['files_7910']:,}",
             typos["files_7910"] <= 791)] if "files_7910" in typos else []
    for n, f in typos["sizes"].items():
        a = f["almanac"]
        size = f"{int(n):,}"
        rows += [(f"typo queries at {size} rows: one-edit recall at least 0.99", f"{a['one_edit_recall']:.2f}", a["one_edit_recall"] >= 0.99),
                 (f"typo queries at {size} rows: a target first in at least 95 %", f"{a['typo_first']:.0%}", a["typo_first"] >= 0.95),
                 (f"typo queries at {size} rows: the first query at most 300 KiB (gzipped)", kib(a["first_gzip"]), a["first_gzip"] <= 300 * 1024),
                 (f"typo queries at {size} rows: each later query at most 100 KiB (gzipped)", kib(a["typo_later_max_gzip"]), a["typo_later_max_gzip"] <= 100 * 1024),
                 (f"typo queries at {size} rows: first screenful within 16 ms less waits (p95)", f"{a['typo_p95_ms']:.1f} ms", a["typo_p95_ms"] <= 16),
                 (f"phrase queries at {size} rows: each at most 100 KiB (gzipped)", kib(a["phrase_max_gzip"]), a["phrase_max_gzip"] <= 100 * 1024),
                 (f"phrase queries at {size} rows: first screenful within 16 ms less waits (p95)", f"{a['phrase_p95_ms']:.1f} ms", a["phrase_p95_ms"] <= 16)]
    return rows


def splice_typos(typos):
    """Replaces the typos' section and its rows of the targets table in RESULTS.md."""
    splice_section("## Typos and phrases on a sharded page", typo_lines(typos), ("| typo queries at ", "| phrase queries at ", "| search files for "),
                   typo_targets(typos))


def million():
    """1,000,000 rows, listing and search only: the build must finish here."""
    n = 1_000_000
    records = generate(n)
    site = almanac_site(n, records, detail=False)
    target = WORK / "out" / f"almanac-{n}"
    remove(target)
    warm(site / "Content")
    wall, peak = timed([str(ALMANAC), "build", "--quiet", "--output", str(target)], cwd=site)
    files, size = tree_size(target)
    manifests = list((target / "assets").glob("search-*.js"))
    shards = [p for p in (target / "assets").glob("search-*/*.js")]
    manifest = max((p.stat().st_size for p in manifests), default=0)
    largest = max((p.stat().st_size for p in shards), default=0)
    sections = list((target / "records" / "sections").glob("*.html"))
    figures = {"n": n, "wall": wall, "peak_mib": peak, "files": files, "bytes": size,
               "manifest_bytes": manifest, "largest_shard_bytes": largest, "shards": len(shards),
               "largest_section_page_bytes": max((p.stat().st_size for p in sections), default=0)}
    make_driver, missing = browser_driver()
    figures["search"] = {"error": missing} if missing else almanac_search(target, make_driver, throttled=False)
    remove(target)
    return figures


def crash_reason(stderr):
    """The line of a failed build's output that says why: its error, or the runtime's fatal error."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    for line in lines:
        if "error:" in line.lower() or "fatal" in line.lower() or "killed" in line.lower():
            return line[:300]
    return lines[0][:300] if lines else "no message"


def ten_million():
    """10,000,000 rows, listing and search only, under a cap on memory so that a build that
    does not fit fails by itself rather than pressing the machine; reports what it reached."""
    n = 10_000_000
    records = generate(n)
    site = almanac_site(n, records, detail=False)
    target = WORK / "out" / f"almanac-{n}"
    remove(target)
    cap_gib = 20
    report = WORK / "time.txt"
    warm(site / "Content")
    started = time.monotonic()
    finished = subprocess.run(
        ["/usr/bin/time", "-o", str(report), "-f", "%e %M", "prlimit", f"--as={cap_gib << 30}",
         str(ALMANAC), "build", "--quiet", "--output", str(target)], cwd=site, stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE, text=True)
    wall = time.monotonic() - started
    peak_kib = int(report.read_text().split()[-1]) if report.exists() else 0
    figures = {"n": n, "wall": wall, "peak_mib": peak_kib / 1024, "cap_gib": cap_gib, "ok": finished.returncode == 0,
               "error": crash_reason(finished.stderr) if finished.returncode else None,
               "measured": f"{machine()['date']}, Almanac {machine()['almanac']}"}
    if figures["ok"]:
        figures["files"], figures["bytes"] = tree_size(target)
    remove(target)
    return figures


def machine():
    model = "unknown"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    hugo = subprocess.run(["hugo", "version"], capture_output=True, text=True).stdout.strip() if shutil.which("hugo") else "none"
    revision = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    return {"cpu": model, "cores": os.cpu_count(), "memory_gib": round(memory, 1), "system": platform.platform(),
            "hugo": hugo, "almanac": revision, "date": datetime.date.today().isoformat()}


def ratio(a, b):
    return f"{a / b:.2f}" if a and b else "—"


def download_targets(found, n):
    """The bytes a reader's queries download, against the issue's bounds."""
    rows = []
    if "first_gzip" in found:
        rows.append((f"the first query downloads at most 300 KiB at {n:,} rows (gzipped; as stored)",
                     f"{kib(found['first_gzip'])}; {kib(found['first_raw'])}", found["first_gzip"] <= 300 * 1024))
        rows.append((f"each later query at most 100 KiB more at {n:,} rows (gzipped; as stored)",
                     f"{kib(found['later_max_gzip'])}; {kib(found['later_max_raw'])}", found["later_max_gzip"] <= 100 * 1024))
    return rows


def targets(results, rebuilds, browser, big, reading=None, report=None, serving=None, searching=None, huge=None, edits=None):
    """The issue's targets, each with the figure that decides it."""
    rows = edit_targets(edits) if edits else []
    if reading:
        small, large = reading["sizes"]
        for format in READER_FORMATS:
            times = reading["formats"][format]
            growth = (times[large]["wall"] / large) / (times[small]["wall"] / small)
            rows.append((f"the {format} reader is linear ({small:,} → {large:,} rows: time per row ×)", f"{growth:.2f}", growth <= 1.5))
        if reading.get("columns"):
            narrow, wide = reading["columns"]["widths"]
            times = reading["columns"]["figures"]
            growth = (times[wide]["wall"] / wide) / (times[narrow]["wall"] / narrow)
            rows.append((f"a CSV's columns are read linearly ({narrow:,} → {wide:,} columns: time per column ×)", f"{growth:.2f}", growth <= 1.5))
    last = results[-1] if results else None
    if last and last.get("hugo"):
        speed = last["almanac"]["wall"] / last["hugo"]["wall"]
        rows.append((f"{last['n']:,} records at least 4× faster than Hugo (ratio ≤ 0.25)", f"{speed:.2f}", speed <= 0.25))
        rows.append((f"the build at {last['n']:,} stays at or below 0.15 of Hugo's time", f"{speed:.3f}", speed <= 0.15))
        memory = last["almanac"]["peak_mib"] / last["hugo"]["peak_mib"]
        rows.append(("peak memory under a quarter of Hugo's (ratio < 0.25)", f"{memory:.2f}", memory < 0.25))
    if last and last.get("floor"):
        floor = last["almanac"]["wall"] / last["floor"]["wall"]
        rows.append(("within 2× of the `cp -r` floor", f"{floor:.2f}", floor <= 2))
    if len(results) >= 2:
        first = results[0]
        scale = last["n"] / first["n"]
        per_record = (last["almanac"]["wall"] / last["n"]) / (first["almanac"]["wall"] / first["n"])
        rows.append((f"time grows linearly ({first['n']:,} → {last['n']:,}: time per record ×)", f"{per_record:.2f}", per_record <= 1.5))
        memory_growth = last["almanac"]["peak_mib"] / first["almanac"]["peak_mib"]
        rows.append((f"memory grows at most linearly ({scale:.0f}× the records: memory ×)", f"{memory_growth:.1f}", memory_growth <= scale))
    for r in rebuilds:
        rows.append(("a prose edit rebuilds in under a tenth of a full build", f"{r['prose_edit'] / r['full']:.3f}", r["prose_edit"] / r["full"] < 0.1))
    for b in browser:
        if "largest_section_interactive_ms" in b:
            slowest = max(b["front_interactive_ms"], b["largest_section_interactive_ms"])
            rows.append((f"any listing page interactive in ≤ 300 ms at {b['n']:,} rows (front, largest section page)",
                         f"{b['front_interactive_ms']:.0f} ms, {b['largest_section_interactive_ms']:.0f} ms", slowest <= 300))
    mine = (searching or {}).get("almanac") or {}
    rows += download_targets(mine, (searching or {}).get("n", 0))
    for label, prefix in (("", ""), (" under 4× CPU throttling", "throttled_")):
        if prefix + "keystroke_median_ms" in mine:
            median, p95 = mine[prefix + "keystroke_median_ms"], mine[prefix + "keystroke_p95_ms"]
            rows.append((f"a keystroke is answered within a frame at {searching['n']:,} rows{label}: median ≤ 8 ms, 95th percentile ≤ 16 ms",
                         f"{median:.1f} ms, {p95:.1f} ms", median <= 8 and p95 <= 16))
    theirs = (searching or {}).get("pagefind")
    if theirs and mine:
        rows.append(("the 20 queries download no more than Pagefind's (Almanac ÷ Pagefind, gzipped)",
                     ratio(mine["total_gzip"], theirs["total_gzip"]), mine["total_gzip"] <= theirs["total_gzip"]))
    if serving and "almanac" in serving:
        mine = serving["almanac"]
        rows.append(("serve answers 200 keep-alive clients with bad ones alongside, and stays up",
                     f"{mine['rps']:.0f} req/s, p99 {mine['p99_ms']:.1f} ms", mine["alive"]))
        if "hugo" in serving:
            ratio_rps = mine["rps"] / serving["hugo"]["rps"]
            rows.append(("serve's requests per second at least Hugo's (`hugo server`), same listing", f"{ratio_rps:.2f}× Hugo", ratio_rps >= 1))
    rows += report_bench.targets(report)
    if big:
        rows.append(("1,000,000 records build at a peak of at most 1.5 GiB", f"{big['peak_mib'] / 1024:.2f} GiB ({big['wall']:.0f} s)",
                     big["peak_mib"] <= 1.5 * 1024))
        rows += download_targets(big.get("search") or {}, big["n"])
    if not huge:
        projected = f"; {big['peak_mib'] * 10 / 1024:.0f} GiB at 1,000,000's peak per record" if big else ""
        rows.append(("10,000,000 records build here at a peak of at most 8 GiB", f"not run (`--ten-million`){projected}", False))
    if huge:
        if huge["ok"] and last:
            per_record = (huge["wall"] / huge["n"]) / (last["almanac"]["wall"] / last["n"])
            rows.append(("10,000,000 records build here at a peak of at most 8 GiB", f"{huge['peak_mib'] / 1024:.1f} GiB",
                         huge["peak_mib"] <= 8 * 1024))
            rows.append((f"…with time per record no worse than at {last['n']:,} (×)", f"{per_record:.2f}", per_record <= 1))
            if big:
                # The 100,000 build above writes detail pages too; 1,000,000 has the same settings.
                same = (huge["wall"] / huge["n"]) / (big["wall"] / big["n"])
                rows.append(("…and than at 1,000,000 with the same settings, listing and search (×)", f"{same:.2f}", same <= 1))
        else:
            rows.append(("10,000,000 records build here at a peak of at most 8 GiB",
                         f"did not finish: {huge['peak_mib'] / 1024:.1f} GiB at the cap", False))
    return rows


def kib(count):
    return f"{count / 1024:.0f} KiB"


def search_lines(searching):
    """The reader's side of search at 100,000 rows, beside Pagefind."""
    lines = ["", f"## Search at {searching['n']:,} rows, beside Pagefind", ""]
    if "error" in searching:
        return lines + [f"- {searching['error']}"]
    mine, theirs = searching.get("almanac", {}), searching.get("pagefind")
    lines += [f"Measured {searching['measured']}. The same {len(searching['queries'])} queries ("
              + ", ".join(f"`{q}`" for q in searching["queries"]) + ") typed letter by letter, one page open with its cache kept, "
              "served from 127.0.0.1 by one static server that counts what it sends; bytes are as a static host sends them with "
              "gzip (files gzip does not shrink, like Pagefind's own compressed index, as stored), counted from the first focus "
              "of the search field (the page, its style and Almanac's script not counted; Pagefind's script, WebAssembly and "
              "index counted). Almanac: its largest section page of the listing (no detail pages), which lists the first 100 "
              "matching labels; Pagefind: Hugo's 100,000-page output indexed by `pagefind-bin`, its JavaScript API loading the "
              "first 5 results' data, as its interface shows them. Pagefind searches each page's whole text; Almanac the name, "
              "category and city.", ""]
    rows = [("first query", "first_gzip"), ("first query, as stored", "first_raw"), ("each later query, at most", "later_max_gzip"),
            ("each later query, median", "later_median_gzip"), ("all 20 queries", "total_gzip")]
    lines += ["| | Almanac | Pagefind | Almanac ÷ Pagefind |", "|---|---:|---:|---:|"]
    for name, key in rows:
        lines.append(f"| {name} | {kib(mine[key])} | {kib(theirs[key]) if theirs else '—'} | "
                     f"{ratio(mine[key], theirs[key]) if theirs else '—'} |")
    lines.append(f"| first result after the first keystroke, fresh page and cache (median of 5 queries) | "
                 f"{mine['first_result_ms']:.0f} ms | {theirs['first_result_ms']:.0f} ms | {ratio(mine['first_result_ms'], theirs['first_result_ms'])} |"
                 if theirs else f"| first result (median of 5 queries) | {mine['first_result_ms']:.0f} ms | — | — |")
    build_wall = searching.get("almanac_build", [None])[0]
    if theirs and build_wall:
        lines.append(f"| building the search data | part of a {build_wall:.1f} s build | {theirs['index']['wall']:.1f} s "
                     f"(after Hugo's build; {theirs['index']['files']:,} files, {theirs['index']['bytes'] / 2**20:.0f} MiB) | "
                     f"{ratio(build_wall, theirs['index']['wall'])} (whole build ÷ indexing alone) |")
    lines += ["", f"Keystrokes ({mine['keystrokes']} of them): the time until the first screenful of results shows, less the time "
              "spent waiting for shard files to arrive (over loopback here, far longer on a phone's network, which is why the "
              "bytes are counted); with the wait, and how many keystrokes waited at all. Typed at a fast typist's pace: "
              "each letter 100 ms after the last, or when the last one's results show if later."
              + (f" Under throttling the queries are typed {mine['throttled_passes']} times over, each time on a fresh page "
                 "with an empty cache as unthrottled, their keystrokes pooled." if "throttled_passes" in mine else ""), "",
              "| CPU | median | 95th percentile | with the wait: median | 95th percentile | keystrokes that waited | median wait |",
              "|---|---:|---:|---:|---:|---:|---:|"]
    for label, prefix in (("unthrottled", ""), ("4× throttled", "throttled_")):
        if prefix + "keystrokes" in mine:
            lines.append(f"| {label} | {mine[prefix + 'keystroke_median_ms']:.1f} ms | {mine[prefix + 'keystroke_p95_ms']:.1f} ms | "
                         f"{mine[prefix + 'with_network_median_ms']:.1f} ms | {mine[prefix + 'with_network_p95_ms']:.1f} ms | "
                         f"{mine[prefix + 'waited_keystrokes']} | {mine[prefix + 'wait_median_ms']:.1f} ms |")
    return lines


def write_results(info, results, rebuilds, browser, big, reading=None, report=None, serving=None, searching=None, huge=None,
                  edits=None):
    (HERE / "work").mkdir(exist_ok=True)
    (HERE / "work" / "results.json").write_text(json.dumps(
        {"machine": info, "results": results, "rebuilds": rebuilds, "browser": browser, "million": big, "readers": reading,
         "report": report, "serving": serving, "searching": searching, "ten_million": huge, "edits": edits}, indent=1))
    lines = [
        "# Benchmark results",
        "",
        f"Measured {info['date']} by `make bench` on {info['cores']} cores ({info['cpu']}), "
        f"{info['memory_gib']} GiB, {info['system']}; Almanac {info['almanac']}; {info['hugo']}.",
        "Medians of each tool's runs, interleaved in one session. The machine is shared and noisy: read the ratios,",
        "which compare tools measured side by side, rather than the times.",
        "",
        "| records | runs | Almanac | Hugo | floor (`cp -r`) | Almanac ÷ Hugo | Almanac ÷ floor | Almanac peak | Hugo peak | memory ÷ Hugo | files | output |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        a, h, f = r.get("almanac", {}), r.get("hugo", {}), r.get("floor", {})
        lines.append(
            f"| {r['n']:,} | {r['runs']} | {a.get('wall', 0):.2f} s | {h.get('wall', 0):.2f} s | {f.get('wall', 0):.2f} s | "
            f"{ratio(a.get('wall'), h.get('wall'))} | {ratio(a.get('wall'), f.get('wall'))} | "
            f"{a.get('peak_mib', 0):.0f} MiB | {h.get('peak_mib', 0):.0f} MiB | {ratio(a.get('peak_mib'), h.get('peak_mib'))} | "
            f"{r['files']:,} | {r['bytes'] / 2**20:.0f} MiB |")
    last = results[-1] if results else None
    if last and last.get("per_run") and last.get("hugo"):
        lines += ["", f"Per run at {last['n']:,} records, Almanac ÷ Hugo: " + ", ".join(
            f"{run['almanac'] / run['hugo']:.3f}" for run in last["per_run"] if run["hugo"]) + "."]
    if len(results) >= 2:
        first, last = results[0], results[-1]
        scale = last["n"] / first["n"]
        lines += ["", f"Growth from {first['n']:,} to {last['n']:,} records ({scale:.0f}× the data): Almanac time "
                  f"{last['almanac']['wall'] / first['almanac']['wall']:.1f}×, memory "
                  f"{last['almanac']['peak_mib'] / first['almanac']['peak_mib']:.1f}×."]
    if rebuilds:
        lines += ["", "## Rebuilds", "", "| records | full build | unchanged rebuild | after editing the prose | edit ÷ full |",
                  "|---:|---:|---:|---:|---:|"]
        for r in rebuilds:
            lines.append(f"| {r['n']:,} | {r['full']:.2f} s | {r['unchanged']:.2f} s | {r['prose_edit']:.2f} s | {ratio(r['prose_edit'], r['full'])} |")
    if browser:
        lines += ["", "## In the browser (headless Chromium)", ""]
        for b in browser:
            if "error" in b:
                lines.append(f"- {b['error']}")
                continue
            lines += [
                f"{b['n']:,} rows, listing split into a page per section (no detail pages):",
                "",
                f"- front page interactive after {b['front_interactive_ms']:.0f} ms (loaded {b['front_load_ms']:.0f} ms)",
                f"- largest section page ({b['largest_section_rows']:,} rows: a long section is cut into pages of "
                f"at most 1,000) interactive after "
                f"{b['largest_section_interactive_ms']:.0f} ms (loaded {b['largest_section_load_ms']:.0f} ms)",
                f"- the search manifest a page loads when its search field is first focused: "
                f"{b['search_manifest_bytes'] / 1024:.0f} KiB as stored",
            ]
    if searching:
        lines += search_lines(searching)
    if report:
        lines += ["", "## A test report of 50,000 tests, beside pytest-html", ""] + report_bench.lines(report)
    if serving:
        lines += ["", "## `almanac serve` under load", ""]
        if "error" in serving:
            lines.append(f"- {serving['error']}")
        else:
            lines += [f"Measured {serving['measured']}. The listing of {serving['n']:,} records, fetched by wrk with 200 keep-alive "
                      f"connections on two threads for {serving['seconds']} s, while 20 half-open connections, 10 slow readers and "
                      "a loop of malformed requests (garbage, a 20 kB path, a TLS hello) ran alongside; everything on 127.0.0.1.",
                      "", "| server | requests/s | p99 latency | malformed requests sent | still up | wrk errors |", "|---|---:|---:|---:|:---:|---|"]
            for name in ("almanac", "hugo"):
                if name in serving:
                    f = serving[name]
                    lines.append(f"| {'`almanac serve`' if name == 'almanac' else '`hugo server` (in memory)'} | {f['rps']:.0f} | "
                                 f"{f['p99_ms']:.1f} ms | {f['bad_requests']} | {'yes' if f['alive'] else '**no**'} | {f['errors'] or '—'} |")
    if big:
        lines += ["", "## 1,000,000 records (listing and search, no detail pages)", "",
                  f"Build {big['wall']:.1f} s, peak {big['peak_mib']:.0f} MiB, {big['files']:,} files, "
                  f"{big['bytes'] / 2**20:.0f} MiB. Search is sharded into {big['shards']:,} files: a query loads the "
                  f"manifest once ({big['manifest_bytes'] / 1024:.0f} KiB) and then shard pages of at most "
                  f"{big['largest_shard_bytes'] / 1024:.0f} KiB as stored; the largest section page is "
                  f"{big.get('largest_section_page_bytes', 0) / 1024:.0f} KiB."]
        found = big.get("search") or {}
        if "first_gzip" in found:
            lines += ["", f"The same {len(found['queries'])} queries typed letter by letter into its largest section page, served "
                      f"from 127.0.0.1: the first downloads {found['first_gzip'] / 1024:.0f} KiB gzipped "
                      f"({found['first_raw'] / 1024:.0f} KiB as stored), each later one at most {found['later_max_gzip'] / 1024:.0f} KiB "
                      f"(median {found['later_median_gzip'] / 1024:.0f} KiB); keystrokes median {found['keystroke_median_ms']:.1f} ms, "
                      f"95th percentile {found['keystroke_p95_ms']:.1f} ms; the first result {found['first_result_ms']:.0f} ms "
                      "after the first keystroke on a fresh page."]
    if huge:
        lines += ["", "## 10,000,000 records (listing and search, no detail pages)", ""]
        if huge.get("measured") and huge["measured"] != f"{info['date']}, Almanac {info['almanac']}":
            lines.append(f"Measured {huge['measured']}, by the last `--ten-million` run (a full run does not repeat it); "
                         "its comparisons below are with this run's builds.")
            lines.append("")
        if huge["ok"]:
            lines.append(f"Build {huge['wall']:.0f} s, peak {huge['peak_mib'] / 1024:.1f} GiB, {huge['files']:,} files, "
                         f"{huge['bytes'] / 2**30:.1f} GiB.")
        else:
            lines.append(f"The build did not finish under a cap of {huge['cap_gib']} GiB of address space: it stopped after "
                         f"{huge['wall']:.0f} s at a peak of {huge['peak_mib'] / 1024:.1f} GiB resident ({huge['error'] or 'no message'}).")
    if reading:
        small, large = reading["sizes"]
        lines += ["", "## Readers", "", "`almanac render FILE --format json` of the same records in each format (read, model, JSON twin).", "",
                  f"| format | {small:,} rows | {large:,} rows | time per row × | peak at {large:,} |", "|---|---:|---:|---:|---:|"]
        for format in READER_FORMATS:
            times = reading["formats"][format]
            growth = (times[large]["wall"] / large) / (times[small]["wall"] / small)
            lines.append(f"| {format} | {times[small]['wall']:.2f} s | {times[large]['wall']:.2f} s | {growth:.2f} | {times[large]['peak_mib']:.0f} MiB |")
        if reading.get("columns"):
            columns = reading["columns"]
            narrow, wide = columns["widths"]
            times = columns["figures"]
            lines += ["", f"A CSV of {columns['rows']} rows, every column shown (`almanac render`, HTML, Markdown and JSON): "
                      f"{narrow:,} columns {times[narrow]['wall']:.2f} s, {wide:,} columns {times[wide]['wall']:.2f} s "
                      f"(peak {times[wide]['peak_mib']:.0f} MiB)."]
    if edits:
        lines += edit_lines(edits)
    lines += ["", "## Targets", "", "| target | figure | met |", "|---|---:|:---:|"]
    for name, figure, met in targets(results, rebuilds, browser, big, reading, report, serving, searching, huge, edits):
        lines.append(f"| {name} | {figure} | {'yes' if met else '**no**'} |")
    (HERE / "RESULTS.md").write_text("\n".join(lines) + "\n")


def splice_report(report):
    """Replaces the test report's section and its rows of the targets table in RESULTS.md."""
    path = HERE / "RESULTS.md"
    text = path.read_text()
    section = "\n".join(["## A test report of 50,000 tests, beside pytest-html", ""] + report_bench.lines(report)) + "\n\n"
    start = text.find("## A test report")
    end = text.find("\n## ", start + 1) + 1 if start >= 0 else -1
    text = text[:start] + section + text[end:] if start >= 0 else text.replace("## Targets", section + "## Targets")
    rows = [line for line in text.split("\n") if line.startswith("| a single-file report of") or line.startswith("| test report")]
    for line in rows:
        text = text.replace(line + "\n", "")
    table = text.index("| target | figure | met |")
    end_of_table = text.find("\n\n", table)
    end_of_table = len(text.rstrip("\n")) if end_of_table < 0 else end_of_table
    added = "".join(f"\n| {what} | {figure} | {'yes' if met else '**no**'} |" for what, figure, met in report_bench.targets(report))
    text = text[:end_of_table] + added + text[end_of_table:]
    path.write_text(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--runs", type=int, default=0, help="runs per size (default: 5)")
    parser.add_argument("--million", action="store_true", help="also build 1,000,000 records")
    parser.add_argument("--ten-million", action="store_true",
                        help="only build 10,000,000 records (listing and search), keeping the last run's other figures")
    parser.add_argument("--no-browser", action="store_true")
    parser.add_argument("--no-readers", action="store_true", help="skip timing each reader at 10,000 and 100,000 rows")
    parser.add_argument("--report-only", action="store_true", help="rewrite RESULTS.md from the last run's figures")
    parser.add_argument("--test-report-only", action="store_true",
                        help="measure only the single-file test report, keeping the last run's other figures")
    parser.add_argument("--serve-only", action="store_true", help="measure only `almanac serve` under load, keeping the rest")
    parser.add_argument("--edits-only", action="store_true",
                        help="measure only edits at 100,000 rows (build, serve and hugo server), keeping the rest")
    parser.add_argument("--browse-only", action="store_true",
                        help="measure only filters and Sort by on split pages, keeping the rest")
    parser.add_argument("--browse-sizes", default="100000,1000000", help="the sizes --browse-only measures")
    parser.add_argument("--typo-only", action="store_true",
                        help="measure only typo and phrase queries on sharded pages beside Lunr, keeping the rest")
    parser.add_argument("--typo-sizes", default="100000,1000000",
                        help="the sizes --typo-only measures (Lunr and Pagefind at the first); the others keep their last figures")
    parser.add_argument("--search-only", action="store_true",
                        help="measure only search at 100,000 rows beside Pagefind, keeping the rest")
    args = parser.parse_args()
    if args.typo_only:
        WORK.mkdir(parents=True, exist_ok=True)
        make_driver, why = browser_driver()
        if make_driver is None:
            sys.exit(why)
        typos = typo_bench.typo_figures([int(size) for size in args.typo_sizes.split(",") if size], generate, ALMANAC, WORK,
                                        make_driver, remove, pagefind_site=pagefind_pages)
        # Sizes not measured this time keep their last figures.
        last = WORK / "typos.json"
        if last.exists():
            earlier = json.loads(last.read_text())["sizes"]
            typos["sizes"] = {int(n): f for n, f in earlier.items() if int(n) not in typos["sizes"]} | typos["sizes"]
            typos["sizes"] = dict(sorted(typos["sizes"].items()))
        (WORK / "typos.json").write_text(json.dumps(typos, indent=1))
        splice_typos(typos)
        print((HERE / "RESULTS.md").read_text())
        empty_trash()
        return
    if args.browse_only:
        WORK.mkdir(parents=True, exist_ok=True)
        browsing = browse_at_scale([int(size) for size in args.browse_sizes.split(",") if size])
        (WORK / "browse.json").write_text(json.dumps(browsing, indent=1))
        splice_browse(browsing)
        print((HERE / "RESULTS.md").read_text())
        empty_trash()
        return
    if args.test_report_only and not (HERE / "work" / "results.json").exists():
        # No earlier run's figures on this machine: the report's section and target rows are
        # replaced in RESULTS.md as it stands, the rest left as measured.
        WORK.mkdir(parents=True, exist_ok=True)
        splice_report(report_figures())
        print((HERE / "RESULTS.md").read_text())
        return
    if args.report_only or args.test_report_only or args.serve_only or args.search_only or args.ten_million or args.edits_only:
        saved = json.loads((HERE / "work" / "results.json").read_text())
        # JSON keeps the readers' row counts as text; the report reads them as numbers.
        for times in list((saved.get("readers") or {}).get("formats", {}).values()) + [((saved.get("readers") or {}).get("columns") or {}).get("figures", {})]:
            for size in list(times):
                times[int(size)] = times.pop(size)
        report = report_figures() if args.test_report_only else saved.get("report")
        serving = serve_figures() if args.serve_only else saved.get("serving")
        searching = search_at_scale(100_000) if args.search_only else saved.get("searching")
        huge = ten_million() if args.ten_million else saved.get("ten_million")
        edits = edit_figures() if args.edits_only else saved.get("edits")
        write_results(saved["machine"], saved["results"], saved["rebuilds"], saved["browser"], saved["million"], saved.get("readers"),
                      report, serving, searching, huge, edits)
        print((HERE / "RESULTS.md").read_text())
        return
    if not ALMANAC.exists():
        sys.exit(f"no almanac binary at {ALMANAC}: run `swift build -c release` first")
    if not (SHARED / "gen_data.py").exists():
        sys.exit(f"no benchmark generator at {SHARED}: set ALMANAC_BENCH_SHARED")
    WORK.mkdir(parents=True, exist_ok=True)
    has_hugo = shutil.which("hugo") is not None
    if not has_hugo:
        print("warning: hugo is not installed; measuring Almanac and the floor only", file=sys.stderr)
    sizes = [int(s) for s in args.sizes.split(",") if s]
    results = []
    for n in sizes:
        # Five runs at every size: at 100,000 rows single runs' ratios to Hugo spread from 0.10
        # to 0.18 on this machine, and the target sits inside that spread.
        runs = args.runs or 5
        print(f"N={n}: {runs} runs", flush=True)
        results.append(measure(n, runs, has_hugo))
    rebuilds = [rebuild(max(sizes))]
    browser = [] if args.no_browser else [browser_figures(max(sizes))]
    big = million() if args.million else None
    reading = None if args.no_readers else readers()
    report = None if args.no_browser else report_figures()
    serving = serve_figures()
    searching = None if args.no_browser else search_at_scale(max(sizes))
    # The 10,000,000-row build takes longer than the rest together and has its own flag: a
    # full run keeps the last one's figures, saying when they were measured.
    huge = None
    saved_path = HERE / "work" / "results.json"
    if args.million and saved_path.exists():
        saved = json.loads(saved_path.read_text())
        huge = saved.get("ten_million")
        if huge and "measured" not in huge:
            huge["measured"] = f"{saved['machine']['date']}, Almanac {saved['machine']['almanac']}"
    edits = edit_figures(max(sizes))
    write_results(machine(), results, rebuilds, browser, big, reading, report, serving, searching, huge, edits)
    print((HERE / "RESULTS.md").read_text())
    print("Deleting the benchmark's output trees...", flush=True)
    empty_trash()


if __name__ == "__main__":
    main()

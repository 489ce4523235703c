"""Edits as a person makes them, on the benchmark's records with a page per record: a prose
edit, one changed row and one added row.

- `almanac build` after each, against a full build: time and files rendered.
- `almanac serve` and `hugo server` (live reload on, as a user runs it): the time from the
  edited file landing on the disk to the reload message reaching a connected client, read
  from Almanac's event stream and from Hugo's live-reload WebSocket.

Every server listens on loopback, every wait is bounded, and every server is stopped.
"""

import http.client
import json
import os
import pathlib
import queue
import re
import shutil
import socket
import subprocess
import threading
import time

WAIT = 1200  # seconds at most for any one build or reload (hugo server took over 600 for a prose edit)


def replace(path, text):
    """Writes a file as an editor does: a temporary file renamed over it. Returns the moment
    the new file is in place."""
    path = pathlib.Path(path)
    temporary = path.with_name("." + path.name + ".bench")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)
    return time.monotonic()


def edited_records(records, change):
    """The records with one row changed (`changed`) or one added (`added`), as JSON text."""
    rows = json.loads(pathlib.Path(records).read_text(encoding="utf-8"))
    middle = dict(rows[len(rows) // 2])
    if change == "changed":
        middle["city"] = middle["city"] + " Harbour"
        rows[len(rows) // 2] = middle
    else:
        middle["id"] = "r-bench-added"
        middle["name"] = middle["name"] + " Annex"
        rows.insert(len(rows) // 2, middle)
    return rows, json.dumps(rows, ensure_ascii=False, indent=1)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def build_figures(almanac, site, output):
    """`almanac build` after each edit, beside a full build of the same site."""
    def build(*extra):
        started = time.monotonic()
        done = subprocess.run([str(almanac), "build", "--output", str(output), *extra], cwd=site, capture_output=True, text=True,
                              timeout=WAIT, check=True)
        rendered = re.search(r"rendered ([\d,]+) files?", done.stdout)
        return time.monotonic() - started, int(rendered.group(1).replace(",", "")) if rendered else 0

    records = site / "Content" / "records.json"
    original = records.read_text(encoding="utf-8")
    page = site / "Content" / "records.md"
    prose = page.read_text(encoding="utf-8")
    figures = {}
    try:
        figures["full"], figures["full_files"] = build("--no-cache")
        build()  # the cache, which --no-cache does not leave
        for change in ("changed", "added"):
            replace(records, edited_records(records, change)[1])
            figures[change], figures[change + "_files"] = build()
            replace(records, original)
            build()
        replace(page, prose + "\nEdited.\n")
        figures["prose"], figures["prose_files"] = build()
    finally:
        replace(page, prose)
        replace(records, original)
    return figures


class EventStream:
    """Almanac's `/__almanac/events`, read on a thread: each event's name with the moment it
    arrived."""

    def __init__(self, port):
        self.events = queue.Queue()
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
        self.connection.request("GET", "/__almanac/events")
        self.response = self.connection.getresponse()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        try:
            for line in self.response:
                if line.startswith(b"event: "):
                    self.events.put((line[7:].strip().decode(), time.monotonic()))
        except (OSError, ValueError, AttributeError):  # closed under the reader
            pass

    def next_reload(self, after):
        deadline = time.monotonic() + WAIT
        while True:
            name, when = self.events.get(timeout=max(0.1, deadline - time.monotonic()))
            if when >= after and name in ("reload", "fixed"):
                return when
            if name == "problem":
                raise RuntimeError("the site did not build after the edit")

    def close(self):
        self.connection.close()


class LiveReload:
    """Hugo's live-reload WebSocket (the livereload protocol): each reload command with the
    moment it arrived."""

    def __init__(self, port):
        import websocket  # websocket-client, from Benchmarks/requirements.txt
        self.events = queue.Queue()
        self.socket = websocket.create_connection(f"ws://127.0.0.1:{port}/livereload", timeout=WAIT)
        self.socket.send(json.dumps({"command": "hello", "protocols": ["http://livereload.com/protocols/official-7"]}))
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        try:
            while True:
                message = json.loads(self.socket.recv())
                if message.get("command") == "reload":
                    self.events.put(time.monotonic())
        except Exception:  # closed
            pass

    def next_reload(self, after):
        deadline = time.monotonic() + WAIT
        while True:
            when = self.events.get(timeout=max(0.1, deadline - time.monotonic()))
            if when >= after:
                return when

    def close(self):
        self.socket.close()


def wait_until_serving(port, process, path):
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("the server stopped")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", path)
            if connection.getresponse().status == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError("the server did not start serving")


def settle(client, seconds=3):
    """Lets the server finish what it started before the next edit, draining its messages:
    waits `seconds` (longer than a rebuild takes, so that one an editor's second write set
    off is over too), then until nothing has come for a second."""
    time.sleep(seconds)
    while True:
        try:
            client.events.get(timeout=1)
        except queue.Empty:
            return


def reload_time(client, path, text, built=None):
    """Writes `text` over `path` and times its reload; then waits until the build is over
    (`built`, where the server says so: Almanac reloads pages before it has linked the
    unchanged files) and lets the server go quiet, so no build of this edit is still running
    when the next edit lands."""
    written = replace(path, text)
    seconds = client.next_reload(written) - written
    if built:
        built(written)
        settle(client, 1)
    else:
        settle(client, 2 * seconds + 2)
    return seconds


class ServeLog:
    """`almanac serve`'s lines, read on a thread, each with the moment it came."""

    def __init__(self, process):
        self.lines = queue.Queue()
        threading.Thread(target=self.read, args=(process,), daemon=True).start()

    def read(self, process):
        for line in process.stdout:
            self.lines.put((line, time.monotonic()))

    def wait_built(self, after):
        """Until a build that ended after `after` says so ("Rebuilt …")."""
        deadline = time.monotonic() + WAIT
        while True:
            line, when = self.lines.get(timeout=max(0.1, deadline - time.monotonic()))
            if when >= after and line.startswith("Rebuilt"):
                return


def almanac_reloads(almanac, site):
    """Edit to reload in `almanac serve`, for each edit."""
    records = site / "Content" / "records.json"
    original = records.read_text(encoding="utf-8")
    page = site / "Content" / "records.md"
    prose = page.read_text(encoding="utf-8")
    port = free_port()
    process = subprocess.Popen([str(almanac), "serve", "--port", str(port), "--output", str(site / "Served")], cwd=site,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    log = ServeLog(process)
    figures = {}
    client = None
    try:
        wait_until_serving(port, process, "/records.html")
        client = EventStream(port)
        settle(client)
        figures["prose"] = reload_time(client, page, prose + "\nEdited.\n", log.wait_built)
        for change in ("changed", "added"):
            figures[change] = reload_time(client, records, edited_records(records, change)[1], log.wait_built)
            reload_time(client, records, original, log.wait_built)
    finally:
        if client:
            client.close()
        process.terminate()
        process.wait(30)
        replace(page, prose)
        replace(records, original)
        shutil.rmtree(site / "Served", ignore_errors=True)
    return figures


def hugo_reloads(hugo):
    """Edit to reload in `hugo server` on the same records: a record's content file for the
    prose, its data file for a changed row, both for an added one."""
    site, content = hugo / "site", hugo / "content"
    data = site / "data" / "records.json"
    original = data.read_text(encoding="utf-8")
    rows = json.loads(original)
    middle = rows[len(rows) // 2]
    record_file = content / "r" / f"{middle['id']}.md"
    record_text = record_file.read_text(encoding="utf-8")
    port = free_port()
    process = subprocess.Popen(["hugo", "server", "-s", str(site), "--contentDir", str(content), "--port", str(port),
                                "--bind", "127.0.0.1", "--quiet"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    figures = {}
    client = None
    added = content / "r" / "r-bench-added.md"
    try:
        wait_until_serving(port, process, "/")
        client = LiveReload(port)
        settle(client)
        figures["prose"] = reload_time(client, record_file, record_text + "\nEdited.\n")
        figures["changed"] = reload_time(client, data, edited_records(data, "changed")[1])
        reload_time(client, data, original)
        rows_added, text = edited_records(data, "added")
        added_row = next(row for row in rows_added if row["id"] == "r-bench-added")
        replace(added, record_text.replace(middle["id"], added_row["id"]).replace(json.dumps(middle["name"]), json.dumps(added_row["name"])))
        written = replace(data, text)
        figures["added"] = client.next_reload(written) - written
    finally:
        if client:
            client.close()
        process.terminate()
        process.wait(60)
        replace(record_file, record_text)
        replace(data, original)
        if added.exists():
            added.unlink()
    return figures

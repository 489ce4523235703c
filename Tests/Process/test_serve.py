"""`almanac serve` over real sockets: only files inside Output/ are served, with the headers a
careful static host sends; an edit rebuilds the site and tells open pages; a broken build keeps
the last good site; many clients, slow ones, half-open ones and malformed requests do not stop
it. Every client here talks to 127.0.0.1 only, and every loop is bounded."""

import concurrent.futures
import http.client
import os
import pathlib
import signal
import socket
import subprocess
import sys
import time

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from serve_fixture import ALMANAC, Served  # noqa: E402


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    server = Served(tmp_path_factory.mktemp("serve") / "site")
    yield server
    assert server.stop() == 0, "Ctrl-C stops the server cleanly"
    assert server.lines[-1] == "Stopped."


def raw(port, request, timeout=5):
    """Sends bytes as they are and returns the status line's code (or None if closed)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
        connection.sendall(request)
        answer = b""
        try:
            while b"\r\n" not in answer:
                chunk = connection.recv(4096)
                if not chunk:
                    break
                answer += chunk
        except socket.timeout:
            return None
    return int(answer.split(b" ")[1]) if answer.startswith(b"HTTP/") else None


def get(served, path, headers=None, method="GET"):
    connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
    connection.request(method, path, headers=headers or {})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response, body


@pytest.mark.parametrize("path", [
    b"/../../../../etc/passwd", b"/%2e%2e/%2e%2e/%2e%2e/etc/passwd", b"/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
    b"/assets/..%2f..%2f..%2fetc/passwd", b"/planets%00.html", b"/%zz", b"//etc/passwd", b"/.almanac-build/../../x",
    b"/..\\..\\etc\\passwd",
])
def test_nothing_outside_the_output_is_served(served, path):
    code = raw(served.port, b"GET " + path + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert code in (400, 404)


@pytest.mark.parametrize("target", [b"/planets\x00.html", b"/planets.html\x00", b"/\x00", b"/planets.html\x00?x=1",
                                    b"/planets\x00HTTP/"])
def test_a_raw_nul_in_the_path_is_a_bad_request(served, target):
    """A C string ends at the NUL, so the path would arrive cut (`/planets.html`, served 200):
    the server sees that the target ran on and refuses it."""
    code = raw(served.port, b"GET " + target + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert code == 400


@pytest.mark.parametrize("target", [b"/planets.html", b"/planets.html?x=1&y", b"/planets.html?", b"/assets/"])
def test_paths_without_a_nul_are_answered_as_usual(served, target):
    code = raw(served.port, b"GET " + target + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert code in (200, 404)
    assert raw(served.port, b"GET " + target + b" HTTP/1.0\r\n\r\n") in (200, 404)


def test_a_link_out_of_the_output_is_not_followed(served):
    link = served.folder / "Output" / "outside"
    link.symlink_to("/etc")
    try:
        response, _ = get(served, "/outside/passwd")
        assert response.status == 404
    finally:
        link.unlink()


def test_files_come_with_types_validators_and_ranges(served):
    page, body = get(served, "/planets.html")
    assert page.status == 200 and page.getheader("Content-Type") == "text/html; charset=utf-8"
    assert page.getheader("Content-Security-Policy") == "default-src 'self'"
    assert b'<script src="/__almanac/reload.js" data-events="/__almanac/events" defer="defer"></script>\n</body>' in body
    assert b"__almanac" not in (served.folder / "Output" / "planets.html").read_bytes(), "the built site never holds the client"
    again, _ = get(served, "/planets.html", {"If-None-Match": page.getheader("ETag")})
    assert again.status == 304
    head, head_body = get(served, "/planets.html", method="HEAD")
    assert head.status == 200 and head_body == b"" and head.getheader("Content-Length") == str(len(body))
    stylesheet = next((served.folder / "Output" / "assets").glob("almanac.*.css"))
    css, whole = get(served, "/assets/" + stylesheet.name)
    assert css.getheader("Content-Type") == "text/css; charset=utf-8" and css.getheader("Accept-Ranges") == "bytes"
    part, piece = get(served, "/assets/" + stylesheet.name, {"Range": "bytes=10-19"})
    assert part.status == 206 and piece == whole[10:20] and part.getheader("Content-Range") == f"bytes 10-19/{len(whole)}"
    beyond, _ = get(served, "/assets/" + stylesheet.name, {"Range": f"bytes={len(whole) + 5}-"})
    assert beyond.status == 416
    home, home_body = get(served, "/")
    assert home.status == 200 and b"<h1>" in home_body
    listing, _ = get(served, "/assets/")
    assert listing.status == 404, "no directory listings"
    moved, _ = get(served, "/assets")
    assert moved.status == 301 and moved.getheader("Location") == "/assets/", "a folder with no page of its name"
    posted, _ = get(served, "/planets.html", method="POST")
    assert posted.status == 405


def events(served, count, timeout=20):
    """The first `count` events the reload stream sends, as (name, data)."""
    connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=timeout)
    connection.request("GET", "/__almanac/events")
    response = connection.getresponse()
    assert response.getheader("Content-Type") == "text/event-stream"
    found, name, data = [], None, []
    while len(found) < count:
        line = response.fp.readline().decode().rstrip("\n")
        if line.startswith("event: "):
            name = line[7:]
        elif line.startswith("data: "):
            data.append(line[6:])
        elif line == "" and name:
            found.append((name, "\n".join(data)))
            name, data = None, []
    connection.close()
    return found


def rebuilds_since(served, before, timeout=15):
    """The "Rebuilt" lines logged after the first `before` lines, once there is one (or after
    `timeout` seconds, none)."""
    deadline = time.monotonic() + timeout
    while not any(line.startswith("Rebuilt") for line in served.lines[before:]) and time.monotonic() < deadline:
        time.sleep(0.05)
    return [line for line in served.lines[before:] if line.startswith("Rebuilt")]


def test_a_file_that_changes_nothing_rebuilds_without_reloading_the_pages(served):
    """An editor's temporary file in the content folder wakes a build that finds nothing to
    change: it writes nothing and the open pages are not reloaded."""
    before = len(served.lines)
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        waiting = pool.submit(events, served, 1, 4)
        time.sleep(0.5)
        scratch = served.folder / "Content" / ".planets.md.swp"
        scratch.write_text("an editor's swap file")
        try:
            rebuilt = rebuilds_since(served, before)
            assert rebuilt and "0 files rendered" in rebuilt[0], served.lines[before:]
            with pytest.raises((socket.timeout, TimeoutError)):
                waiting.result()
        finally:
            scratch.unlink()
    assert served.wait_for_line("Rebuilt", timeout=15)


def test_a_retitled_page_is_rebuilt_from_the_data_the_server_parsed_before(served):
    """An edit of a page's front matter leaves its data file as it was: the server models the
    page from the data it parsed for the last build, says so, and serves the new title."""
    page = served.folder / "Content" / "planets.md"
    text = page.read_text()
    before = len(served.lines)
    page.write_text(text.replace("title: Planets", "title: The Planets", 1))
    try:
        rebuilt = rebuilds_since(served, before)
        assert rebuilt and "data of 1 page kept in memory" in rebuilt[0], served.lines[before:]
        _, body = get(served, "/planets.html")
        assert b"<h1" in body and b"The Planets" in body
    finally:
        before = len(served.lines)
        page.write_text(text)
        rebuilds_since(served, before)


def test_an_edit_rebuilds_and_a_broken_build_keeps_the_last_good_site(served):
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        waiting = pool.submit(events, served, 1)
        time.sleep(0.5)
        subprocess.run([ALMANAC, "add", "Content/planets.csv", "name=Vulcan", "kind=terrestrial", "order=0", "moons=0", "year=1"],
                       cwd=served.folder, check=True, capture_output=True)
        assert waiting.result()[0][0] == "reload"
    _, body = get(served, "/planets.html")
    assert b"Vulcan" in body
    page = served.folder / "Content" / "planets.md"
    good = page.read_text()
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        waiting = pool.submit(events, served, 2)
        time.sleep(0.5)
        page.write_text(good.replace("group: kind", "group: [kind"))
        time.sleep(1.5)
        page.write_text(good)
        (problem, text), (fixed, _) = waiting.result()
    assert problem == "problem" and "planets.md:" in text and "error:" in text
    assert fixed == "fixed"
    assert served.wait_for_line("The last good build is still served.")
    _, body = get(served, "/planets.html")
    assert b"Vulcan" in body


def test_many_clients_slow_ones_half_open_ones_and_garbage_do_not_stop_it(served):
    """Bounded: 100 keep-alive clients of 20 requests each, with bad clients alongside."""
    deadline = time.monotonic() + 30
    half_open = [socket.create_connection(("127.0.0.1", served.port)) for _ in range(20)]
    for connection in half_open:
        connection.sendall(b"GET /planets.html HTTP/1.1\r\nHost: x\r\n")  # never finished
    slow = [socket.create_connection(("127.0.0.1", served.port)) for _ in range(5)]
    for connection in slow:
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        connection.sendall(b"GET /planets.json HTTP/1.1\r\nHost: x\r\n\r\n")
    garbage = [b"GARBAGE\r\n\r\n", b"GET / HTTP/9.9\r\n\r\n", b"GET /" + b"a" * 100_000 + b" HTTP/1.1\r\n\r\n",
               b"GET / HTTP/1.1\r\nHost: x\r\nX: " + b"\0" * 100 + b"\r\n\r\n", b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03"]
    # Each gets an answer or a closed connection; a NUL in a header it ignores is answered.
    codes = [raw(served.port, request, timeout=3) for request in garbage]
    assert codes[0] in (None, 400) and codes[1] in (None, 400, 505) and codes[2] in (None, 400, 414, 431)

    def client(number):
        connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
        statuses = []
        for _ in range(20):
            if time.monotonic() > deadline:
                break
            connection.request("GET", "/planets.html" if number % 2 else "/index.md")
            response = connection.getresponse()
            response.read()
            statuses.append(response.status)
        connection.close()
        return statuses

    with concurrent.futures.ThreadPoolExecutor(100) as pool:
        running = pool.map(client, range(100))
        # A rebuild is not held up by the load.
        rebuilt = sum("Rebuilt" in line for line in served.lines)
        subprocess.run([ALMANAC, "add", "Content/planets.csv", "name=Loaded", "kind=terrestrial", "order=0", "moons=0", "year=2"],
                       cwd=served.folder, check=True, capture_output=True)
        deadline_rebuild = time.monotonic() + 20
        while sum("Rebuilt" in line for line in served.lines) == rebuilt and time.monotonic() < deadline_rebuild:
            time.sleep(0.05)
        assert sum("Rebuilt" in line for line in served.lines) > rebuilt, "rebuilt while under load"
        results = [status for statuses in running for status in statuses]
    assert results and set(results) == {200}
    for connection in half_open + slow:
        connection.close()
    response, _ = get(served, "/planets.html")
    assert response.status == 200 and served.process.poll() is None


def test_a_page_is_served_at_its_address_without_html(served):
    """As GitHub Pages and Netlify serve it: `/planets` is planets.html, not a 404."""
    response, body = get(served, "/planets")
    assert response.status == 200
    assert b'<link rel="canonical"' in body or b"<h1" in body
    assert get(served, "/planets.html")[0].status == 200
    assert response.getheader("Content-Type").startswith("text/html")


def test_a_folder_without_content_is_said_and_not_served(tmp_path):
    result = subprocess.run([ALMANAC, "serve", "--port", "0"], cwd=tmp_path, capture_output=True, text=True, timeout=30)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "almanac: error: no content folder at Content" in result.stderr
    assert "Serving" not in result.stdout and not (tmp_path / "Output").exists()


def test_an_output_inside_the_content_is_refused_before_serving(tmp_path):
    """As `build` refuses it: serve would otherwise run on, claiming a site it never built."""
    site = tmp_path / "site"
    subprocess.run([ALMANAC, "init", str(site)], check=True, capture_output=True)
    result = subprocess.run([ALMANAC, "serve", "--port", "0", "--output", "Content/out"], cwd=site,
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "the output folder Content/out lies inside the content folder" in result.stderr
    assert "Serving" not in result.stdout and not (site / "Content" / "out").exists()


def test_a_site_that_never_built_is_not_said_to_be_served(tmp_path):
    site = tmp_path / "site"
    subprocess.run([ALMANAC, "init", str(site)], check=True, capture_output=True)
    (site / "Content" / "broken.md").write_text("---\ndata: missing.csv\n---\n")
    process = subprocess.Popen([ALMANAC, "serve", "--port", "0"], cwd=site, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
    try:
        lines = []
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            line = process.stdout.readline()
            if not line or line.startswith("Serving "):
                break
            lines.append(line.rstrip("\n"))
        assert any("cannot read the data file 'missing.csv'" in line for line in lines), lines
        assert "Nothing is served until the site builds." in lines
        assert "The last good build is still served." not in lines
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(10)


def test_polling_watches_where_inotify_is_not_used(tmp_path):
    server = Served(tmp_path / "polled", "--poll")
    try:
        assert any("(polling)" in line for line in server.lines)
        subprocess.run([ALMANAC, "add", "Content/planets.csv", "name=Vulcan", "kind=terrestrial", "order=0", "moons=0", "year=1"],
                       cwd=server.folder, check=True, capture_output=True)
        assert server.wait_for_line("Rebuilt 1 page")
        _, body = get(server, "/planets.html")
        assert b"Vulcan" in body
    finally:
        assert server.stop() == 0


def test_pages_reload_before_the_unchanged_files_are_linked(tmp_path):
    """A changed row is answered from the build's staging folder over the previous output as
    soon as it is made: the reload comes before the thousands of unchanged pages are linked,
    every page answers with the new build meanwhile — also across the swap, after which the
    staging path holds the previous tree — and Output/ ends as a fresh build."""
    server = Served(tmp_path / "site")
    try:
        content = server.folder / "Content"
        rows = "name,city\n" + "".join(f"Item {i:05},City {i}\n" for i in range(6000))
        (content / "items.csv").write_text(rows)
        (content / "items.md").write_text("---\ndata: items.csv\ndetail: true\n---\n")
        assert server.wait_for_line("Rebuilt 2 pages", timeout=60)
        time.sleep(1)
        built = len(server.lines)
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            waiting = pool.submit(events, server, 1)
            time.sleep(0.5)
            (content / "items.csv").write_text(rows.replace("Item 01234,City 1234", "Item 01234,Atlantis"))
            assert waiting.result()[0][0] == "reload"
            _, changed = get(server, "/items/item-01234.html")
            response, unchanged = get(server, "/items/item-04321.html")
        assert b"Atlantis" in changed
        assert response.status == 200 and b"City 4321" in unchanged
        deadline, answers = time.monotonic() + 60, 0
        while not any("pages reloaded after" in line for line in server.lines[built:]) and time.monotonic() < deadline:
            response, body = get(server, "/items/item-01234.html")
            assert response.status == 200 and b"Atlantis" in body, f"answer {answers} after the reload is the previous build"
            answers += 1
        print(f"\n{answers} answers between the reload and the end of the build, all of the new build")
        line = next((line for line in server.lines[built:] if "pages reloaded after" in line), "\n".join(server.lines))
        total = float(line.split("(")[1].split(" s")[0])
        reloaded = float(line.split("pages reloaded after ")[1].split(" s")[0])
        assert reloaded < total, line
        fresh = tmp_path / "fresh"
        subprocess.run([ALMANAC, "build", "--content", str(content), "--output", str(fresh), "--quiet"],
                       cwd=server.folder, check=True, capture_output=True)

        def tree(root):
            return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*")
                    if p.is_file() and p.name != ".almanac-build"}
        assert tree(server.folder / "Output") == tree(fresh)
    finally:
        assert server.stop() == 0


def test_ctrl_c_the_moment_serving_is_said_always_stops_the_server(tmp_path):
    # The line that says Ctrl-C stops the server comes after the handler is in place: a
    # SIGINT sent the instant it appears is never lost (a signal source armed later was).
    site = tmp_path / "site"
    subprocess.run([ALMANAC, "init", str(site)], check=True, capture_output=True)
    for attempt in range(10):
        process = subprocess.Popen([ALMANAC, "serve", "--port", "0"], cwd=site, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True)
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                line = process.stdout.readline()
                if not line or line.startswith("Serving "):
                    break
            process.send_signal(signal.SIGINT)
            assert process.wait(20) == 0, f"attempt {attempt}"
            assert process.stdout.read().strip().endswith("Stopped.")
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()

"""The reader's side of search on a large table, beside Pagefind on Hugo's output of the same
records: what a query downloads, how soon its first result shows and how long a keystroke takes.

Both sites are served from 127.0.0.1 by one small static server that logs every file it sends,
so the bytes are counted the same way for both: as stored, and as a static host sends them with
gzip (level 6; a file gzip does not shrink, like Pagefind's own compressed index, is counted as
stored). Counting starts when the reader first focuses the search field: the page itself (HTML,
style, Almanac's script) is not counted for either, Pagefind's script and index are.

Each of the 20 queries is typed letter by letter into one open page, as a person does, with the
browser's cache kept between queries; Almanac's page shows the first 100 results (labels),
Pagefind's harness loads the first 5 results' data, as Pagefind's own interface shows them.
"""

import contextlib
import gzip
import http.server
import json
import pathlib
import statistics
import subprocess
import threading
import time

QUERIES = [
    "anderson", "zürich", "garcia", "kraków", "software", "nakamura", "falcon ridge", "lindqvist",
    "berlin", "copper", "ørsted", "robotics", "émile", "healthcare", "tokyo", "summit labs",
    "kowalski", "são paulo", "harbor", "vertex",
]

# How many times the queries are typed under 4x CPU throttling.
THROTTLED_PASSES = 3

# The shortest time between two keystrokes, as a fast typist (about 120 words a minute) leaves
# them: the next letter is typed this long after the last, or as soon as the last one's results
# show if that takes longer, and a query is cleared this long before the next is begun. Typed
# back to back instead, a keystroke also paid for drawing the last one's results and, after a
# clear, for laying out the whole page again, work a person's pause leaves room for.
KEYSTROKE_INTERVAL_MS = 100

# Pagefind's JavaScript API driven as its interface drives it: a search per keystroke, then the
# data of the results shown (five at first).
PAGEFIND_HARNESS = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Pagefind benchmark</title>
<script type="module" src="pagefind-bench.js"></script></head>
<body><input id="q" type="search"><ol id="results"></ol></body></html>
"""
PAGEFIND_SCRIPT = """let pagefind = null;
window.benchQuery = async (query) => {
  if (!pagefind) pagefind = await import('./pagefind/pagefind.js');
  const search = await pagefind.search(query);
  const shown = await Promise.all(search.results.slice(0, 5).map((result) => result.data()));
  const list = document.getElementById('results');
  list.replaceChildren(...shown.map((data) => {
    const item = document.createElement('li');
    item.textContent = data.meta.title || data.url;
    return item;
  }));
  return search.results.length;
};
window.benchReady = true;
"""


class SentFiles:
    """Every file the server sent, in order, with its size stored and gzipped."""

    def __init__(self, root):
        self.root = pathlib.Path(root)
        self.sent = []
        self.sizes = {}
        self.lock = threading.Lock()

    def note(self, path):
        local = self.root / path.split("?", 1)[0].lstrip("/")
        if local.is_dir():
            local = local / "index.html"
        if not local.is_file():
            return
        if local not in self.sizes:
            raw = local.read_bytes()
            self.sizes[local] = (len(raw), min(len(raw), len(gzip.compress(raw, 6))))
        with self.lock:
            self.sent.append(local)

    def mark(self):
        with self.lock:
            return len(self.sent)

    def since(self, mark):
        """Bytes stored and gzipped of the files sent since `mark`."""
        with self.lock:
            files = self.sent[mark:]
        return sum(self.sizes[f][0] for f in files), sum(self.sizes[f][1] for f in files), len(files)


def serve(root):
    """A static server on 127.0.0.1 (any free port) that notes what it sends; stop with
    `server.shutdown()`."""
    sent = SentFiles(root)

    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(root), **kwargs)

        def end_headers(self):
            self.send_header("Cache-Control", "max-age=3600")
            super().end_headers()

        def do_GET(self):
            sent.note(self.path)
            super().do_GET()

        def log_message(self, *args):
            pass

    Handler.extensions_map = {**Handler.extensions_map, ".js": "text/javascript", ".wasm": "application/wasm"}
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, sent


@contextlib.contextmanager
def browsing(root, make_driver, timeout=180):
    """A counting server on `root` and a headless browser, both closed after: yields the driver,
    the server's `SentFiles` and the site's address (ending in `/`)."""
    server, sent = serve(root)
    driver = make_driver()
    driver.set_script_timeout(timeout)
    try:
        yield driver, sent, f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        driver.quit()
        server.shutdown()


def almanac_queries(driver, url, sent, throttle=1):
    """Types each query into Almanac's search: bytes per query and each keystroke's time."""
    driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": throttle})
    driver.get(url)
    mark = sent.mark()
    # Focusing the field loads the search data (the manifest), as it does for a person.
    driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        // The manifest comes after the entry that names it (BrowserContract.DataChannel).
        document.addEventListener('almanac:data', (event) => {
          const [channel, , value] = event.detail;
          if (channel === 'search' && !('file' in value)) done();
        });
        document.getElementById('search-field').focus();""")
    driver.execute_script("performance.setResourceTimingBufferSize(100000)")
    per_query = []
    for query in QUERIES:
        for index in range(1, len(query) + 1):
            driver.execute_async_script("""
                const [text, interval, done] = arguments;
                const field = document.getElementById('search-field');
                const typed = performance.now();
                // Told of the keystroke's measure rather than polling for it: a timer firing
                // every few milliseconds would run inside the keystrokes that wait for a file.
                const finish = () => {
                  observer.disconnect();
                  clearTimeout(timeout);
                  setTimeout(done, Math.max(0, interval - (performance.now() - typed)));
                };
                const observer = new PerformanceObserver((list) => {
                  if (list.getEntriesByName('almanac-search').length > 0) finish();
                });
                observer.observe({ type: 'measure' });
                const timeout = setTimeout(finish, 10000);
                field.value = text;
                field.dispatchEvent(new Event('input', { bubbles: true }));""", query[:index], KEYSTROKE_INTERVAL_MS)
        raw, zipped, files = sent.since(mark)
        results = driver.execute_script("return document.querySelectorAll('.search-results li').length")
        per_query.append({"query": query, "raw": raw, "gzip": zipped, "files": files, "shown": results})
        mark = sent.mark()
        driver.execute_async_script("""
            const [interval, done] = arguments;
            const field = document.getElementById('search-field');
            field.value = '';
            field.dispatchEvent(new Event('input', { bubbles: true }));
            setTimeout(done, interval);""", KEYSTROKE_INTERVAL_MS)
    keystrokes = driver.execute_script("""
        const shards = performance.getEntriesByType('resource').filter((e) => e.name.includes('/assets/search-'));
        return performance.getEntriesByName('almanac-search').map((e) => {
          const end = e.startTime + e.duration;
          // The time spent waiting for shard files to arrive, as the network spans of the
          // files fetched during the keystroke (merged where they overlap).
          const spans = shards.filter((s) => s.startTime >= e.startTime && s.startTime < end)
            .map((s) => [s.startTime, Math.min(s.responseEnd, end)]).sort((a, b) => a[0] - b[0]);
          let waited = 0, reach = -Infinity;
          for (const [from, to] of spans) {
            const start = Math.max(from, reach);
            if (to > start) waited += to - start;
            reach = Math.max(reach, to);
          }
          return [e.duration, waited];
        });""")
    driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 1})
    return per_query, keystrokes


def almanac_first_result(driver, url, query):
    """From focusing the field on a freshly opened page (empty cache) to the first result shown."""
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    driver.get(url)
    return driver.execute_async_script("""
        const [text, done] = arguments;
        const field = document.getElementById('search-field');
        const started = performance.now();
        field.focus();
        field.value = text;
        field.dispatchEvent(new Event('input', { bubbles: true }));
        const wait = () => (document.querySelector('.search-results li') ? done(performance.now() - started)
          : performance.now() - started > 20000 ? done(null) : requestAnimationFrame(wait));
        wait();""", query)


def pagefind_queries(driver, url, sent):
    driver.get(url)
    driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const wait = () => (window.benchReady ? done() : setTimeout(wait, 5));
        wait();""")
    per_query = []
    mark = sent.mark()
    for query in QUERIES:
        for index in range(1, len(query) + 1):
            driver.execute_async_script(
                "const [text, done] = arguments; benchQuery(text).then(done, () => done(null));", query[:index])
        raw, zipped, files = sent.since(mark)
        per_query.append({"query": query, "raw": raw, "gzip": zipped, "files": files})
        mark = sent.mark()
    return per_query


def pagefind_first_result(driver, url, query):
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    driver.get(url)
    return driver.execute_async_script("""
        const [text, done] = arguments;
        const wait = () => {
          if (!window.benchReady) { setTimeout(wait, 5); return; }
          const started = performance.now();
          benchQuery(text).then(() => done(performance.now() - started), () => done(null));
        };
        wait();""", query)


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * fraction) - 1)] if ordered else None


def keystroke_figures(keystrokes, prefix):
    """Each keystroke's time until its results showed, with and without the time its shard
    files took to arrive (over loopback here; on a phone's network far longer, which is why the
    bytes are counted too)."""
    work = [total - waited for total, waited in keystrokes]
    waits = [waited for _, waited in keystrokes if waited > 0]
    return {prefix + "keystrokes": len(keystrokes),
            prefix + "keystroke_median_ms": statistics.median(work), prefix + "keystroke_p95_ms": percentile(work, 0.95),
            prefix + "with_network_median_ms": statistics.median(t for t, _ in keystrokes),
            prefix + "with_network_p95_ms": percentile([t for t, _ in keystrokes], 0.95),
            prefix + "waited_keystrokes": len(waits), prefix + "wait_median_ms": statistics.median(waits) if waits else 0}


def summary(per_query):
    first, later = per_query[0], per_query[1:]
    return {"first_gzip": first["gzip"], "first_raw": first["raw"],
            "later_max_gzip": max(q["gzip"] for q in later), "later_max_raw": max(q["raw"] for q in later),
            "later_median_gzip": statistics.median(q["gzip"] for q in later),
            "total_gzip": sum(q["gzip"] for q in per_query), "total_raw": sum(q["raw"] for q in per_query),
            "queries": per_query}


def almanac_search(target, make_driver, throttled=True):
    """Almanac's search on the largest section page of a built listing, served from 127.0.0.1:
    bytes per query, keystrokes (unthrottled, and under 4x CPU throttling) and time to first
    result."""
    sections = sorted((target / "records" / "sections").glob("*.html"), key=lambda p: p.stat().st_size)
    page = (sections[-1] if sections else target / "records.html").relative_to(target).as_posix()
    server, sent = serve(target)
    driver = make_driver()
    driver.set_script_timeout(180)
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/{page}"
        per_query, keystrokes = almanac_queries(driver, url, sent)
        figures = summary(per_query)
        figures.update(keystroke_figures(keystrokes, ""))
        if throttled:
            # Each pass starts with an empty cache, as the unthrottled one did, so the shard
            # files arrive over the network and the wait for them is told apart from the work
            # (a file from the memory cache leaves no timing to tell it by). The keystrokes of
            # several passes are pooled: a noisy machine's tail varies from pass to pass.
            slowed = []
            for _ in range(THROTTLED_PASSES):
                driver.execute_cdp_cmd("Network.clearBrowserCache", {})
                slowed += almanac_queries(driver, url, sent, throttle=4)[1]
            figures.update(keystroke_figures(slowed, "throttled_"), throttled_passes=THROTTLED_PASSES)
        firsts = [almanac_first_result(driver, url, query) for query in QUERIES[:5]]
        figures["first_result_ms"] = statistics.median(f for f in firsts if f is not None)
    finally:
        driver.quit()
        server.shutdown()
    print(f"  almanac search: first query {figures['first_gzip'] / 1024:.0f} KiB gzipped, later at most "
          f"{figures['later_max_gzip'] / 1024:.0f} KiB; keystrokes median {figures['keystroke_median_ms']:.1f} ms, "
          f"p95 {figures['keystroke_p95_ms']:.1f} ms"
          + (f"; 4x throttled p95 {figures['throttled_keystroke_p95_ms']:.1f} ms" if throttled else ""), flush=True)
    return figures


def pagefind_search(hugo_site, pagefind_bin, n, work, make_driver, timed, remove):
    """Hugo's site of the same records indexed by Pagefind (timed), searched the same way."""
    public = work / "out" / f"hugo-search-{n}"
    remove(public)
    subprocess.run(["hugo", "--quiet", "-s", str(hugo_site / "site"), "--contentDir", str(hugo_site / "content"),
                    "-d", str(public)], check=True)
    wall, peak = timed([str(pagefind_bin), "--site", str(public), "--silent"])
    index = [p.stat().st_size for p in (public / "pagefind").rglob("*") if p.is_file()]
    (public / "pagefind-bench.html").write_text(PAGEFIND_HARNESS)
    (public / "pagefind-bench.js").write_text(PAGEFIND_SCRIPT)
    print(f"  pagefind indexed {n:,} pages in {wall:.1f} s", flush=True)
    server, sent = serve(public)
    driver = make_driver()
    # Pagefind's first one-letter query at 100,000 pages takes seconds; nothing here should
    # take minutes.
    driver.set_script_timeout(180)
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/pagefind-bench.html"
        figures = summary(pagefind_queries(driver, url, sent))
        firsts = [pagefind_first_result(driver, url, query) for query in QUERIES[:5]]
        figures["first_result_ms"] = statistics.median(f for f in firsts if f is not None)
    finally:
        driver.quit()
        server.shutdown()
        remove(public)
    figures["index"] = {"wall": wall, "peak_mib": peak, "bytes": sum(index), "files": len(index)}
    print(f"  pagefind search: first query {figures['first_gzip'] / 1024:.0f} KiB gzipped, later at most "
          f"{figures['later_max_gzip'] / 1024:.0f} KiB", flush=True)
    return figures


def search_figures(n, almanac, site, work, hugo_site, pagefind_bin, make_driver, timed, remove):
    """Builds the listing (no detail pages) with Almanac, Hugo's site with Pagefind's index, and
    measures both in headless Chromium."""
    figures = {"n": n, "queries": QUERIES}
    target = work / "out" / f"search-{n}"
    remove(target)
    figures["almanac_build"] = timed([str(almanac), "build", "--quiet", "--output", str(target)], cwd=site)
    try:
        figures["almanac"] = almanac_search(target, make_driver)
    finally:
        remove(target)
    if hugo_site and pagefind_bin:
        figures["pagefind"] = pagefind_search(hugo_site, pagefind_bin, n, work, make_driver, timed, remove)
    return figures

if __name__ == "__main__":
    print(json.dumps(QUERIES))

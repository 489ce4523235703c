"""Filters, counts and Sort by on a split page at 100,000 and 1,000,000 rows: what a reader's
clicks download and how soon their first screenful of results shows, the build's cost of the
filter data, and Pagefind's filters on Hugo's 100,000 pages beside it.

The page is the benchmark's listing split into a page per section, with `filters: [category,
city, founded: range]` and `sortable: [founded, employees]`. One small static server on
127.0.0.1 counts what it sends (search_bench.SentFiles: as stored, and gzipped as a static host
sends it). A fixed script of 20 steps — ticks, range changes, Sort by and searches — runs on one
open page with its cache kept; counting starts at the first step (the page, its style and script
are not counted; the filter manifest and every file after it are).
"""

import statistics

from search_bench import browsing, percentile, serve

PAGE = """---
title: Companies
data: records.json
label: name
group: first-letter
fields: [category, city, founded]
search: [name, category, city]
detail: false
{browse}footer: "{{{{count}}}} records"
---
The benchmark's generated companies, grouped by the first letter of their names.
"""
BROWSE = "filters: [category, city, founded: range]\nsortable: [founded, employees]\n"

# The steps, each one change a reader makes: ("tick"/"untick", field, the value's place in the
# panel, commonest first), ("from"/"to", field, a date or "" to clear), ("sort", option value),
# ("search", query or "" to clear), ("clear",) for Clear all.
STEPS = [
    ("tick", "category", 0), ("tick", "city", 0), ("tick", "category", 1), ("from", "founded", "2000-01-01"),
    ("search", "labs"), ("untick", "city", 0), ("search", ""), ("to", "founded", "2010-12-31"),
    ("tick", "city", 1), ("from", "founded", ""), ("sort", "founded"), ("tick", "category", 2),
    ("search", "berlin"), ("sort", "-employees"), ("search", ""), ("untick", "category", 0),
    ("tick", "city", 2), ("sort", ""), ("to", "founded", ""), ("clear",),
]

# What the page's script does for a step, then waits for its measure (`almanac-browse`).
STEP_SCRIPT = """
const [step, done] = arguments;
const [kind, field, value] = step;
const started = performance.now();
const finish = (ok) => { observer.disconnect(); clearTimeout(timeout); setTimeout(() => done([ok, started, performance.now()]), 100); };
const observer = new PerformanceObserver((list) => {
  if (list.getEntriesByName('almanac-browse').some((e) => e.startTime >= started - 1)) finish(true);
});
observer.observe({ type: 'measure' });
const timeout = setTimeout(() => finish(false), 60000);
const set = document.querySelector(`fieldset[data-filter="${field}"]`);
if (kind === 'tick' || kind === 'untick') {
  const box = set.querySelectorAll('input[type=checkbox]')[value];
  box.checked = kind === 'tick';
  box.dispatchEvent(new Event('change', { bubbles: true }));
} else if (kind === 'from' || kind === 'to') {
  const input = set.querySelector(kind === 'from' ? '.range-from' : '.range-to');
  input.value = value;
  input.dispatchEvent(new Event('change', { bubbles: true }));
} else if (kind === 'sort') {
  const select = document.querySelector('.sort-control');
  select.value = field;
  select.dispatchEvent(new Event('change', { bubbles: true }));
} else if (kind === 'search') {
  const search = document.getElementById('search-field');
  search.value = field;
  search.dispatchEvent(new Event('input', { bubbles: true }));
} else {
  document.querySelector('.applied-clear').click();
}
"""

# The time a step spent waiting for files: the network spans of the files asked for during it.
WAITS = """
const [from, to] = arguments;
const spans = performance.getEntriesByType('resource').filter((e) => /assets\\/(browse|search)-/.test(e.name)
  && e.startTime >= from && e.startTime < to).map((e) => [e.startTime, Math.min(e.responseEnd, to)]).sort((a, b) => a[0] - b[0]);
let waited = 0, reach = -Infinity;
for (const [start, end] of spans) {
  const begin = Math.max(start, reach);
  if (end > begin) waited += end - begin;
  reach = Math.max(reach, end);
}
return waited;
"""


def label(step):
    return " ".join(str(part) for part in step if part != "") if step[0] != "search" or step[1] else "clear the search"


def run_steps(driver, url, sent, throttle=1):
    """The 20 steps on one open page: each one's bytes, and its time to the first screenful."""
    driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": throttle})
    driver.get(url)
    driver.execute_script("performance.setResourceTimingBufferSize(100000)")
    steps = []
    for step in STEPS:
        mark = sent.mark()
        ok, started, ended = driver.execute_async_script(STEP_SCRIPT, list(step))
        measure = driver.execute_script(
            "return performance.getEntriesByName('almanac-browse').filter((e) => e.startTime >= arguments[0] - 1).map((e) => e.startTime + e.duration)[0]",
            started)
        end = measure if measure is not None else ended
        raw, zipped, files = sent.since(mark)
        steps.append({"step": label(step), "ok": ok, "ms": end - started, "waited_ms": driver.execute_script(WAITS, started, end),
                      "raw": raw, "gzip": zipped, "files": files,
                      "results": driver.execute_script("return document.querySelector('[role=status]').textContent")})
    driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 1})
    return steps


def step_figures(steps, prefix=""):
    work = [s["ms"] - s["waited_ms"] for s in steps]
    waits = [s["waited_ms"] for s in steps if s["waited_ms"] > 0]
    return {prefix + "p95_ms": percentile(work, 0.95), prefix + "median_ms": statistics.median(work),
            prefix + "with_wait_p95_ms": percentile([s["ms"] for s in steps], 0.95),
            prefix + "waited_steps": len(waits), prefix + "wait_median_ms": statistics.median(waits) if waits else 0,
            prefix + "failed_steps": sum(1 for s in steps if not s["ok"])}


# How many times the steps run, each on a fresh page with an empty cache, their times pooled: on
# this shared machine one pass's slowest step varied twofold from run to run.
PASSES = 3


def median_steps(passes):
    """Each step of the first pass (its bytes), with the median of its times over the passes."""
    steps = []
    for k, first in enumerate(passes[0]):
        runs = [p[k] for p in passes]
        steps.append({**first, "ms": statistics.median(r["ms"] for r in runs),
                      "waited_ms": statistics.median(r["waited_ms"] for r in runs), "ok": all(r["ok"] for r in runs)})
    return steps


def almanac_browse(target, make_driver):
    """The steps on the front page of the split listing, unthrottled and under 4x throttling."""
    server, sent = serve(target)
    driver = make_driver()
    driver.set_script_timeout(180)
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/records.html"
        passes = []
        for _ in range(PASSES):
            driver.execute_cdp_cmd("Network.clearBrowserCache", {})
            passes.append(run_steps(driver, url, sent))
        steps = median_steps(passes)
        figures = {"steps": steps, "passes": PASSES, "first_gzip": steps[0]["gzip"], "first_raw": steps[0]["raw"],
                   "later_max_gzip": max(s["gzip"] for s in steps[1:]), "later_max_raw": max(s["raw"] for s in steps[1:]),
                   "later_median_gzip": statistics.median(s["gzip"] for s in steps[1:]),
                   "total_gzip": sum(s["gzip"] for s in steps)}
        figures.update(step_figures([s for p in passes for s in p]))
        slowed = []
        for _ in range(PASSES):
            driver.execute_cdp_cmd("Network.clearBrowserCache", {})
            slowed.append(run_steps(driver, url, sent, throttle=4))
        figures["throttled_steps"] = median_steps(slowed)
        figures.update(step_figures([s for p in slowed for s in p], "throttled_"))
    finally:
        driver.quit()
        server.shutdown()
    print(f"  almanac filters: first step {figures['first_gzip'] / 1024:.0f} KiB gzipped, later at most "
          f"{figures['later_max_gzip'] / 1024:.0f} KiB; p95 {figures['p95_ms']:.1f} ms less waits, "
          f"4x throttled {figures['throttled_p95_ms']:.1f} ms", flush=True)
    return figures


def values_of(target, make_driver):
    """The titles of the values the steps tick, as Almanac's panel lists them (commonest first)."""
    server, _ = serve(target)
    driver = make_driver()
    try:
        driver.get(f"http://127.0.0.1:{server.server_address[1]}/records.html")
        return driver.execute_script("""
            const titles = {};
            for (const set of document.querySelectorAll('fieldset[data-filter]')) {
              titles[set.dataset.filter] = Array.from(set.querySelectorAll('input[type=checkbox]')).slice(0, 3).map((b) => b.value);
            }
            return titles;""")
    finally:
        driver.quit()
        server.shutdown()


# Pagefind's API driven as its interface drives it: a search (null for filters alone) with the
# filters chosen as "any of" each field's values, then the first five results' data.
PAGEFIND_SCRIPT = """let pagefind = null;
window.benchStep = async (query, filters) => {
  const started = performance.now();
  if (!pagefind) { pagefind = await import('./pagefind/pagefind.js'); await pagefind.filters(); }
  const chosen = Object.fromEntries(Object.entries(filters).filter(([, v]) => v.length).map(([k, v]) => [k, { any: v }]));
  const search = await pagefind.search(query || null, { filters: chosen });
  const shown = await Promise.all(search.results.slice(0, 5).map((result) => result.data()));
  document.getElementById('results').replaceChildren(...shown.map((data) => {
    const item = document.createElement('li');
    item.textContent = data.meta.title || data.url;
    return item;
  }));
  return [performance.now() - started, search.results.length];
};
window.benchReady = true;
"""
PAGEFIND_HARNESS = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Pagefind filters benchmark</title>
<script type="module" src="pagefind-filters-bench.js"></script></head>
<body><ol id="results"></ol></body></html>
"""


def pagefind_browse(public, titles, make_driver):
    """The steps Pagefind can take (ticks and searches; it has no ranges and the harness no
    sort) on Hugo's pages indexed with category and city as filters."""
    (public / "pagefind-filters-bench.html").write_text(PAGEFIND_HARNESS)
    (public / "pagefind-filters-bench.js").write_text(PAGEFIND_SCRIPT)
    steps = []
    with browsing(public, make_driver) as (driver, sent, site):
        driver.get(site + "pagefind-filters-bench.html")
        driver.execute_async_script("const done = arguments[0]; const wait = () => (window.benchReady ? done() : setTimeout(wait, 5)); wait();")
        chosen = {"category": [], "city": []}
        query = ""
        for step in STEPS:
            kind = step[0]
            if kind in ("tick", "untick") and step[1] in chosen:
                value = titles[step[1]][step[2]]
                chosen[step[1]] = [v for v in chosen[step[1]] if v != value] + ([value] if kind == "tick" else [])
            elif kind == "search":
                query = step[1]
            elif kind == "clear":
                chosen = {"category": [], "city": []}
            else:
                steps.append({"step": label(step), "skipped": True})
                continue
            mark = sent.mark()
            result = driver.execute_async_script(
                "const [q, f, done] = arguments; benchStep(q, f).then(done, (e) => done(null));", query, chosen)
            raw, zipped, files = sent.since(mark)
            steps.append({"step": label(step), "ms": result[0] if result else None, "results": result[1] if result else None,
                          "raw": raw, "gzip": zipped, "files": files})
    taken = [s for s in steps if not s.get("skipped")]
    print(f"  pagefind filters: first step {taken[0]['gzip'] / 1024:.0f} KiB gzipped, later at most "
          f"{max(s['gzip'] for s in taken[1:]) / 1024:.0f} KiB", flush=True)
    return {"steps": steps, "first_gzip": taken[0]["gzip"], "later_max_gzip": max(s["gzip"] for s in taken[1:]),
            "total_gzip": sum(s["gzip"] for s in taken), "median_ms": statistics.median(s["ms"] for s in taken if s["ms"] is not None),
            "p95_ms": percentile([s["ms"] for s in taken if s["ms"] is not None], 0.95)}

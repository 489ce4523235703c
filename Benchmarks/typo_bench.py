"""Search that forgives, at scale: typo queries and quoted phrases on a sharded page of the
benchmark's records, beside Lunr (Debian's node-lunr, `word~1`) and Pagefind (no typo
tolerance) on the same records.

Forty words of 5–12 letters are drawn (with a fixed seed) from the records' names and cities;
each is typed changed, dropped, doubled and swapped (a letter, never the first), and from eight
letters also with two edits (a drop and a swap). A word's target rows are those holding it. A
query's recall is the share of its target rows among the results listed (of at most 100); "first"
says a target row is the first result. Ten quoted phrases are two neighbouring words of a name.

Almanac's page is served from 127.0.0.1 by the search benchmark's counting server; each query is
typed letter by letter into one open page, its cache kept, and its bytes are what the server sent
while it was typed (gzipped as a static host sends it). The first screenful's time is the last
keystroke's, less the time its files took to arrive. Lunr downloads its whole index before its
first query; its recall is counted the same way over its first 100 results.
"""

import csv
import gzip
import json
import random
import re
import statistics
import subprocess
import unicodedata

import browse_bench
from search_bench import KEYSTROKE_INTERVAL_MS, PAGEFIND_HARNESS, browsing, percentile

PAGE = """---
title: Records
data: records.csv
label: title
search: [name, city]
detail: false
---
"""

TYPO_KINDS = ["changed", "dropped", "doubled", "swapped", "two edits"]


def fold(text):
    return "".join(c for c in unicodedata.normalize("NFD", text.lower()) if not unicodedata.combining(c))


def words_of(text):
    return re.findall(r"[^\W_]+", fold(text))


def vocabulary(records):
    """Every word of a name or city (folded) and the rows holding it."""
    rows = {}
    for i, record in enumerate(records):
        for word in set(words_of(record["name"]) + words_of(record["city"])):
            rows.setdefault(word, set()).add(i)
    return rows


def typos(word, rng):
    """(kind, typo) for each kind of typo, never touching the first letter."""
    n = len(word)
    letters = "abcdefghijklmnopqrstuvwxyz"
    at = rng.randrange(1, n)
    changed = word[:at] + rng.choice([c for c in letters if c != word[at]]) + word[at + 1:]
    dropped = word[:at] + word[at + 1:]
    doubled = word[:at] + word[at] + word[at:]
    swaps = [k for k in range(1, n - 1) if word[k] != word[k + 1]]
    made = [("changed", changed), ("dropped", dropped), ("doubled", doubled)]
    if swaps:
        k = rng.choice(swaps)
        made.append(("swapped", word[:k] + word[k + 1] + word[k] + word[k + 2:]))
    if n >= 8 and swaps:
        k = rng.choice(swaps)
        swapped = word[:k] + word[k + 1] + word[k] + word[k + 2:]
        far = [p for p in range(1, n) if abs(p - k) > 1 and p != k + 1]
        if far:
            p = rng.choice(far)
            made.append(("two edits", swapped[:p] + swapped[p + 1:]))
    return [(kind, typo) for kind, typo in made if typo != word]


def queries_for(records, count=40, phrases=10, seed=40):
    """The typo queries (40 words, every kind) and the phrase queries, with their target rows."""
    rng = random.Random(seed)
    rows = vocabulary(records)
    candidates = sorted(word for word in rows if 5 <= len(word) <= 12 and word.isascii() and word.isalpha())
    chosen = rng.sample(candidates, min(count, len(candidates)))
    queries = []
    for word in chosen:
        for kind, typo in typos(word, rng):
            queries.append({"query": typo, "kind": kind, "word": word, "targets": sorted(rows[word])})
    names = [record["name"] for record in records]
    for name in rng.sample(names, phrases * 5):
        words = words_of(name)
        if len(words) < 2 or len([q for q in queries if q["kind"] == "phrase"]) >= phrases:
            continue
        pair = words[:2]
        targets = [i for i, other in enumerate(names) if any(words_of(other)[k:k + 2] == pair for k in range(len(words_of(other)) - 1))]
        queries.append({"query": '"' + " ".join(pair) + '"', "kind": "phrase", "word": " ".join(pair), "targets": targets, "phrase": True})
    return queries


def site(work, n, records):
    """A sharded page of the records' names and cities, its label both (so a result tells its row)."""
    folder = work / f"typo-{n}"
    content = folder / "Content"
    content.mkdir(parents=True, exist_ok=True)
    (content / "records.md").write_text(PAGE)
    with open(content / "records.csv", "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["title", "name", "city"])
        for record in records:
            writer.writerow([record["name"] + " · " + record["city"], record["name"], record["city"]])
    return folder


def holds(label, word):
    """Whether a result's label (`name · city`) holds the target word (or phrase)."""
    name, _, city = label.rpartition(" · ")
    wanted = word.split()
    for field in (words_of(name), words_of(city)):
        if any(field[k:k + len(wanted)] == wanted for k in range(len(field) - len(wanted) + 1)):
            return True
    return False


def score(query, labels):
    listed = min(len(query["targets"]), 100)
    hits = sum(1 for label in labels if holds(label, query["word"]))
    return {"recall": min(1.0, hits / listed) if listed else 1.0, "first": bool(labels) and holds(labels[0], query["word"])}


TYPE = """
const [text, interval, done] = arguments;
const field = document.getElementById('search-field');
const typed = performance.now();
const finish = (entry) => {
  observer.disconnect();
  clearTimeout(timeout);
  const shards = performance.getEntriesByType('resource').filter((e) => e.name.includes('/assets/search-') && e.startTime >= typed);
  let waited = 0, reach = -Infinity;
  const end = entry ? entry.startTime + entry.duration : performance.now();
  for (const [from, to] of shards.map((s) => [s.startTime, Math.min(s.responseEnd, end)]).sort((a, b) => a[0] - b[0])) {
    const start = Math.max(from, reach);
    if (to > start) waited += to - start;
    reach = Math.max(reach, to);
  }
  setTimeout(() => done(entry ? [entry.duration, waited] : null), Math.max(0, interval - (performance.now() - typed)));
};
const observer = new PerformanceObserver((list) => {
  const entries = list.getEntriesByName('almanac-search');
  if (entries.length > 0) finish(entries[entries.length - 1]);
});
observer.observe({ type: 'measure' });
const timeout = setTimeout(() => finish(null), 10000);
field.value = text;
field.dispatchEvent(new Event('input', { bubbles: true }));
"""

# A cleared field searches nothing and measures nothing: it is given a typist's pause.
CLEAR = """
const [interval, done] = arguments;
const field = document.getElementById('search-field');
field.value = '';
field.dispatchEvent(new Event('input', { bubbles: true }));
setTimeout(done, interval);
"""

LABELS = """return Array.from(document.querySelectorAll('.search-results:not([hidden]) li:not([hidden]) .label'), (e) => e.textContent)"""

# Near words are read after the words as written found nothing: the list is final once it
# stops changing for this long.
SETTLE_MS = 400

SETTLED = """
const [settle, done] = arguments;
const list = document.querySelector('.search-results');
let last = performance.now();
const observer = new MutationObserver(() => { last = performance.now(); });
observer.observe(list, { childList: true, subtree: true, attributes: true });
const check = () => (performance.now() - last >= settle ? (observer.disconnect(), done()) : setTimeout(check, 50));
check();
"""


def almanac_typos(folder, queries, make_driver):
    answers = []
    with browsing(folder / "Output", make_driver, timeout=120) as (driver, sent, site):
        driver.get(site + "records.html")
        driver.execute_script("performance.setResourceTimingBufferSize(100000)")
        mark = sent.mark()
        driver.find_element("id", "search-field").click()
        for query in queries:
            text = query["query"]
            last = None
            for index in range(1, len(text) + 1):
                last = driver.execute_async_script(TYPE, text[:index], KEYSTROKE_INTERVAL_MS)
            driver.execute_async_script(SETTLED, SETTLE_MS)
            labels = driver.execute_script(LABELS)
            raw, zipped, files = sent.since(mark)
            answers.append({**score(query, labels), "gzip": zipped, "raw": raw, "files": files,
                            "ms": last[0] if last else None, "waited": last[1] if last else None})
            driver.execute_async_script(CLEAR, KEYSTROKE_INTERVAL_MS)
            mark = sent.mark()
    return answers


# Pagefind's interface shows five results' data as a query is typed: those bytes are its
# figure. The rest of the first 100 results' data is fetched after the mark, to score recall
# as Almanac's 100 listed rows are, and not counted.
PAGEFIND_TYPO_SCRIPT = """let pagefind = null;
let last = null;
window.benchQuery = async (query) => {
  if (!pagefind) pagefind = await import('./pagefind/pagefind.js');
  last = await pagefind.search(query);
  await Promise.all(last.results.slice(0, 5).map((result) => result.data()));
  return last.results.length;
};
window.benchUrls = async () => (last ? Promise.all(last.results.slice(0, 100).map(async (result) => (await result.data()).url)) : []);
window.benchReady = true;
"""


def pagefind_typos(public, queries, records, make_driver):
    """The typo queries typed into Pagefind's JavaScript API on Hugo's pages of the same
    records (`public`, already indexed); each result's page is a record, by its id."""
    (public / "pagefind-bench.html").write_text(PAGEFIND_HARNESS)
    (public / "pagefind-bench.js").write_text(PAGEFIND_TYPO_SCRIPT)
    by_id = {record["id"]: record for record in records}
    answers = []
    with browsing(public, make_driver, timeout=180) as (driver, sent, site):
        driver.get(site + "pagefind-bench.html")
        driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            const wait = () => (window.benchReady ? done() : setTimeout(wait, 5));
            wait();""")
        mark = sent.mark()
        for query in queries:
            found = 0
            for index in range(1, len(query["query"]) + 1):
                found = driver.execute_async_script(
                    "const [text, done] = arguments; benchQuery(text).then(done, () => done(0));", query["query"][:index])
            raw, zipped, files = sent.since(mark)
            urls = driver.execute_async_script("const done = arguments[0]; benchUrls().then(done, () => done([]));")
            ids = [url.rstrip("/").rsplit("/", 1)[-1] for url in urls]
            labels = [by_id[i]["name"] + " · " + by_id[i]["city"] for i in ids if i in by_id]
            answers.append({**score(query, labels), "found": found or 0, "gzip": zipped, "raw": raw, "files": files})
            mark = sent.mark()
    return answers


def lunr_typos(records_path, queries, work):
    path = work / "typo-queries.json"
    path.write_text(json.dumps([{"query": q["query"], "phrase": q.get("phrase", False)} for q in queries]))
    here = __import__("pathlib").Path(__file__).resolve().parent
    done = subprocess.run(["node", "--max-old-space-size=8192", str(here / "lunr_typos.cjs"), str(records_path), str(path)],
                          check=True, capture_output=True, text=True)
    return json.loads(done.stdout)


def summary(queries, answers):
    """Recall and first by kind, and bytes after the first query."""
    kinds = {}
    for query, answer in zip(queries, answers):
        kind = kinds.setdefault(query["kind"], {"recall": [], "first": []})
        kind["recall"].append(answer["recall"])
        kind["first"].append(answer["first"])
    by_kind = {kind: {"queries": len(v["recall"]), "recall": statistics.mean(v["recall"]), "first": sum(v["first"]) / len(v["first"])}
               for kind, v in kinds.items()}
    typo = [a for q, a in zip(queries, answers) if q["kind"] != "phrase"]
    phrase = [a for q, a in zip(queries, answers) if q["kind"] == "phrase"]
    one_edit = [a for q, a in zip(queries, answers) if q["kind"] not in ("phrase", "two edits")]
    figures = {"by_kind": by_kind,
               "one_edit_recall": statistics.mean(a["recall"] for a in one_edit),
               "typo_first": sum(a["first"] for a in typo) / len(typo)}
    if "ms" in answers[0]:
        def work(group):
            return [a["ms"] - a["waited"] for a in group if a["ms"] is not None]
        figures.update({
            "first_gzip": answers[0]["gzip"],
            "typo_later_max_gzip": max(a["gzip"] for a in typo[1:]),
            "typo_later_median_gzip": statistics.median(a["gzip"] for a in typo[1:]),
            "phrase_max_gzip": max(a["gzip"] for a in phrase) if phrase else 0,
            "typo_p95_ms": percentile(work(typo), 0.95), "phrase_p95_ms": percentile(work(phrase), 0.95),
            "total_gzip": sum(a["gzip"] for a in answers),
            "heaviest": sorted(({"query": q["query"], "kind": q["kind"], "gzip": a["gzip"], "files": a["files"]}
                                for q, a in zip(queries, answers)), key=lambda x: -x["gzip"])[:5]})
    return figures


def search_files(n, generate, almanac, work, remove):
    """How many files the sharded search of the benchmark's listing of `n` records is."""
    folder = work / f"files-{n}"
    content = folder / "Content"
    content.mkdir(parents=True, exist_ok=True)
    (content / "records.md").write_text(browse_bench.PAGE.format(browse=""))
    (content / "records.json").write_bytes(generate(n).read_bytes())
    subprocess.run([str(almanac), "build", "--quiet"], cwd=folder, check=True)
    count = sum(1 for p in (folder / "Output" / "assets").rglob("*") if p.is_file() and "search-records" in str(p))
    remove(folder)
    return count


def typo_figures(sizes, generate, almanac, work, make_driver, remove, pagefind_site=None):
    """Almanac at each size, and Lunr and Pagefind at the first size; `pagefind_site(n,
    records_path)` gives Hugo's pages of the records indexed by Pagefind, or None."""
    figures = {"sizes": {}, "files_7910": search_files(7_910, generate, almanac, work, remove)}
    print(f"  search files at 7,910 rows: {figures['files_7910']:,}", flush=True)
    for n in sizes:
        records_path = generate(n)
        records = json.loads(records_path.read_text())
        queries = queries_for(records)
        folder = site(work, n, records)
        remove(folder / "Output")
        subprocess.run([str(almanac), "build", "--quiet"], cwd=folder, check=True)
        files = [p for p in (folder / "Output" / "assets").rglob("*") if p.is_file() and "/search-records" in str(p)]
        answers = almanac_typos(folder, queries, make_driver)
        entry = {"queries": len(queries), "search_files": len(files),
                 "almanac": summary(queries, answers)}
        print(f"  typos at {n:,}: one-edit recall {entry['almanac']['one_edit_recall']:.2f}, "
              f"target first {entry['almanac']['typo_first']:.0%}, later at most {entry['almanac']['typo_later_max_gzip'] / 1024:.0f} KiB", flush=True)
        if n == sizes[0]:
            lunr = lunr_typos(records_path, queries, work)
            lunr_answers = [{**score(q, [records[i]["name"] + " · " + records[i]["city"] for i in a["rows"]])} for q, a in zip(queries, lunr["answers"])]
            entry["lunr"] = {**summary(queries, lunr_answers), "index_gzip": lunr["index_gzip"], "index_bytes": lunr["index_bytes"],
                             "build_s": lunr["build_s"], "found_median": statistics.median(a["found"] for a in lunr["answers"])}
            print(f"  lunr at {n:,}: one-edit recall {entry['lunr']['one_edit_recall']:.2f}, target first {entry['lunr']['typo_first']:.0%}, "
                  f"index {lunr['index_gzip'] / 1024:.0f} KiB gzipped", flush=True)
            public = pagefind_site(n, records_path) if pagefind_site else None
            if public:
                pagefind_answers = pagefind_typos(public, queries, records, make_driver)
                entry["pagefind"] = {**summary(queries, pagefind_answers),
                                     "found_median": statistics.median(a["found"] for a in pagefind_answers),
                                     "total_gzip": sum(a["gzip"] for a in pagefind_answers),
                                     "first_gzip": pagefind_answers[0]["gzip"],
                                     "later_max_gzip": max(a["gzip"] for a in pagefind_answers[1:])}
                print(f"  pagefind at {n:,}: one-edit recall {entry['pagefind']['one_edit_recall']:.2f}, "
                      f"target first {entry['pagefind']['typo_first']:.0%}", flush=True)
                remove(public)
        figures["sizes"][n] = entry
        remove(folder)
    return figures

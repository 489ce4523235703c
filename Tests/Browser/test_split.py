"""A table split into a page per section: the front, the section pages, and search across them."""

import pathlib
import re
import shutil

from conftest import build
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait


def wait(driver, condition, timeout=10):
    return WebDriverWait(driver, timeout).until(lambda d: condition())


def result_labels(driver):
    # One script call: the list is re-rendered as the query changes, so elements found first and
    # read afterwards can go stale in between.
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('.search-results:not([hidden]) li:not([hidden]) .label'), e => e.innerText)")


def test_front_page_lists_sections_and_the_index_leads_to_their_pages(driver, split_site):
    driver.get((split_site / "cities.html").as_uri())
    directory = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".section-directory .section-title")]
    assert directory[:3] == ["A", "B", "C"]
    assert driver.find_elements(By.CSS_SELECTOR, "li.row") == []
    driver.find_element(By.CSS_SELECTOR, "nav[aria-label='Section index'] a[data-section='l']").click()
    wait(driver, lambda: "/cities/sections/l.html" in driver.current_url)
    labels = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "li.row .label")]
    assert labels == ["Lisbon", "Łódź", "London"]
    assert driver.find_element(By.CSS_SELECTOR, "a[rel='next']").text == "M"


def test_search_spans_every_section_page(driver, split_site):
    driver.get((split_site / "cities" / "sections" / "a.html").as_uri())
    driver.find_element(By.ID, "search-field").send_keys("lodz")
    wait(driver, lambda: result_labels(driver) == ["Łódź"])
    assert [m.text for m in driver.find_elements(By.CSS_SELECTOR, ".search-results mark")] == ["Łódź"]
    assert not driver.find_element(By.ID, "a").is_displayed()
    link_a = driver.find_element(By.CSS_SELECTOR, "nav[aria-label='Section index'] a[data-section='a']")
    assert link_a.get_attribute("aria-disabled") == "true"
    driver.find_element(By.CSS_SELECTOR, ".search-results a").click()
    wait(driver, lambda: driver.current_url.endswith("/cities/lodz.html"))
    back = driver.find_element(By.CSS_SELECTOR, "a.back")
    assert back.get_attribute("href").endswith("/cities/sections/l.html#l")


def test_clearing_search_restores_the_section_page(driver, split_site):
    driver.get((split_site / "cities" / "sections" / "b.html").as_uri() + "?q=zur")
    wait(driver, lambda: result_labels(driver) == ["Zürich"])
    driver.find_element(By.CSS_SELECTOR, ".search-clear").click()
    wait(driver, lambda: driver.find_element(By.ID, "b").is_displayed())
    assert not driver.find_element(By.CSS_SELECTOR, ".search-results").is_displayed()


def test_sharded_search_loads_only_the_shard_it_needs(driver, split_site):
    driver.get((split_site / "cities.html").as_uri())
    field = driver.find_element(By.ID, "search-field")
    field.send_keys("ko")
    wait(driver, lambda: "3 letters" in driver.find_element(By.CSS_SELECTOR, ".search-more").text)
    field.send_keys("l")
    wait(driver, lambda: result_labels(driver) == ["Köln"])
    shards = driver.execute_script(
        "return Array.from(document.scripts).map(s => s.src).filter(s => s.includes('/search-cities/'))")
    assert len(shards) == 1 and shards[0].split("/")[-1].startswith(shard_file(split_site, "cities", "kol") + "0.js")
    field.send_keys(" city")
    wait(driver, lambda: result_labels(driver) == ["Köln"])


def test_sharded_search_finds_hangul_devanagari_and_words_beside_emoji(driver, world_site):
    # Folding decomposes a Hangul syllable into jamo (one Character, several code points) and
    # keeps Devanagari vowel signs inside the word: the browser and the build must cut shard
    # keys alike.
    for query, expected in [("서울", ["서울특별시"]), ("부산", ["부산광역시"]), ("दिल्ली", ["नई दिल्ली"]),
                            ("मुंबई", ["मुंबई"]), ("lab", ["👩‍🔬 Lab"]), ("land", ["Ice🧊Land"]), ("zur", ["Zürich"])]:
        driver.get((world_site / "places.html").as_uri())
        driver.find_element(By.ID, "search-field").send_keys(query)
        wait(driver, lambda: result_labels(driver) == expected)


def test_sharded_search_finds_a_word_inside_japanese_chinese_and_thai_text(driver, world_site):
    # Written without spaces: the build cuts the names into words by ICU's dictionaries, so a
    # query is found from any word of a name on, whole or begun, and the match is marked.
    for query, expected, marked in [
        ("東京", ["東京タワー", "東京都庁"], ["東京", "東京"]),
        ("都庁", ["東京都庁"], ["都庁"]),
        ("東京都", ["東京都庁"], ["東京都"]),
        ("東", ["東京タワー", "東京都庁"], ["東", "東"]),
        ("大阪", ["大阪城"], ["大阪"]),
        ("图书", ["北京大学图书馆"], ["图书"]),
        ("สุวรรณภูมิ", ["สนามบินสุวรรณภูมิกรุงเทพมหานคร"], ["สุวรรณภูมิ"]),
        ("กรุงเทพ", ["สนามบินสุวรรณภูมิกรุงเทพมหานคร"], ["กรุงเทพ"]),
    ]:
        driver.get((world_site / "places.html").as_uri())
        driver.find_element(By.ID, "search-field").send_keys(query)
        wait(driver, lambda: result_labels(driver) == expected)
        assert [m.text for m in driver.find_elements(By.CSS_SELECTOR, ".search-results mark")] == marked
    # Inside a word is not where a word begins: 京都 (Kyoto) is not in 東京都庁.
    driver.get((world_site / "places.html").as_uri())
    driver.find_element(By.ID, "search-field").send_keys("京都庁")
    wait(driver, lambda: driver.find_element(By.CSS_SELECTOR, ".search-status").text == "No results")


def test_a_section_page_a_rebuild_kept_searches_the_new_data(driver, tmp_path):
    # A changed row in Z leaves A's section page as it was (the build links the old file), and
    # that page still finds the row as it is now: it names a search entry whose name never
    # changes, and the entry names this build's data.
    content = tmp_path / "Content"
    shutil.copytree(pathlib.Path(__file__).parent / "sites" / "split" / "Content", content)
    output = build(content, tmp_path)
    page = output / "cities" / "sections" / "a.html"
    before = page.stat().st_ino
    data = content / "cities.csv"
    data.write_text(data.read_text(encoding="utf-8").replace("city of Zürich", "city of Zürich by the lake"), encoding="utf-8")
    build(content, tmp_path)
    assert page.stat().st_ino == before, "A's section page was kept, not written again"
    driver.get(page.as_uri())
    driver.find_element(By.ID, "search-field").send_keys("lake")
    wait(driver, lambda: result_labels(driver) == ["Zürich"])


def test_search_data_that_cannot_load_says_so(driver, world_site, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(world_site, copy)
    for data in (copy / "assets").glob("search-places.*.js"):
        data.unlink()
    driver.get((copy / "places.html").as_uri())
    driver.find_element(By.ID, "search-field").send_keys("berlin")
    status = driver.find_element(By.CSS_SELECTOR, ".search-status")
    wait(driver, lambda: "could not be loaded" in status.text)
    assert status.is_displayed()


def test_a_common_prefix_is_cut_into_smaller_shards_that_search_still_spans(driver, tmp_path):
    # 300 Anders, 300 Andrews and 100 And: `and` holds more rows than a shard, so the build
    # cuts it into `and$`, `ande` and `andr`; a query reads only the shards its words need.
    names = [f"Anders {i:03}" for i in range(300)] + [f"Andrews {i:03}" for i in range(300)] \
        + [f"And {i:03}" for i in range(100)] + ["Zeta One", "Zeta Two"]
    output = sharded_site(tmp_path, "people", names)
    shard_files = sorted(p.name for p in (output / "assets" / "search-people").iterdir())
    # `anders` and `andrews` are each in more rows than a shard holds, and are keyed whole.
    assert any(name.startswith(shard_file(output, "people", "and$")) for name in shard_files)
    assert any(name.startswith(shard_file(output, "people", "andrews$")) for name in shard_files)
    # The query arrives whole, from the address: typed a letter at a time, a machine slow enough
    # to search `and` before the `r` arrives rightly reads one of `and`'s shards first.
    driver.get((output / "people.html").as_uri() + "?q=andr")
    wait(driver, lambda: len(result_labels(driver)) == 100
         and all(label.startswith("Andrews") for label in result_labels(driver)))
    loaded = shard_scripts(driver)
    assert loaded and all(name.startswith(shard_file(output, "people", "andrews$")) for name in loaded), loaded
    field = driver.find_element(By.ID, "search-field")
    field.clear()
    field.send_keys("and 050")
    wait(driver, lambda: result_labels(driver) == ["And 050", "Anders 050", "Andrews 050"])
    assert driver.find_element(By.CSS_SELECTOR, "[role='status']").text == "3 results"


def sharded_site(tmp_path, table, names):
    """A table of one column of `names`, split and its search sharded at the small sizes tests use."""
    content = tmp_path / "Content"
    content.mkdir()
    (content / f"{table}.csv").write_text("name\n" + "\n".join(names) + "\n")
    (content / f"{table}.md").write_text(
        f"---\ntitle: {table.title()}\ndata: {table}.csv\nsplit: 100\nsearch_shards: 100\n---\n")
    return build(content, tmp_path)


def shard_file(output, table, key):
    """The name the shard file of `key` starts with: the key's bytes in hex, or its pack's when the
    leaf is small enough to share a file (the manifest says `"key":[rows,pack]`)."""
    manifest = next(p for p in (output / "assets").glob(f"search-{table}.*.js")).read_text()
    packed = re.search('"' + re.escape(key) + r'":\[\d+,(\d+)\]', manifest)
    return ("#" + packed.group(1) if packed else key).encode().hex() + "-"


def shard_scripts(driver):
    return driver.execute_script(
        "return Array.from(document.scripts).map(s => s.src.split('/').pop().split('?')[0]).filter(s => /^[0-9a-f]+-\\d+\\.js$/.test(s))")


def watch_scripts_added(driver):
    """Notes each shard script the page adds from now on, with when it was added."""
    driver.execute_script("""
        window.scriptsAdded = [];
        new MutationObserver((changes) => {
          for (const change of changes) for (const node of change.addedNodes) {
            if (node.tagName === 'SCRIPT') window.scriptsAdded.push([node.src.split('/').pop().split('?')[0], performance.now()]);
          }
        }).observe(document.head, { childList: true });""")


def scripts_added_before_the_search_answered(driver):
    """The shard scripts the last keystroke's search waited for: added before its results
    showed (its `almanac-search` measure ends when they do). Pages read ahead while the reader
    pauses come after."""
    return driver.execute_script("""
        const measures = performance.getEntriesByName('almanac-search');
        const last = measures[measures.length - 1];
        return window.scriptsAdded.filter(([, at]) => at < last.startTime + last.duration).map(([name]) => name);""")


def test_a_prefix_lists_its_commonest_continuation_first(driver, tmp_path):
    # `and` is cut into `and$` (50 rows), `ande` (150) and `andr` (240): the hundred rows `and`
    # lists come from the largest, Andrews, the word a reader typing `and` most likely wants.
    names = [f"And {i:03}" for i in range(50)] + [f"Anders {i:03}" for i in range(150)] \
        + [f"Andrews {i:03}" for i in range(240)] + ["Zeta One", "Zeta Two"]
    output = sharded_site(tmp_path, "people", names)
    driver.get((output / "people.html").as_uri())
    driver.find_element(By.ID, "search-field").send_keys("and")
    wait(driver, lambda: result_labels(driver) == [f"Andrews {i:03}" for i in range(100)])


def test_the_page_the_next_letter_needs_is_read_while_the_reader_pauses(driver, tmp_path):
    # One leaf, `zur`, of 200 rows on two pages; three in four are Zurich. The first page answers
    # `zur` with a hundred rows but holds only 75 for `zuri`: while the reader pauses after
    # `zur`, the second page is read, and `i` is then answered without waiting for a file.
    names = [f"Zurara {i:03}" if i % 4 == 3 else f"Zurich {i:03}" for i in range(200)] \
        + [f"Berg {i:03}" for i in range(50)]
    output = sharded_site(tmp_path, "places", names)
    # Two pages of entries, and the leaf's rows alone (what filters read of a one-word search).
    assert sorted(p.name for p in (output / "assets" / "search-places").glob("7a7572-*")) == ["7a7572-0.js", "7a7572-1.js", "7a7572-rows.js"]
    driver.get((output / "places.html").as_uri())
    field = driver.find_element(By.ID, "search-field")
    field.send_keys("zur")
    wait(driver, lambda: len(result_labels(driver)) == 100)
    wait(driver, lambda: shard_scripts(driver) == ["7a7572-0.js", "7a7572-1.js"])
    field.send_keys("i")
    zurich = [f"Zurich {i:03}" for i in range(200) if i % 4 != 3]
    wait(driver, lambda: result_labels(driver) == zurich[:100])
    # Answered from memory, and the reader most likely goes on to `zuric`, which the two pages
    # answer too: nothing more is read.
    assert shard_scripts(driver) == ["7a7572-0.js", "7a7572-1.js"]


def test_the_pages_the_three_likeliest_next_letters_need_are_read_while_the_reader_pauses(driver, tmp_path):
    # After `ka` (too short to search) the reader goes on with `r`, `t`, `z` or, least likely,
    # `b`: the first pages of the three likeliest are read during the pause, and `kat` is then
    # answered without waiting for a file.
    names = [f"Karlsson {i:03}" for i in range(150)] + [f"Katz {i:03}" for i in range(120)] \
        + [f"Kazan {i:03}" for i in range(90)] + [f"Kabir {i:03}" for i in range(30)] + [f"Berg {i:03}" for i in range(50)]
    output = sharded_site(tmp_path, "people", names)
    driver.get((output / "people.html").as_uri())
    field = driver.find_element(By.ID, "search-field")
    field.send_keys("ka")
    files = {key: shard_file(output, "people", key) for key in ("kar", "kat", "kaz", "kab")}
    prefixes = lambda: sorted({name.split("-")[0] + "-" for name in shard_scripts(driver)})
    wait(driver, lambda: prefixes() == sorted({files["kar"], files["kat"], files["kaz"]}))
    watch_scripts_added(driver)
    field.send_keys("t")
    wait(driver, lambda: result_labels(driver) == [f"Katz {i:03}" for i in range(100)])
    assert scripts_added_before_the_search_answered(driver) == []
    assert files["kab"] not in prefixes()


def test_after_a_whole_word_the_pages_a_second_word_narrows_are_read_while_the_reader_pauses(driver, tmp_path):
    # `andrews` is answered by the first of the eight pages of its leaf alone: the leaf is the
    # whole word, so every row of a page is a result. Most likely the reader goes on with
    # another word, which narrows the same rows page after page: the next round trip of pages
    # is fetched during the pause, and `andrews 3`, whose rows are on the fourth page, waits
    # for no file.
    names = [f"Andrews {i:03}" for i in range(800)] + [f"Berg {i:03}" for i in range(300)]
    output = sharded_site(tmp_path, "people", names)
    driver.get((output / "people.html").as_uri() + "?q=andrews")
    wait(driver, lambda: len(result_labels(driver)) == 100)
    pages = lambda: sorted(int(name.split("-")[1].split(".")[0]) for name in shard_scripts(driver))
    wait(driver, lambda: pages() == [0, 1, 2, 3])
    watch_scripts_added(driver)
    driver.find_element(By.ID, "search-field").send_keys(Keys.END, " 3")
    wait(driver, lambda: result_labels(driver) == [f"Andrews {i:03}" for i in range(300, 400)])
    assert scripts_added_before_the_search_answered(driver) == []


def test_reading_ahead_counts_the_pages_still_on_their_way(driver, tmp_path):
    # From a slow host, `andrews co` is answered by its leaf's first page while the two asked
    # for with it are still on their way (`co` is too short to choose pages, so the query
    # reads a round trip's worth); the pause reads the three after those, not one.
    import functools
    import http.server
    import re
    import threading
    import time
    from conftest import StrictHandler

    class SlowShards(StrictHandler):
        def do_GET(self):
            page = re.search(r"-(\d+)\.js", self.path)
            if "/assets/search-people/" in self.path and page:
                time.sleep(0.2 + 0.6 * int(page.group(1)))
            super().do_GET()

    names = [f"Andrews Co {i:03}" for i in range(800)] + [f"Berg {i:03}" for i in range(300)]
    output = sharded_site(tmp_path, "people", names)
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(SlowShards, directory=str(output)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        driver.get(f"http://127.0.0.1:{httpd.server_address[1]}/people.html?q=andrews%20co")
        pages = lambda: sorted(int(name.split("-")[1].split(".")[0]) for name in shard_scripts(driver))
        wait(driver, lambda: len(result_labels(driver)) == 100)
        wait(driver, lambda: pages() == [0, 1, 2, 3, 4, 5], timeout=15)
    finally:
        httpd.shutdown()


def test_the_pages_a_first_letter_needs_are_read_when_the_field_is_focused(driver, tmp_path):
    # `b` and `c` stand alone in some names, so a first keystroke of either is looked up whole:
    # their first pages are read as soon as the field has focus, and `b` waits for no file.
    names = [f"Plan B {i:03}" for i in range(150)] + [f"Vitamin C {i:03}" for i in range(150)] \
        + [f"Berg {i:03}" for i in range(50)]
    output = sharded_site(tmp_path, "things", names)
    driver.get((output / "things.html").as_uri())
    field = driver.find_element(By.ID, "search-field")
    field.click()
    wait(driver, lambda: sorted(shard_scripts(driver)) == ["6224-0.js", "6324-0.js"])
    watch_scripts_added(driver)
    field.send_keys("b")
    wait(driver, lambda: result_labels(driver) == [f"Plan B {i:03}" for i in range(100)])
    assert scripts_added_before_the_search_answered(driver) == []


def test_a_short_word_after_a_long_one_narrows_what_one_round_trip_brings(driver, tmp_path):
    # `05` is too short for a shard of its own and stands alone in no name: it narrows what
    # `andrews` finds, as the beginning of a word, rather than asking for more letters first. It
    # cannot choose the pages to read, so the query reads one round trip of them (three of the
    # five) and says there may be more, until the word is long enough to have its own shard.
    names = [f"Andrews {i:03}" for i in range(500)] + [f"Berg {i:03}" for i in range(300)]
    output = sharded_site(tmp_path, "people", names)
    driver.get((output / "people.html").as_uri())
    field = driver.find_element(By.ID, "search-field")
    status = driver.find_element(By.CSS_SELECTOR, "[role='status']")
    field.send_keys("andrews 05")
    wait(driver, lambda: result_labels(driver) == [f"Andrews {i:03}" for i in range(50, 60)])
    assert status.text == "10 results so far"
    assert "letters of each word" in driver.find_element(By.CSS_SELECTOR, ".search-more").text
    field.send_keys("7")
    wait(driver, lambda: result_labels(driver) == ["Andrews 057"])
    wait(driver, lambda: status.text == "1 result")
    # Rows 400 to 499 are on the fifth page: the first round trip for `4` does not reach it,
    # the next keystroke's does.
    driver.get((output / "people.html").as_uri())
    field = driver.find_element(By.ID, "search-field")
    status = driver.find_element(By.CSS_SELECTOR, "[role='status']")
    field.send_keys("andrews 4")
    wait(driver, lambda: status.text == "0 results so far")
    assert not driver.find_element(By.CSS_SELECTOR, ".no-results").is_displayed()
    field.send_keys("5")
    wait(driver, lambda: result_labels(driver) == [f"Andrews {i:03}" for i in range(450, 460)])
    wait(driver, lambda: status.text == "10 results")
    # Marked where a word begins with the term, as it matched: one `1` of `111`.
    field.clear()
    field.send_keys("berg 1")
    wait(driver, lambda: "Berg 111" in result_labels(driver))
    marks = driver.execute_script(
        "const row = Array.from(document.querySelectorAll('.search-results li')).find(li => li.textContent.includes('Berg 111'));"
        "return Array.from(row.querySelectorAll('mark'), mark => mark.textContent)")
    assert marks == ["Berg", "1"]


def test_a_long_shard_shows_the_rows_its_first_pages_found_while_the_rest_loads(driver, tmp_path):
    # `andrews rd` reads every page of the `andrews` shard (300 rows, three pages) for its 30
    # rows. Rows come in order, so the 20 of the first two pages are the list's beginning and are
    # shown at once; here the third page is missing, and they stay listed beside the error.
    names = [f"Andrews {i:03}" + (" Rd" if i % 10 == 0 else "") for i in range(300)] + ["Berg"]
    output = sharded_site(tmp_path, "people", names)
    every = [f"Andrews {i:03} Rd" for i in range(0, 300, 10)]
    driver.get((output / "people.html").as_uri())
    driver.find_element(By.ID, "search-field").send_keys("andrews rd")
    wait(driver, lambda: result_labels(driver) == every)
    assert driver.find_element(By.CSS_SELECTOR, "[role='status']").text == "30 results"
    third = [p for p in (output / "assets" / "search-people").iterdir() if p.name.endswith("-2.js")]
    assert len(third) == 1
    third[0].unlink()
    driver.get((output / "people.html").as_uri())
    driver.find_element(By.ID, "search-field").send_keys("andrews rd")
    status = driver.find_element(By.CSS_SELECTOR, ".search-status")
    wait(driver, lambda: "could not be loaded" in status.text)
    wait(driver, lambda: result_labels(driver) == every[:20])


def long_section_site(tmp_path):
    content = tmp_path / "Content"
    content.mkdir()
    names = ["Aaron", "Abbey", "Abbott", "Acre", "Adler", "Azure", "Bell", "Birch"]
    (content / "people.csv").write_text("name\n" + "\n".join(names) + "\n")
    (content / "people.md").write_text("---\ntitle: People\ndata: people.csv\nsplit: 4\nsection_rows: 2\n---\n")
    return build(content, tmp_path)


def test_a_long_section_reads_page_by_page_without_scripts(browser_without_scripts, tmp_path):
    driver = browser_without_scripts
    output = long_section_site(tmp_path)
    driver.get((output / "people.html").as_uri())
    guides = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".directory-parts a")]
    assert guides == ["Aaron–Abbey", "Abbott–Acre", "Adler–Azure"]
    driver.find_elements(By.CSS_SELECTOR, ".directory-parts a")[1].click()
    wait(driver, lambda: driver.current_url.endswith("/people/sections/a.2.html"))
    labels = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "li.row .label")]
    assert labels == ["Abbott", "Acre"]
    current = driver.find_element(By.CSS_SELECTOR, ".section-parts a[aria-current='page']")
    assert current.text == "Abbott–Acre"
    driver.find_element(By.CSS_SELECTOR, "a[rel='next']").click()
    wait(driver, lambda: driver.current_url.endswith("/people/sections/a.3.html"))
    assert [e.text for e in driver.find_elements(By.CSS_SELECTOR, "li.row .label")] == ["Adler", "Azure"]


def test_search_leads_to_the_page_of_a_long_section_that_shows_the_row(driver, tmp_path):
    output = long_section_site(tmp_path)
    driver.get((output / "people" / "sections" / "b.html").as_uri())
    driver.find_element(By.ID, "search-field").send_keys("adler")
    wait(driver, lambda: result_labels(driver) == ["Adler"])
    driver.find_element(By.CSS_SELECTOR, ".search-results a").click()
    wait(driver, lambda: driver.current_url.endswith("/people/sections/a.3.html#row-adler"))
    assert driver.find_element(By.ID, "row-adler").is_displayed()


def test_narrowing_a_long_list_puts_every_row_after_the_first_screenful_right(driver, tmp_path):
    # `red` lists the 12 Alphas and then Bravos; `red blue` keeps the 12 Alphas on top and has
    # Charlies after them. The rows past the first screenful are hidden at once and put right a
    # frame at a time: once settled, the list holds exactly the new results, none left over.
    content = tmp_path / "Content"
    content.mkdir()
    rows = [f"Alpha {i:02},red blue" for i in range(12)] + [f"Bravo {i:03},red" for i in range(100)] \
        + [f"Charlie {i:03},red blue" for i in range(50)]
    (content / "things.csv").write_text("name,note\n" + "\n".join(rows) + "\n")
    (content / "things.md").write_text("---\ntitle: Things\ndata: things.csv\nsplit: 10\nsearch_shards: 100000\n---\n")
    output = build(content, tmp_path)
    driver.get((output / "things.html").as_uri())
    field = driver.find_element(By.ID, "search-field")
    field.send_keys("red")
    wait(driver, lambda: len(result_labels(driver)) == 100)
    assert result_labels(driver)[11:13] == ["Alpha 11", "Bravo 000"]
    field.send_keys(" blue")
    expected = [f"Alpha {i:02}" for i in range(12)] + [f"Charlie {i:03}" for i in range(50)]
    wait(driver, lambda: result_labels(driver) == expected)
    wait(driver, lambda: driver.execute_script("return document.querySelectorAll('.search-results li').length") == 62)
    assert driver.find_element(By.CSS_SELECTOR, "[role='status']").text == "62 results"


def test_index_links_follow_each_search_and_come_back_when_it_is_cleared(driver, tmp_path):
    content = tmp_path / "Content"
    content.mkdir()
    (content / "things.csv").write_text("name\n" + "\n".join(f"{word} {i}" for word in ("Apple", "Berry") for i in range(8)) + "\n")
    (content / "things.md").write_text("---\ntitle: Things\ndata: things.csv\nsplit: 10\n---\n")
    output = build(content, tmp_path)
    driver.get((output / "things" / "sections" / "a.html").as_uri())
    disabled = lambda: driver.execute_script(
        "return Array.from(document.querySelectorAll(\"nav[aria-label='Section index'] a\"),"
        " a => a.getAttribute('aria-disabled') === 'true' && a.classList.contains('disabled') && a.tabIndex === -1)")
    field = driver.find_element(By.ID, "search-field")
    field.send_keys("berry")
    wait(driver, lambda: disabled() == [True, False])
    field.clear()
    field.send_keys("apple")
    wait(driver, lambda: disabled() == [False, True])
    field.send_keys(Keys.ESCAPE)
    wait(driver, lambda: disabled() == [False, False])

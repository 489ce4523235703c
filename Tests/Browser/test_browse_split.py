"""Filters, counts and Sort by on pages split into section pages, where the rows are on other
pages and what the filters leave is listed as results from files made at build time. Checked
against the catalogue's CSV read with Python's csv module, and against the same catalogue on
one whole page."""

import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from test_browse import COMPANIES, counts, employees, expected, facet_counts, page_order, tick, wait, year


def results(driver):
    """The labels of the results listed, in order. A long list is listed a screenful at a time:
    asked while "Show more results" is offered, this presses it, so that asked until it stops
    changing (in `wait`) it gives every result the page lists."""
    return driver.execute_script(
        "const more = document.querySelector('.results-more');"
        "if (more && !more.hidden) more.click();"
        "const list = document.querySelector('.search-results');"
        "return list.hidden ? null : Array.from(list.children).filter((li) => !li.hidden)"
        ".map((li) => li.querySelector('.label').textContent)")


def status(driver):
    return driver.find_element(By.CSS_SELECTOR, "[role='status']").get_attribute("textContent")


@pytest.fixture()
def whole_order(driver, browse_server):
    """Every company in the page's own order, read from the whole page."""
    driver.get(browse_server + "/companies.html")
    return page_order(driver)


@pytest.mark.parametrize("page", ["split.html", "split/sections/d.html", "sharded.html"])
def test_values_are_or_fields_are_and_and_counts_follow_the_faceting_rule(driver, browse_server, whole_order, page):
    driver.get(browse_server + "/" + page)
    wait(driver, lambda: driver.find_element(By.CSS_SELECTOR, ".browse").is_displayed())
    tick(driver, "category", "Software")
    want, passes = expected(whole_order, category={"Software"})
    wait(driver, lambda: results(driver) == want)
    assert driver.find_element(By.CSS_SELECTOR, ".section-directory, section.section").is_displayed() is False
    assert {k: v for k, v in counts(driver, "city").items() if v} == facet_counts("city", passes)
    tick(driver, "category", "Retail")
    tick(driver, "city", "Berlin")
    chosen = {"category": {"Software", "Retail"}, "city": {"Berlin"}}
    want, passes = expected(whole_order, **chosen)
    assert want
    wait(driver, lambda: results(driver) == want)
    for field in ("category", "city"):
        assert {k: v for k, v in counts(driver, field).items() if v} == facet_counts(field, passes), field
    assert status(driver) == f"{len(want)} results"
    if page != "sharded.html":
        # A third field chosen: counts of every field come from every row's values.
        common_year = max(counts(driver, "founded").items(), key=lambda item: item[1])[0]
        tick(driver, "founded", common_year)
        chosen["year"] = {common_year}
        want, passes = expected(whole_order, **chosen)
        wait(driver, lambda: results(driver) == want)
        for field, name in (("category", "category"), ("city", "city"), ("year", "founded")):
            assert {k: v for k, v in counts(driver, name).items() if v} == facet_counts(field, passes), field
    # Clearing every filter brings the page's own parts back.
    driver.find_element(By.CSS_SELECTOR, ".applied-clear").click()
    wait(driver, lambda: results(driver) is None)
    assert driver.find_element(By.CSS_SELECTOR, ".section-directory, section.section").is_displayed()


@pytest.mark.parametrize("page", ["split.html", "sharded.html"])
def test_a_range_and_a_search_narrow_the_results_and_their_counts(driver, browse_server, whole_order, page):
    driver.get(browse_server + "/" + page)
    field = "employees" if page == "split.html" else "founded"
    low = driver.find_element(By.CSS_SELECTOR, f"fieldset[data-filter='{field}'] .range-from")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", low)
    if field == "employees":
        low.send_keys("100\t")
        inside = lambda c: c["employees"] != "" and int(c["employees"]) >= 100
    else:
        driver.execute_script("arguments[0].value = '2000-01-01'; arguments[0].dispatchEvent(new Event('change', {bubbles: true}))", low)
        inside = lambda c: c["founded"] != "" and c["founded"] >= "2000-01-01"
    names = {c["name"] for c in COMPANIES if inside(c)}
    want = [name for name in whole_order if name in names]
    wait(driver, lambda: results(driver) == want[:100])
    tally = {}
    for company in COMPANIES:
        if inside(company):
            tally[company["category"]] = tally.get(company["category"], 0) + 1
    assert {k: v for k, v in counts(driver, "category").items() if v} == tally
    search = driver.find_element(By.ID, "search-field")
    search.send_keys("labs")
    found = {c["name"] for c in COMPANIES if inside(c) and "labs" in c["name"].lower()}
    assert found
    want = [name for name in whole_order if name in found]
    wait(driver, lambda: results(driver) == want)
    tally = {}
    for company in COMPANIES:
        if company["name"] in found:
            tally[company["category"]] = tally.get(company["category"], 0) + 1
    assert {k: v for k, v in counts(driver, "category").items() if v} == tally
    wait(driver, lambda: "q=labs" in driver.current_url)


def sorted_whole(driver, browse_server, value):
    driver.get(browse_server + "/companies.html?sort=" + urllib.parse.quote(value))
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('.sorted-list .row')).map((r) => r.querySelector('.label').textContent)")


@pytest.mark.parametrize("value", ["employees", "-employees", "-founded", "name"])
def test_sort_by_lists_the_rows_in_the_order_the_whole_page_sorts_them(driver, browse_server, whole_order, value):
    want = sorted_whole(driver, browse_server, value)
    assert len(want) == 120
    driver.get(browse_server + "/split.html")
    Select(driver.find_element(By.CSS_SELECTOR, ".sort-control")).select_by_value(value)
    wait(driver, lambda: results(driver) == want[:100])
    assert "Showing the first 100 of 120" in driver.find_element(By.CSS_SELECTOR, ".search-more").text
    # One flat list in another order has no sections to jump to.
    assert not driver.find_element(By.CSS_SELECTOR, "nav.section-index").is_displayed()
    if value == "-employees":
        # Rows without a value come last in both directions, and ties keep the page's order.
        missing = [c["name"] for c in COMPANIES if not c["employees"]]
        assert set(want[-len(missing):]) == set(missing)
    # A filter narrows the sorted list, read from the order's files.
    tick(driver, "category", "Software")
    software = {c["name"] for c in COMPANIES if c["category"] == "Software"}
    wait(driver, lambda: results(driver) == [name for name in want if name in software])
    Select(driver.find_element(By.CSS_SELECTOR, ".sort-control")).select_by_value("")
    wait(driver, lambda: results(driver) == [name for name in whole_order if name in software])
    assert driver.find_element(By.CSS_SELECTOR, "nav.section-index").is_displayed()


def test_a_search_sorted_lists_its_rows_by_their_ranks(driver, browse_server):
    want = [name for name in sorted_whole(driver, browse_server, "-employees") if "labs" in name.lower()]
    driver.get(browse_server + "/split.html?sort=-employees&q=labs")
    wait(driver, lambda: results(driver) == want)


def test_the_address_holds_the_filters_through_reload_and_back_and_forward(driver, browse_server, whole_order):
    driver.get(browse_server + "/split/sections/m.html")
    tick(driver, "category", "Software")
    software, _ = expected(whole_order, category={"Software"})
    wait(driver, lambda: results(driver) == software)
    tick(driver, "city", "Berlin")
    both, _ = expected(whole_order, category={"Software"}, city={"Berlin"})
    wait(driver, lambda: results(driver) == both)
    assert "category=Software" in driver.current_url and "city=Berlin" in driver.current_url
    driver.refresh()
    wait(driver, lambda: results(driver) == both)
    driver.back()
    wait(driver, lambda: results(driver) == software)
    driver.back()
    wait(driver, lambda: results(driver) is None)
    assert driver.find_element(By.CSS_SELECTOR, "section.section").is_displayed()
    driver.forward()
    wait(driver, lambda: results(driver) == software)


def test_a_result_opens_its_row_on_its_section_page(driver, browse_server, whole_order):
    driver.get(browse_server + "/split.html?category=Software")
    software, _ = expected(whole_order, category={"Software"})
    wait(driver, lambda: results(driver) == software)
    link = driver.find_element(By.CSS_SELECTOR, ".search-results a")
    link.click()
    wait(driver, lambda: "/sections/" in driver.current_url)
    row = driver.find_element(By.ID, urllib.parse.urlparse(driver.current_url).fragment)
    assert row.find_element(By.CSS_SELECTOR, ".label").text == software[0]


def test_filters_on_a_split_page_work_from_file_urls(driver, browse_site, whole_order):
    driver.get((browse_site / "split.html").as_uri() + "?city=Berlin&sort=-founded")
    berlin = {c["name"] for c in COMPANIES if c["city"] == "Berlin"}
    want = [c["name"] for c in sorted(
        (c for c in COMPANIES if c["name"] in berlin), key=lambda c: (c["founded"] == "", -int(c["founded"].replace("-", "") or 0)))]
    # Ties and rows without a date keep the page's order.
    rank = {name: k for k, name in enumerate(whole_order)}
    want = sorted(want, key=lambda n: (next(c for c in COMPANIES if c["name"] == n)["founded"] == "",
                                       -int(next(c for c in COMPANIES if c["name"] == n)["founded"].replace("-", "") or 0), rank[n]))
    wait(driver, lambda: results(driver) == want)
    assert status(driver) == f"{len(want)} results"


def test_without_scripts_a_split_page_shows_its_sections_and_no_panel(browser_without_scripts, browse_site):
    browser_without_scripts.get((browse_site / "split.html").as_uri() + "?category=Software")
    assert not browser_without_scripts.find_element(By.CSS_SELECTOR, ".browse").is_displayed()
    assert not browser_without_scripts.find_element(By.CSS_SELECTOR, ".search-results").is_displayed()
    directory = browser_without_scripts.find_elements(By.CSS_SELECTOR, ".section-directory li")
    assert len(directory) == 14 and all(entry.is_displayed() for entry in directory)
    browser_without_scripts.get((browse_site / "split" / "sections" / "d.html").as_uri())
    assert len([r for r in browser_without_scripts.find_elements(By.CSS_SELECTOR, "li.row") if r.is_displayed()]) == 10


# Filters, ranges, orders and searches, as addresses: each one asked of the whole page and of
# the split page must give the same rows in the same order (one row set answers both).
SAME_QUERIES = [
    "category=Software",
    "category=Software&category=Retail&city=Berlin",
    "employees=100..",
    "employees=..50&sort=-employees",
    "city=Berlin&sort=-founded",
    "founded=1984&founded=2015",
    "sort=employees",
    "q=labs&sort=-employees",
    "q=labs&category=Software",
]


@pytest.mark.parametrize("query", SAME_QUERIES)
def test_the_whole_page_and_the_split_page_give_the_same_rows_in_the_same_order(driver, browse_server, query):
    driver.get(browse_server + "/companies.html?" + query)
    # The whole page's rows once its script has moved them: a sorted list, or the sections.
    wait(driver, lambda: driver.execute_script(
        "return !document.querySelector('.sorted-list') || document.querySelectorAll('.sorted-list .row').length === 120"))
    whole = driver.execute_script(
        "const rows = document.querySelector('.sorted-list') ? document.querySelectorAll('.sorted-list .row') : document.querySelectorAll('.row');"
        "return Array.from(rows).filter((r) => !r.hidden).map((r) => r.querySelector('.label').textContent)")
    assert whole, query
    driver.get(browse_server + "/split.html?" + query)
    # A split page lists the first 100.
    wait(driver, lambda: results(driver) == whole[:100])


@pytest.mark.parametrize("page", ["split.html", "sharded.html"])
def test_the_counts_follow_a_search_with_no_filter_chosen(driver, browse_server, page):
    driver.get(browse_server + "/" + page)
    everyone = {}
    for company in COMPANIES:
        everyone[company["category"]] = everyone.get(company["category"], 0) + 1
    assert {k: v for k, v in counts(driver, "category").items() if v} == everyone
    field = driver.find_element(By.ID, "search-field")
    field.send_keys("labs")
    tally = {}
    for company in COMPANIES:
        if any(word.startswith("labs") for word in company["name"].lower().split()):
            tally[company["category"]] = tally.get(company["category"], 0) + 1
    assert tally and tally != everyone
    wait(driver, lambda: {k: v for k, v in counts(driver, "category").items() if v} == tally)
    assert results(driver), "the search lists its own results meanwhile"
    field.clear()
    field.send_keys(" ")
    wait(driver, lambda: {k: v for k, v in counts(driver, "category").items() if v} == everyone)


def test_a_long_list_shows_a_screenful_and_more_as_the_reader_asks_or_scrolls(driver, browse_server):
    want = sorted_whole(driver, browse_server, "name")
    driver.set_window_size(1280, 900)
    driver.get(browse_server + "/split.html")
    Select(driver.find_element(By.CSS_SELECTOR, ".sort-control")).select_by_value("name")
    listed = lambda: driver.execute_script(
        "return Array.from(document.querySelectorAll('.search-results li')).filter((li) => !li.hidden)"
        ".map((li) => li.querySelector('.label').textContent)")
    more = driver.find_element(By.CSS_SELECTOR, ".results-more")
    wait(driver, lambda: len(listed()) >= 12 and more.is_displayed())
    assert len(listed()) < 100, "a step lists what the reader sees, not a hundred rows"
    # From the keyboard: the button lists more (scrolled to, it may list them first) and the
    # focus moves on to the first row after those the reader passed.
    before = len(listed())
    driver.execute_script("arguments[0].focus()", more)
    more.send_keys("\n")
    wait(driver, lambda: len(listed()) > before and driver.switch_to.active_element.tag_name == "a")
    focused = driver.switch_to.active_element
    assert focused.find_element(By.CSS_SELECTOR, ".label").text == want[before]
    # Scrolling on to the end lists the rest, up to the hundred the page lists, in order.
    def scrolled():
        driver.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
        return len(listed())
    wait(driver, lambda: scrolled() == 100, timeout=30)
    assert listed() == want[:100]
    assert not more.is_displayed()


def whole_and_counts(driver):
    """The rows a whole page shows, in order, and its category counts."""
    wait(driver, lambda: driver.execute_script("return document.querySelectorAll('.row').length") == 240)
    rows = driver.execute_script(
        "return Array.from(document.querySelectorAll('.row')).filter((r) => !r.hidden && r.offsetParent !== null)"
        ".map((r) => r.querySelector('.label').textContent)")
    return rows, counts(driver, "category")


# A word in more rows than a page of sharded search data holds (`lab`: 160 of 240), asked with a
# filter and a range: the split page reads the word's rows alone, or its pages, and must find
# what the whole page finds.
@pytest.mark.parametrize("query", ["q=lab&category=Software", "q=lab&founded=2000..", "q=labs&category=Energy&founded=..1990"])
def test_a_common_word_with_filters_finds_on_a_sharded_page_what_a_whole_page_finds(driver, browse_server, query):
    driver.get(browse_server + "/labs-whole.html?" + query)
    whole, whole_counts = whole_and_counts(driver)
    assert whole, query
    driver.get(browse_server + "/labs.html?" + query)
    wait(driver, lambda: results(driver) == whole[:100] and counts(driver, "category") == whole_counts)
    read = driver.execute_script("return performance.getEntriesByType('resource').map((e) => e.name.split('/').pop().split('?')[0])")
    if query.startswith("q=lab&"):
        # `lab` is a leaf's whole key: its rows are read alone, not its second page of entries,
        # and its rows' values beside them tell the counts: no column or record of the filters.
        assert "6c6162-rows.js" in read and "6c6162-1.js" not in read, read
        assert "6c6162-values.js" in read, read
        assert not [name for name in read if name[0] in "cwx" and name[1].isdigit()], read

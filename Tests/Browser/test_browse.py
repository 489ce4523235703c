"""Filters with counts, Sort by, the table layout and downloads, in a real browser, checked
against the catalogue's CSV read with Python's own csv module."""

import csv
import json
import pathlib
import time
import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

DATA = pathlib.Path(__file__).parent / "sites" / "browse" / "Content" / "companies.csv"
COMPANIES = list(csv.DictReader(DATA.open(encoding="utf-8")))


def wait(driver, condition, timeout=10):
    return WebDriverWait(driver, timeout).until(lambda d: condition())


def shown(driver):
    """The labels of the rows showing, in the order they show."""
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('.row')).filter((r) => !r.hidden && r.offsetParent !== null)"
        ".map((r) => r.querySelector('.label').textContent)")


def page_order(driver):
    """Every row's label in the page's own order (as the build numbered them)."""
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('.row')).sort((a, b) => a.dataset.i - b.dataset.i)"
        ".map((r) => r.querySelector('.label').textContent)")


def counts(driver, field):
    return driver.execute_script(
        "return Object.fromEntries(Array.from(document.querySelectorAll(`fieldset[data-filter='${arguments[0]}'] li`))"
        ".map((li) => [li.querySelector('input').value, Number(li.querySelector('.filter-count').textContent.replace(/\\D/g, ''))]))",
        field)


def tick(driver, field, value):
    box = driver.find_element(By.CSS_SELECTOR, f"fieldset[data-filter='{field}'] input[value='{value}']")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
    box.click()


def year(company):
    return company["founded"][:4] or "(none)"


def expected(order, **chosen):
    """The companies every filter lets through, in `order`: OR within a filter, AND across."""
    def passes(company, skip=None):
        for field, values in chosen.items():
            if field == skip or not values:
                continue
            if field == "year" and year(company) not in values:
                return False
            if field != "year" and company[field] not in values:
                return False
        return True
    names = {c["name"] for c in COMPANIES if passes(c)}
    return [name for name in order if name in names], passes


def facet_counts(field, passes):
    """A filter's counts as the faceting rule has them: its own choice cleared."""
    key = year if field == "year" else (lambda c: c[field])
    tally = {}
    for company in COMPANIES:
        if passes(company, skip=field):
            tally[key(company)] = tally.get(key(company), 0) + 1
    return tally


def test_values_of_one_filter_are_or_filters_are_and_and_counts_ignore_their_own_choice(driver, browse_server):
    driver.get(browse_server + "/companies.html")
    order = page_order(driver)
    assert len(order) == 120
    assert driver.find_element(By.CSS_SELECTOR, ".browse").is_displayed()
    assert counts(driver, "category") == facet_counts("category", expected(order)[1])
    tick(driver, "category", "Software")
    tick(driver, "category", "Retail")
    want, passes = expected(order, category={"Software", "Retail"})
    wait(driver, lambda: shown(driver) == want)
    # Software's own counts still read as if nothing were chosen in Category.
    assert counts(driver, "category") == facet_counts("category", passes)
    assert counts(driver, "city") == {k: v for k, v in {**{c: 0 for c in counts(driver, "city")}, **facet_counts("city", passes)}.items()}
    tick(driver, "city", "Berlin")
    common_year = max(counts(driver, "founded").items(), key=lambda item: item[1])[0]
    tick(driver, "founded", common_year)
    chosen = {"category": {"Software", "Retail"}, "city": {"Berlin"}, "year": {common_year}}
    want, passes = expected(order, **chosen)
    assert want, "the three filters leave some rows"
    wait(driver, lambda: shown(driver) == want)
    for field, name in (("category", "category"), ("city", "city"), ("year", "founded")):
        got = {k: v for k, v in counts(driver, name).items() if v}
        assert got == facet_counts(field, passes), field
    status = driver.find_element(By.CSS_SELECTOR, "[role='status']").get_attribute("textContent")
    assert status == (f"{len(want)} results" if len(want) != 1 else "1 result")


def test_years_and_ranges_narrow_and_the_bar_says_what_is_applied(driver, browse_server):
    driver.get(browse_server + "/companies.html")
    order = page_order(driver)
    tick(driver, "category", "Software")
    low = driver.find_element(By.CSS_SELECTOR, "fieldset[data-filter='employees'] .range-from")
    high = driver.find_element(By.CSS_SELECTOR, "fieldset[data-filter='employees'] .range-to")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", low)
    low.send_keys("100")
    high.send_keys("900")
    high.send_keys("\t")
    names = {c["name"] for c in COMPANIES
             if c["employees"] and 100 <= int(c["employees"]) <= 900 and c["category"] == "Software"}
    want = [name for name in order if name in names]
    wait(driver, lambda: shown(driver) == want)
    bar = driver.find_element(By.CSS_SELECTOR, ".applied-filters")
    assert "Category: Software ✕ · Employees: 100 – 900 ✕" in bar.text
    assert bar.text.endswith("Clear all")
    # Taking a choice away by keyboard leaves focus on the bar's next choice.
    bar.find_element(By.CSS_SELECTOR, ".applied-value").send_keys("\n")
    wait(driver, lambda: "Category" not in bar.text)
    focused = driver.switch_to.active_element
    assert focused.get_attribute("class") == "applied-value" and focused.text == "100 – 900 ✕"
    bar.find_element(By.CSS_SELECTOR, ".applied-clear").click()
    wait(driver, lambda: len(shown(driver)) == 120)
    assert driver.switch_to.active_element.tag_name == "summary"
    assert not bar.is_displayed()
    assert "employees" not in driver.current_url


def test_the_state_lives_in_the_address_through_reload_and_back_and_forward(driver, browse_server):
    driver.get(browse_server + "/companies.html")
    order = page_order(driver)
    tick(driver, "category", "Energy")
    wait(driver, lambda: "category=Energy" in driver.current_url)
    tick(driver, "city", "Oslo")
    wait(driver, lambda: "city=Oslo" in driver.current_url)
    both, _ = expected(order, category={"Energy"}, city={"Oslo"})
    only_energy, _ = expected(order, category={"Energy"})
    driver.refresh()
    wait(driver, lambda: shown(driver) == both)
    assert driver.find_element(By.CSS_SELECTOR, "fieldset[data-filter='city'] input[value='Oslo']").is_selected()
    driver.back()
    wait(driver, lambda: shown(driver) == only_energy)
    assert not driver.find_element(By.CSS_SELECTOR, "fieldset[data-filter='city'] input[value='Oslo']").is_selected()
    driver.forward()
    wait(driver, lambda: shown(driver) == both)
    # A linked view opens as it was linked, search included.
    query = urllib.parse.urlencode([("category", "Software"), ("category", "Media"), ("q", "labs"), ("sort", "-employees")])
    driver.get(browse_server + "/companies.html?" + query)
    want = [n for n in expected(order, category={"Software", "Media"})[0] if "labs" in n.lower()]
    ranked = sorted([n for n in want if employees(n) is not None], key=lambda n: (-employees(n), order.index(n)))
    wait(driver, lambda: shown(driver) == ranked + [n for n in want if employees(n) is None])


def test_back_and_forward_bring_back_the_search_with_the_choices_of_their_step(driver, browse_server):
    driver.get(browse_server + "/companies.html")
    order = page_order(driver)
    field = driver.find_element(By.ID, "search-field")
    field.send_keys("labs")
    wait(driver, lambda: "q=labs" in driver.current_url)
    tick(driver, "category", "Software")
    wait(driver, lambda: "category=Software" in driver.current_url and "q=labs" in driver.current_url)
    with_labs = [n for n in expected(order, category={"Software"})[0] if "labs" in n.lower()]
    wait(driver, lambda: shown(driver) == with_labs)
    driver.back()
    wait(driver, lambda: shown(driver) == [n for n in order if "labs" in n.lower()])
    assert not driver.find_element(By.CSS_SELECTOR, "fieldset[data-filter='category'] input[value='Software']").is_selected()
    # The search typed in this step replaces it: the next step keeps its own.
    field.clear()
    field.send_keys("co")
    wait(driver, lambda: "q=co" in driver.current_url)
    driver.forward()
    wait(driver, lambda: field.get_attribute("value") == "labs" and shown(driver) == with_labs)
    assert driver.find_element(By.CSS_SELECTOR, "fieldset[data-filter='category'] input[value='Software']").is_selected()


def employees(name):
    value = next(c for c in COMPANIES if c["name"] == name)["employees"]
    return int(value) if value else None


def test_sort_by_makes_one_flat_list_ties_keep_the_page_order_and_the_default_brings_sections_back(driver, browse_server):
    driver.get(browse_server + "/companies.html")
    order = page_order(driver)
    Select(driver.find_element(By.CSS_SELECTOR, ".sort-control")).select_by_value("employees")
    with_value = [n for n in order if employees(n) is not None]
    want = sorted(with_value, key=lambda n: (employees(n), order.index(n))) + [n for n in order if employees(n) is None]
    assert len({employees(n) for n in with_value}) < len(with_value), "the data has ties"
    wait(driver, lambda: shown(driver) == want)
    assert not driver.find_element(By.CSS_SELECTOR, "nav.section-index").is_displayed()
    assert not any(s.is_displayed() for s in driver.find_elements(By.CSS_SELECTOR, "section.section"))
    assert "sort=employees" in driver.current_url
    status = driver.find_element(By.CSS_SELECTOR, "[role='status']")
    assert status.get_attribute("textContent") == "Sorted by Employees, lowest first"
    Select(driver.find_element(By.CSS_SELECTOR, ".sort-control")).select_by_value("-employees")
    want = sorted(with_value, key=lambda n: (-employees(n), order.index(n))) + [n for n in order if employees(n) is None]
    wait(driver, lambda: shown(driver) == want)
    Select(driver.find_element(By.CSS_SELECTOR, ".sort-control")).select_by_value("")
    wait(driver, lambda: shown(driver) == order)
    assert driver.find_element(By.CSS_SELECTOR, "nav.section-index").is_displayed()
    assert "sort=" not in driver.current_url


def test_filters_and_search_combine_and_footers_count_what_shows(driver, browse_server):
    driver.get(browse_server + "/companies.html")
    order = page_order(driver)
    tick(driver, "category", "Software")
    field = driver.find_element(By.ID, "search-field")
    field.send_keys("labs")
    want = [n for n in expected(order, category={"Software"})[0] if "labs" in n.lower()]
    wait(driver, lambda: shown(driver) == want)
    # Counts follow the search too.
    got = counts(driver, "category")
    assert got["Software"] == len(want)
    sections = driver.find_elements(By.CSS_SELECTOR, "section.section")
    for section in sections:
        rows = [r for r in section.find_elements(By.CSS_SELECTOR, ".row") if r.is_displayed()]
        link = driver.find_element(By.CSS_SELECTOR, f"nav.section-index a[data-section='{section.get_attribute('id')}']")
        if rows:
            footer = section.find_element(By.CSS_SELECTOR, ".section-footer").text
            assert footer == (f"{len(rows)} companies" if len(rows) != 1 else "1 company")
            assert link.get_attribute("aria-disabled") is None
        else:
            assert not section.is_displayed()
            assert link.get_attribute("aria-disabled") == "true"


def test_a_table_sorts_by_its_headers_with_aria_sort(driver, browse_server):
    driver.get(browse_server + "/table.html")
    order = page_order(driver)
    header = driver.find_element(By.CSS_SELECTOR, "thead th[data-sort='employees']")
    assert header.get_attribute("aria-sort") is None
    assert driver.find_element(By.CSS_SELECTOR, "thead th[data-sort='employees']").get_attribute("class") == "numeric"
    button = header.find_element(By.CSS_SELECTOR, "button.column-sort")
    button.click()
    wait(driver, lambda: header.get_attribute("aria-sort") == "ascending")
    with_value = [n for n in order if employees(n) is not None]
    want = sorted(with_value, key=lambda n: (employees(n), order.index(n))) + [n for n in order if employees(n) is None]
    wait(driver, lambda: shown(driver) == want)
    assert Select(driver.find_element(By.CSS_SELECTOR, ".sort-control")).first_selected_option.get_attribute("value") == "employees"
    button.click()
    wait(driver, lambda: header.get_attribute("aria-sort") == "descending")
    other = driver.find_element(By.CSS_SELECTOR, "thead th[data-sort='name'] button")
    other.click()
    wait(driver, lambda: header.get_attribute("aria-sort") is None)
    assert driver.find_element(By.CSS_SELECTOR, "thead th[data-sort='name']").get_attribute("aria-sort") == "ascending"
    assert shown(driver) == sorted(order, key=lambda n: n.lower())
    # Numbers are right-aligned; the header row of each section is a th spanning the table.
    cell = driver.find_element(By.CSS_SELECTOR, "tr.row td.numeric")
    assert cell.value_of_css_property("text-align") in ("end", "right")


def test_a_collapsed_table_section_keeps_its_header_row(driver, browse_server):
    driver.get(browse_server + "/table.html")
    toggle = driver.find_element(By.CSS_SELECTOR, "tbody.section .section-toggle")
    body = toggle.find_element(By.XPATH, "ancestor::tbody")
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "false"
    assert toggle.is_displayed()
    assert not any(r.is_displayed() for r in body.find_elements(By.CSS_SELECTOR, "tr.row"))


def test_download_shown_rows_saves_what_the_filters_and_search_leave(driver, browse_server, tmp_path):
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path)})
    driver.get(browse_server + "/companies.html")
    order = page_order(driver)
    tick(driver, "city", "Paris")
    want, _ = expected(order, city={"Paris"})
    wait(driver, lambda: shown(driver) == want)
    driver.find_element(By.CSS_SELECTOR, ".download-shown").click()
    target = tmp_path / "companies-shown.csv"
    wait(driver, lambda: target.exists() and target.stat().st_size > 0)
    time.sleep(0.2)
    rows = list(csv.reader(target.open(encoding="utf-8", newline="")))
    assert rows[0] == ["Name", "Category", "City", "Founded", "Employees"]
    assert [row[0] for row in rows[1:]] == want
    by_name = {c["name"]: c for c in COMPANIES}
    for row in rows[1:]:
        company = by_name[row[0]]
        assert row[1:] == [company["category"], company["city"], company["founded"], company["employees"]]


def test_the_csv_and_ndjson_twins_hold_every_row_and_field(browse_site):
    page = (browse_site / "companies.html").read_text()
    assert 'href="companies.csv"' in page and 'href="companies.ndjson"' in page
    twin = list(csv.DictReader((browse_site / "companies.csv").open(encoding="utf-8", newline="")))
    assert sorted(twin, key=lambda r: r["name"]) == sorted(COMPANIES, key=lambda r: r["name"])
    lines = (browse_site / "companies.ndjson").read_text(encoding="utf-8").splitlines()
    records = [json.loads(line) for line in lines]
    assert [r["name"] for r in records] == [r["name"] for r in twin]
    assert all(isinstance(r["employees"], int) for r in records if "employees" in r and r["employees"] is not None)


def test_without_scripts_no_panel_shows_and_every_row_does(browser_without_scripts, browse_site):
    browser_without_scripts.get((browse_site / "companies.html").as_uri() + "?category=Software&sort=-employees")
    assert not browser_without_scripts.find_element(By.CSS_SELECTOR, ".browse").is_displayed()
    assert not browser_without_scripts.find_element(By.CSS_SELECTOR, ".applied-filters").is_displayed()
    assert len([r for r in browser_without_scripts.find_elements(By.CSS_SELECTOR, "li.row") if r.is_displayed()]) == 120
    browser_without_scripts.get((browse_site / "table.html").as_uri())
    assert not browser_without_scripts.find_elements(By.CSS_SELECTOR, "button.column-sort")
    assert len([r for r in browser_without_scripts.find_elements(By.CSS_SELECTOR, "tr.row") if r.is_displayed()]) == 120


def test_filters_work_from_file_urls(driver, browse_site):
    driver.get((browse_site / "companies.html").as_uri() + "?city=Turku")
    order = page_order(driver)
    want, _ = expected(order, city={"Turku"})
    wait(driver, lambda: shown(driver) == want)


def test_a_long_list_of_values_narrows_as_a_value_is_typed(driver, browse_server):
    driver.get(browse_server + "/companies.html")
    find = driver.find_element(By.CSS_SELECTOR, "fieldset[data-filter='city'] .filter-find")
    find.send_keys("gdansk")
    wait(driver, lambda: [li.text.split("\n")[0].split(" ")[0] for li in driver.find_elements(By.CSS_SELECTOR, "fieldset[data-filter='city'] li") if li.is_displayed()] == ["Gdańsk"])


def hairlines(driver, selector):
    """For each row showing under `selector`, in order, whether a hairline is drawn above it."""
    return driver.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0])).filter((r) => !r.hidden && r.offsetParent !== null)"
        ".map((r) => getComputedStyle(r.querySelector('.row-body'), '::before').borderTopStyle === 'solid')", selector)


def test_the_first_row_shown_draws_no_hairline_above_it(driver, browse_server):
    driver.get(browse_server + "/companies.html")
    order = page_order(driver)
    tick(driver, "category", "Energy")
    want, _ = expected(order, category={"Energy"})
    wait(driver, lambda: shown(driver) == want)
    for section in driver.find_elements(By.CSS_SELECTOR, "section.section"):
        if section.is_displayed():
            lines = hairlines(driver, f"#{section.get_attribute('id')} li.row")
            assert lines[0] is False and all(lines[1:]), section.get_attribute("id")
    Select(driver.find_element(By.CSS_SELECTOR, ".sort-control")).select_by_value("-founded")
    wait(driver, lambda: "sort=-founded" in driver.current_url)
    # The first screenful moves at once, the rest after it is drawn.
    wait(driver, lambda: len(hairlines(driver, ".sorted-list li.row")) == len(want))
    lines = hairlines(driver, ".sorted-list li.row")
    assert lines[0] is False and all(lines[1:])


def test_a_long_section_is_several_lists_that_read_as_one(driver, tmp_path):
    from conftest import build
    content = tmp_path / "Content"
    content.mkdir()
    (content / "long.csv").write_text("name,kind\n" + "".join(f"item {i:04d},{'odd' if i % 2 else 'even'}\n" for i in range(900)))
    (content / "long.md").write_text("---\ndata: long.csv\ngroup: none\nfilters: [kind]\nfields: [kind]\n---\n")
    output = build(content, tmp_path)
    driver.get((output / "long.html").as_uri())
    lists = driver.find_elements(By.CSS_SELECTOR, "section.section ul.rows")
    assert [len(l.find_elements(By.CSS_SELECTOR, "li.row")) for l in lists] == [400, 400, 100]
    driver.execute_script("document.querySelectorAll('ul.rows')[1].scrollIntoView()")
    lines = hairlines(driver, "li.row")
    assert len(lines) == 900 and lines[0] is False and all(lines[1:]), "a line between the lists too"
    tick(driver, "kind", "odd")
    wait(driver, lambda: len(shown(driver)) == 450)
    lines = hairlines(driver, "li.row")
    assert lines[0] is False and all(lines[1:])


def test_a_table_of_long_unbreakable_values_stays_beside_the_index(driver, browse_server):
    """Version strings, addresses and hashes wrap inside their cells: at no width does the
    table pass under the section index, nor the page scroll sideways."""
    try:
        for width in (1024, 1280, 1920):
            driver.set_window_size(width, 900)
            driver.get(browse_server + "/packages.html")
            boxes = driver.execute_script("""
                const table = document.querySelector('.rows-table').getBoundingClientRect();
                const index = document.querySelector('nav.section-index').getBoundingClientRect();
                return [table.right, index.left, document.documentElement.scrollWidth, innerWidth];""")
            table_right, index_left, scroll_width, inner_width = boxes
            assert table_right <= index_left + 0.5, f"at {width} px the table passes the index by {table_right - index_left:.0f} px"
            assert scroll_width <= inner_width, f"at {width} px the page scrolls sideways"
    finally:
        driver.set_window_size(1200, 900)

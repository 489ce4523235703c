"""The listing page in a real browser: search, the index, collapsible sections, detail pages."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait


def wait(driver, condition, timeout=10):
    return WebDriverWait(driver, timeout).until(lambda d: condition())


def visible_labels(driver):
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, "li.row:not([hidden]) .label") if e.is_displayed()]


def visible_sections(driver):
    return [s.get_attribute("id") for s in driver.find_elements(By.CSS_SELECTOR, "section.section") if s.is_displayed()]


def search(driver, text):
    field = driver.find_element(By.ID, "search-field")
    field.send_keys(text)
    return field


def test_typing_filters_rows_and_hides_empty_sections_and_index_links(driver, server):
    driver.get(server + "/states.html")
    assert len(visible_labels(driver)) == 50
    search(driver, "new")
    wait(driver, lambda: visible_labels(driver) == ["New Hampshire", "New Jersey", "New Mexico", "New York"])
    assert visible_sections(driver) == ["n"]
    link_a = driver.find_element(By.CSS_SELECTOR, "nav[aria-label='Section index'] a[href='#a']")
    assert link_a.get_attribute("aria-disabled") == "true"
    link_n = driver.find_element(By.CSS_SELECTOR, "nav[aria-label='Section index'] a[href='#n']")
    assert link_n.get_attribute("aria-disabled") is None
    status = driver.find_element(By.CSS_SELECTOR, "[role='status']")
    assert status.get_attribute("aria-live") == "polite"
    assert status.get_attribute("textContent") == "4 results"


def test_every_term_must_match_and_capitals_are_searched(driver, server):
    driver.get(server + "/states.html")
    search(driver, "north bis")
    wait(driver, lambda: visible_labels(driver) == ["North Dakota"])


def test_search_ignores_case_and_diacritics(driver, server):
    driver.get(server + "/friends.html")
    search(driver, "EMILE")
    wait(driver, lambda: visible_labels(driver) == ["Émile Durand"])
    field = driver.find_element(By.ID, "search-field")
    field.clear()
    field.send_keys("orjan")
    wait(driver, lambda: visible_labels(driver) == ["Ørjan Lund"])


def test_matches_are_highlighted(driver, server):
    driver.get(server + "/states.html")
    search(driver, "york")
    wait(driver, lambda: visible_labels(driver) == ["New York"])
    marks = driver.find_elements(By.CSS_SELECTOR, "li.row:not([hidden]) mark")
    assert [m.text for m in marks] == ["York"]


def test_highlight_maps_folded_text_back_to_the_original(driver, server):
    driver.get(server + "/friends.html")
    search(driver, "emile")
    wait(driver, lambda: visible_labels(driver) == ["Émile Durand"])
    assert [m.text for m in driver.find_elements(By.CSS_SELECTOR, "mark")] == ["Émile", "emile"], "the label and the email both match"


def test_no_results_message(driver, server):
    driver.get(server + "/states.html")
    search(driver, "zzzz")
    message = driver.find_element(By.CSS_SELECTOR, ".no-results")
    wait(driver, message.is_displayed)
    assert visible_sections(driver) == []


def test_escape_restores_everything(driver, server):
    driver.get(server + "/states.html")
    field = search(driver, "texas")
    wait(driver, lambda: visible_labels(driver) == ["Texas"])
    field.send_keys(Keys.ESCAPE)
    wait(driver, lambda: len(visible_labels(driver)) == 50)
    assert field.get_attribute("value") == ""
    assert driver.find_elements(By.CSS_SELECTOR, "mark") == []
    assert "q=" not in driver.current_url


def test_clear_button_restores_everything(driver, server):
    driver.get(server + "/states.html")
    search(driver, "texas")
    wait(driver, lambda: visible_labels(driver) == ["Texas"])
    driver.find_element(By.CSS_SELECTOR, ".search-clear").click()
    wait(driver, lambda: len(visible_labels(driver)) == 50)
    assert all(a.get_attribute("aria-disabled") is None
               for a in driver.find_elements(By.CSS_SELECTOR, "nav[aria-label='Section index'] a"))


def test_query_is_kept_in_the_url_and_read_on_load(driver, server):
    driver.get(server + "/states.html")
    search(driver, "austin")
    wait(driver, lambda: "q=austin" in driver.current_url)
    driver.get(server + "/states.html?q=sacramento")
    wait(driver, lambda: visible_labels(driver) == ["California"])
    assert driver.find_element(By.ID, "search-field").get_attribute("value") == "sacramento"


def test_slash_focuses_the_search_field(driver, server):
    driver.get(server + "/states.html")
    driver.find_element(By.TAG_NAME, "body").send_keys("/")
    assert driver.switch_to.active_element.get_attribute("id") == "search-field"


def test_index_jumps_to_a_section(driver, server):
    driver.get(server + "/states.html")
    driver.find_element(By.CSS_SELECTOR, "nav[aria-label='Section index'] a[href='#m']").click()
    wait(driver, lambda: driver.current_url.endswith("#m"))
    top = driver.execute_script("return document.getElementById('m').getBoundingClientRect().top")
    assert abs(top) < 20
    # The keyboard goes along: focus is on the section's heading, and the next Tab is its first row.
    wait(driver, lambda: driver.switch_to.active_element.get_attribute("class") == "section-header")
    assert driver.execute_script("return document.activeElement.closest('.section').id") == "m"
    driver.switch_to.active_element.send_keys(Keys.TAB)
    assert driver.execute_script("return document.activeElement.closest('.row').id") == "row-maine"


def test_an_index_jump_by_keyboard_opens_a_folded_section_and_focuses_it(driver, server):
    driver.get(server + "/regions.html")
    toggle = driver.find_element(By.CSS_SELECTOR, "#south .section-toggle")
    toggle.send_keys(Keys.ENTER)
    wait(driver, lambda: toggle.get_attribute("aria-expanded") == "false")
    link = driver.find_element(By.CSS_SELECTOR, "nav[aria-label='Section index'] a[href='#south']")
    link.send_keys(Keys.ENTER)
    wait(driver, lambda: toggle.get_attribute("aria-expanded") == "true")
    assert driver.find_element(By.ID, "rows-south").is_displayed()
    wait(driver, lambda: driver.execute_script("return document.activeElement.closest('.section')?.id") == "south")
    driver.execute_script("localStorage.clear()")


def test_collapsible_sections_toggle_and_survive_a_reload(driver, server):
    driver.get(server + "/regions.html")
    toggle = driver.find_element(By.CSS_SELECTOR, "#midwest .section-toggle")
    assert toggle.get_attribute("aria-expanded") == "true"
    toggle.send_keys(Keys.ENTER)  # keyboard-operable
    wait(driver, lambda: toggle.get_attribute("aria-expanded") == "false")
    assert not driver.find_element(By.ID, "rows-midwest").is_displayed()
    driver.refresh()
    toggle = driver.find_element(By.CSS_SELECTOR, "#midwest .section-toggle")
    wait(driver, lambda: toggle.get_attribute("aria-expanded") == "false")
    assert not driver.find_element(By.ID, "rows-midwest").is_displayed()
    assert driver.find_element(By.ID, "rows-south").is_displayed()
    # Search opens a collapsed section that has matches.
    search(driver, "ohio")
    wait(driver, lambda: visible_labels(driver) == ["Ohio"])
    assert driver.find_element(By.ID, "rows-midwest").is_displayed()
    # Clearing the search puts the reader's own open/closed choices back.
    driver.find_element(By.ID, "search-field").send_keys(Keys.ESCAPE)
    wait(driver, lambda: len(visible_labels(driver)) == 50 - 12)
    assert not driver.find_element(By.ID, "rows-midwest").is_displayed()


def test_a_link_to_a_row_in_a_folded_section_opens_it_and_shows_the_row(driver, server):
    driver.get(server + "/regions.html")
    toggle = driver.find_element(By.CSS_SELECTOR, "#midwest .section-toggle")
    toggle.send_keys(Keys.ENTER)
    wait(driver, lambda: toggle.get_attribute("aria-expanded") == "false")
    in_view = "const r = document.getElementById('row-ohio').getBoundingClientRect(); return r.height > 0 && r.top > -1 && r.bottom < innerHeight + 1"
    # Arriving at the row's address.
    driver.get(server + "/regions.html#row-ohio")
    wait(driver, lambda: driver.find_element(By.ID, "row-ohio").is_displayed())
    wait(driver, lambda: driver.execute_script(in_view))
    # The reader's own fold is kept: without the fragment, the section is folded again.
    driver.get(server + "/regions.html")
    toggle = driver.find_element(By.CSS_SELECTOR, "#midwest .section-toggle")
    wait(driver, lambda: toggle.get_attribute("aria-expanded") == "false")
    # Following a link within the page.
    driver.execute_script("location.hash = 'row-ohio'")
    wait(driver, lambda: driver.find_element(By.ID, "row-ohio").is_displayed())
    wait(driver, lambda: driver.execute_script(in_view))
    driver.execute_script("localStorage.clear()")


def test_an_index_link_pressed_while_typing_keeps_the_search(driver, server):
    driver.get(server + "/regions.html")
    search(driver, "ohio")
    # At once, before the typing pause writes the search to the address.
    driver.find_element(By.CSS_SELECTOR, "nav[aria-label='Section index'] a[href='#midwest']").click()
    wait(driver, lambda: driver.current_url.endswith("#midwest"))
    wait(driver, lambda: visible_labels(driver) == ["Ohio"])
    assert "q=ohio" in driver.current_url
    assert driver.find_element(By.ID, "search-field").get_attribute("value") == "ohio"
    driver.back()
    wait(driver, lambda: not driver.current_url.endswith("#midwest"))
    assert driver.find_element(By.ID, "search-field").get_attribute("value") == "ohio"


def test_checkmarks_mark_visited_states(driver, server):
    driver.get(server + "/regions.html")
    checked = driver.find_elements(By.CSS_SELECTOR, "li.row:has(.checkmark) .label")
    assert "Texas" in [c.text for c in checked]
    assert "Ohio" not in [c.text for c in checked]


def test_detail_page_links_back_to_its_section(driver, server):
    driver.get(server + "/states.html")
    driver.find_element(By.CSS_SELECTOR, "#row-texas a").click()
    wait(driver, lambda: driver.current_url.endswith("/states/texas.html"))
    assert driver.find_element(By.TAG_NAME, "h1").text == "Texas"
    image = driver.find_element(By.CSS_SELECTOR, "img.detail-image")
    assert driver.execute_script("return arguments[0].naturalWidth", image) > 0
    assert driver.find_element(By.CSS_SELECTOR, "a[rel='prev']").text.startswith("Tennessee")
    driver.find_element(By.CSS_SELECTOR, "a.back").click()
    wait(driver, lambda: driver.current_url.endswith("/states.html#t"))


def test_thumbnails_load_lazily_and_leave_the_name_to_the_label(driver, server):
    driver.get(server + "/states.html")
    image = driver.find_element(By.CSS_SELECTOR, "#row-alabama img.thumb")
    assert image.get_attribute("alt") == ""
    assert image.get_attribute("loading") == "lazy"
    wait(driver, lambda: driver.execute_script("return arguments[0].naturalWidth", image) > 0)


def test_pages_run_under_a_strict_content_security_policy(driver, server):
    driver.get(server + "/states.html")
    driver.get_log("browser")  # discard earlier pages' messages
    driver.get(server + "/states.html?q=juneau")
    wait(driver, lambda: visible_labels(driver) == ["Alaska"])
    violations = [entry for entry in driver.get_log("browser") if "Content Security Policy" in entry["message"]]
    assert violations == []


def test_home_page_lists_every_page_with_its_row_count(driver, server):
    driver.get(server + "/index.html")
    entries = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".page-list a")]
    chevrons = driver.find_elements(By.CSS_SELECTOR, ".page-list a .chevron")
    assert len(chevrons) == len(entries) and all(c.is_displayed() for c in chevrons), "rows look tappable, as every list's do"
    assert "States of America\n50 rows" in entries or "States of America 50 rows" in entries
    driver.find_element(By.LINK_TEXT, "States by Region").click() if driver.find_elements(By.LINK_TEXT, "States by Region") else \
        driver.find_element(By.PARTIAL_LINK_TEXT, "States by Region").click()
    wait(driver, lambda: driver.current_url.endswith("/regions.html"))
    driver.find_element(By.CSS_SELECTOR, ".site-home").click()
    wait(driver, lambda: driver.current_url.endswith("/index.html"))


def test_search_works_from_file_urls(driver, site):
    driver.get((site / "states.html").as_uri() + "?q=salem")
    wait(driver, lambda: visible_labels(driver) == ["Oregon"])


def test_without_scripts_every_row_is_visible_and_the_index_works(browser_without_scripts, site):
    driver = browser_without_scripts
    driver.get((site / "regions.html").as_uri())
    assert len(visible_labels(driver)) == 50
    driver.get((site / "states.html").as_uri())
    assert len(visible_labels(driver)) == 50
    driver.find_element(By.CSS_SELECTOR, "nav[aria-label='Section index'] a[href='#v']").click()
    assert driver.current_url.endswith("#v")


def test_narrow_phone_shows_the_letter_strip_without_sideways_scrolling(phone, site):
    phone.get((site / "states.html").as_uri())
    strip = phone.find_element(By.CSS_SELECTOR, "nav[aria-label='Section index']")
    assert strip.value_of_css_property("position") == "fixed"
    assert strip.is_displayed()
    overflow = phone.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0
    phone.execute_script("window.scrollTo(0, 1500)")
    rect = phone.execute_script("return arguments[0].getBoundingClientRect().toJSON()", strip)
    assert 0 <= rect["top"] and rect["bottom"] <= 640, "the strip stays in view while scrolling"


def test_a_test_reports_traceback_keeps_its_lines_without_sideways_scrolling(phone, site):
    phone.get((site / "tests" / "test-upload-to-archive.html").as_uri())
    block = phone.find_element(By.CSS_SELECTOR, ".detail-fields pre")
    assert block.text.splitlines()[1].strip() == "client.upload(report)"
    overflow = phone.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, "the code block scrolls inside itself, the page does not"


def test_the_example_test_report_puts_failures_first(driver, server):
    driver.get(server + "/tests.html")
    assert driver.find_element(By.CSS_SELECTOR, ".test-summary").text == "12 tests: 1 failed, 1 error, 1 skipped, 9 passed · 2.7 s"
    assert [h.text for h in driver.find_elements(By.CSS_SELECTOR, "section h2")] == ["failed", "error", "skipped", "passed"]


def test_section_headers_stick_while_their_section_scrolls(driver, server):
    driver.get(server + "/regions.html")
    header = driver.find_element(By.CSS_SELECTOR, "#south .section-header")
    driver.execute_script("document.getElementById('south').querySelector('li:nth-child(5)').scrollIntoView()")
    top = driver.execute_script("return arguments[0].getBoundingClientRect().top", header)
    assert abs(top) < 2


def test_footers_count_the_rows_a_search_shows_and_come_back_after(driver, server):
    driver.get(server + "/states.html")
    footer = driver.find_element(By.CSS_SELECTOR, "section#n .section-footer")
    assert footer.text == "8 states"
    field = search(driver, "new")
    wait(driver, lambda: footer.text == "4 states")
    field.send_keys(" york")
    wait(driver, lambda: footer.text == "1 state")
    field.send_keys(Keys.ESCAPE)
    wait(driver, lambda: footer.text == "8 states")


def test_phone_index_entries_are_tap_targets_and_words_get_short_forms(phone, site):
    phone.set_window_size(375, 740)
    phone.get((site / "states.html").as_uri())
    sizes = phone.execute_script(
        "return Array.from(document.querySelectorAll('nav.section-index a')).map(a => [a.getBoundingClientRect().width, a.getBoundingClientRect().height])")
    assert sizes and all(width >= 24 and height >= 24 for width, height in sizes), sizes
    phone.get((site / "regions.html").as_uri())
    links = phone.find_elements(By.CSS_SELECTOR, "nav.section-index a")
    assert [link.text for link in links] == ["Mid", "Nor", "Sou", "Wes"]
    assert [link.get_attribute("aria-label") for link in links] == ["Midwest", "Northeast", "South", "West"]
    assert all(link.size["width"] >= 24 for link in links)
    phone.set_window_size(320, 640)


def test_the_desktop_index_is_one_column_and_the_content_keeps_its_width(driver, server):
    widths = []
    for page in ("states", "regions", "admissions"):
        driver.get(f"{server}/{page}.html")
        widths.append(driver.execute_script("return document.querySelector('main.listing').getBoundingClientRect().width"))
        if page == "states":
            lefts = {round(link.location["x"]) for link in driver.find_elements(By.CSS_SELECTOR, "nav.section-index a")}
            assert len(lefts) == 1, "letters stacked in one column"
    assert max(widths) - min(widths) < 1, widths


def test_grouped_style_is_finished(driver, server):
    """The grey reaches the window's bottom, a header shows once, the first shown row has no
    line above it, and lines are inset from the left as iOS draws them."""
    driver.get(server + "/sections.html")
    grey = driver.execute_script("return getComputedStyle(document.documentElement).backgroundColor")
    assert grey == driver.execute_script("return getComputedStyle(document.body).backgroundColor") != "rgba(0, 0, 0, 0)"
    heading = driver.find_element(By.CSS_SELECTOR, "section#b h2")
    assert heading.text.lower() == "section b"
    assert driver.find_elements(By.CSS_SELECTOR, "section#b .section-subheader") == []
    second = driver.find_elements(By.CSS_SELECTOR, "section#b li.row .row-body")[1]
    row_width = second.size["width"]
    line = driver.execute_script("const s = getComputedStyle(arguments[0], '::before'); return [s.borderTopStyle, s.left, s.right]", second)
    assert line == ["solid", "16px", "0px"], line
    # The text's own background stays plain, so a contrast checker reads it.
    assert driver.execute_script("return getComputedStyle(arguments[0]).backgroundImage", second) == "none"
    search(driver, "ba")
    wait(driver, lambda: visible_labels(driver) == ["Banana"])
    first_shown = driver.find_element(By.CSS_SELECTOR, "section#b li.row:not([hidden]) .row-body")
    assert driver.execute_script("return getComputedStyle(arguments[0], '::before').borderTopStyle", first_shown) == "none"


def test_escape_closes_the_index_menu_and_gives_focus_back_to_its_button(phone, site):
    phone.set_window_size(320, 640)
    phone.get((site / "friends.html").as_uri())
    toggle = wait(phone, lambda: phone.find_elements(By.CSS_SELECTOR, "nav.section-index.as-menu .index-toggle"))[0]
    # Its name begins with a word for what it is and holds what it shows (WCAG 2.5.3).
    shown = phone.execute_script("return arguments[0].lastChild.textContent", toggle)
    assert shown == "A–#" and toggle.accessible_name == "Sections A–#", toggle.accessible_name
    toggle.send_keys(Keys.ENTER)
    wait(phone, lambda: phone.find_element(By.CSS_SELECTOR, "nav.section-index ol").is_displayed())
    toggle.send_keys(Keys.TAB)
    assert phone.switch_to.active_element.tag_name == "a"
    phone.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait(phone, lambda: not phone.find_element(By.CSS_SELECTOR, "nav.section-index ol").is_displayed())
    assert phone.switch_to.active_element == toggle
    assert toggle.get_attribute("aria-expanded") == "false"
    phone.set_window_size(375, 740)


def test_a_rows_picture_does_not_say_its_name_twice(driver, site):
    driver.get((site / "states.html").as_uri())
    link = driver.find_element(By.CSS_SELECTOR, "li.row a.row-body")
    assert link.find_element(By.CSS_SELECTOR, "img.thumb").get_attribute("alt") == ""
    name = link.accessible_name
    assert name.startswith("Alabama") and name.count("Alabama") == 1, name


def test_a_strip_too_long_for_a_short_phone_becomes_a_menu_of_44_px_squares(phone, site):
    """27 entries at 24 px do not fit a 640 px screen: the index opens from a button instead."""
    phone.set_window_size(320, 640)
    phone.get((site / "friends.html").as_uri())
    toggle = wait(phone, lambda: phone.find_elements(By.CSS_SELECTOR, "nav.section-index.as-menu .index-toggle"))[0]
    assert toggle.size["width"] >= 44 and toggle.size["height"] >= 44 and toggle.get_attribute("aria-expanded") == "false"
    assert not phone.find_element(By.CSS_SELECTOR, "nav.section-index ol").is_displayed()
    toggle.click()
    wait(phone, lambda: phone.find_element(By.CSS_SELECTOR, "nav.section-index ol").is_displayed())
    assert toggle.get_attribute("aria-expanded") == "true"
    links = [link for link in phone.find_elements(By.CSS_SELECTOR, "nav.section-index a") if link.is_displayed()]
    assert links and all(link.size["width"] >= 44 and link.size["height"] >= 44 for link in links)
    target = next(link for link in links if link.text == "Z")
    target.click()
    wait(phone, lambda: not phone.find_element(By.CSS_SELECTOR, "nav.section-index ol").is_displayed())
    assert phone.current_url.endswith("#z")
    phone.set_window_size(375, 740)
    phone.get((site / "states.html").as_uri())
    assert phone.find_elements(By.CSS_SELECTOR, "nav.section-index.as-menu") == [], "22 letters fit a 740 px screen as a strip"
    phone.set_window_size(320, 640)


def test_a_row_with_several_values_names_each(driver, server):
    driver.get(server + "/states.html")
    row = driver.find_element(By.CSS_SELECTOR, "li.row")
    shown = [driver.execute_script("return getComputedStyle(arguments[0], '::before').content", field)
             for field in row.find_elements(By.CSS_SELECTOR, ".field")]
    assert shown == ['"Capital "', '" · Admitted "']
    driver.get(server + "/regions.html")
    assert driver.find_elements(By.CSS_SELECTOR, "li.row .field[data-label]") == [], "one value needs no name"


def test_a_grouped_pages_detail_page_is_a_card_with_named_fields(driver, server):
    driver.get(server + "/sections/apple.html")
    card = driver.find_element(By.CSS_SELECTOR, "main.detail.style-grouped .detail-fields")
    assert driver.execute_script("return getComputedStyle(arguments[0]).backgroundColor", card) != "rgba(0, 0, 0, 0)"
    assert driver.execute_script("return getComputedStyle(arguments[0]).borderTopLeftRadius", card) != "0px"
    assert [term.text for term in card.find_elements(By.TAG_NAME, "dt")] == ["Note"], "the field named readably"


def test_without_scripts_no_search_field_or_collapse_button_shows(browser_without_scripts, site):
    """Neither could do anything: the page's script shows the one and makes the other."""
    browser_without_scripts.get((site / "regions.html").as_uri())
    assert not browser_without_scripts.find_element(By.CSS_SELECTOR, "form.search").is_displayed()
    assert browser_without_scripts.find_elements(By.CSS_SELECTOR, "button.section-toggle") == []
    headings = browser_without_scripts.find_elements(By.CSS_SELECTOR, "h2.section-header[data-collapses]")
    assert headings and all(heading.is_displayed() and heading.text for heading in headings)
    assert all(row.is_displayed() for row in browser_without_scripts.find_elements(By.CSS_SELECTOR, "li.row"))


def test_with_scripts_the_search_field_shows_and_headings_become_buttons(driver, site):
    driver.get((site / "regions.html").as_uri())
    assert driver.find_element(By.ID, "search-field").is_displayed()
    toggles = driver.find_elements(By.CSS_SELECTOR, "h2.section-header > button.section-toggle[aria-expanded='true']")
    assert len(toggles) == len(driver.find_elements(By.CSS_SELECTOR, "h2.section-header[data-collapses]"))

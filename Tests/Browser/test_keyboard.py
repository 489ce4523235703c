"""The keyboard's way through a page: skip links, the index early in the tab order (it sits
beside the list's top), the list reached past the search, the `/` shortcut a reader can turn
off (WCAG 2.1.4), and a focused row never hidden under a stuck section header (2.4.11)."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait


def wait(driver, condition, timeout=10):
    return WebDriverWait(driver, timeout).until(lambda d: condition())


def active(driver):
    return driver.switch_to.active_element


def tab(driver, times=1, back=False):
    for _ in range(times):
        key = Keys.SHIFT + Keys.TAB if back else Keys.TAB
        active(driver).send_keys(key)
    return active(driver)


def test_the_index_is_five_tabs_in_and_the_search_field_follows_it(driver, server):
    driver.get(server + "/states.html")
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
    presses = 1
    while active(driver).get_attribute("data-section") is None:
        assert presses < 6, f"no index entry by Tab {presses}: {active(driver).get_attribute('outerHTML')[:80]}"
        tab(driver)
        presses += 1
    # Three skip links and the site's home link come first.
    assert presses == 5
    assert active(driver).text == "A"
    entries = len(driver.find_elements(By.CSS_SELECTOR, "nav.section-index a"))
    assert tab(driver, entries).get_attribute("id") == "search-field"


def test_skip_to_the_list_lands_before_the_first_row(driver, server):
    driver.get(server + "/states.html")
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
    to_list = tab(driver, 2)
    assert to_list.text == "Skip to the list"
    to_list.send_keys(Keys.ENTER)
    assert active(driver).get_attribute("id") == "list"
    first_row = tab(driver)
    assert driver.execute_script("return arguments[0].closest('.row').id", first_row) == "row-alabama"


def test_the_slash_shortcut_can_be_turned_off_and_stays_off(driver, server):
    driver.get(server + "/states.html")
    field = driver.find_element(By.ID, "search-field")
    assert field.get_attribute("aria-keyshortcuts") == "/"
    driver.find_element(By.TAG_NAME, "body").send_keys("/")
    assert active(driver) == field
    switch = driver.find_element(By.CSS_SELECTOR, ".search-shortcut input")
    assert switch.is_displayed() and switch.is_selected()
    assert switch.accessible_name == "Go to the search field with the / key"
    driver.execute_script("arguments[0].scrollIntoView()", switch)
    switch.click()
    driver.get(server + "/regions.html")
    assert not driver.find_element(By.CSS_SELECTOR, ".search-shortcut input").is_selected(), "the choice holds on every page"
    assert driver.find_element(By.ID, "search-field").get_attribute("aria-keyshortcuts") is None
    driver.find_element(By.TAG_NAME, "body").send_keys("/")
    assert active(driver).get_attribute("id") != "search-field"
    switch = driver.find_element(By.CSS_SELECTOR, ".search-shortcut input")
    driver.execute_script("arguments[0].scrollIntoView()", switch)
    switch.click()
    driver.find_element(By.TAG_NAME, "body").send_keys("/")
    assert active(driver).get_attribute("id") == "search-field"


def test_without_scripts_the_shortcut_switch_does_not_show(browser_without_scripts, site):
    browser_without_scripts.get((site / "states.html").as_uri())
    assert not browser_without_scripts.find_element(By.CSS_SELECTOR, ".search-shortcut").is_displayed()


def test_shift_tab_to_a_row_above_keeps_it_clear_of_the_stuck_header(driver, server):
    driver.set_window_size(1200, 600)
    try:
        driver.get(server + "/states.html")
        rows = driver.find_elements(By.CSS_SELECTOR, "#n li.row a.row-body")
        target, below = rows[2], rows[3]
        driver.execute_script("arguments[0].focus()", below)
        # Scroll so the row above sits exactly under the stuck header, as reading down leaves it.
        driver.execute_script("window.scrollBy(0, arguments[0].getBoundingClientRect().top - 4)", target)
        tab(driver, back=True)
        assert active(driver) == target
        header, row = driver.execute_script("""
            const header = arguments[0].closest('.section').querySelector('.section-header').getBoundingClientRect();
            return [header.bottom, arguments[0].getBoundingClientRect().top];""", target)
        assert row >= header, f"the row's top ({row}) is under the header, which ends at {header}"
    finally:
        driver.set_window_size(1200, 900)

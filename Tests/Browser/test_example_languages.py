"""The example site's pages in Swedish, Arabic and Japanese, from Debian's iso-codes: each reads
as its readers expect — Swedish letters last, Arabic mirrored, a Japanese word found inside a
name — and the phone layout of a long index leaves the search field whole."""
import csv

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ROOT


def wait(driver, condition, timeout=10):
    return WebDriverWait(driver, timeout).until(lambda d: condition())


def shown_labels(driver):
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('li.row:not([hidden])'), r => r.querySelector('.label').textContent)")


def countries(language):
    with open(ROOT / "Content" / f"countries-{language}.csv", encoding="utf-8", newline="") as file:
        return list(csv.DictReader(file))


def test_swedish_letters_come_last_and_the_full_index_shows_every_letter(driver, site):
    driver.get((site / "countries-sv.html").as_uri())
    index = [a.get_attribute("textContent") for a in driver.find_elements(By.CSS_SELECTOR, "nav.section-index li")]
    assert index[-4:] == ["Å", "Ä", "Ö", "#"] and index[:3] == ["A", "B", "C"]
    # X and Ä begin no Swedish country name: shown, but not links.
    assert driver.find_elements(By.CSS_SELECTOR, "nav.section-index li:nth-child(24) a") == []
    headers = [h.text for h in driver.find_elements(By.CSS_SELECTOR, "h2.section-header")]
    assert headers[-2:] == ["Å", "Ö"]
    assert driver.find_element(By.ID, "search-field").get_attribute("placeholder") == "Sök bland 249 rader"


def test_on_a_phone_the_index_menu_leaves_the_search_field_and_cancel_inside_the_screen(phone, site):
    phone.set_window_size(375, 740)
    try:
        phone.get((site / "countries-sv.html").as_uri())
        toggle = wait(phone, lambda: phone.find_elements(By.CSS_SELECTOR, "nav.section-index.as-menu .index-toggle"))[0]
        phone.find_element(By.ID, "search-field").send_keys("land")
        wait(phone, lambda: phone.find_element(By.CSS_SELECTOR, ".search-clear").is_displayed())
        field, cancel, width = phone.execute_script("""
            const box = (selector) => { const r = document.querySelector(selector).getBoundingClientRect(); return [r.left, r.right]; };
            return [box('#search-field'), box('.search-clear'), document.documentElement.clientWidth];""")
        assert field[0] >= 16 and field[1] < cancel[0], (field, cancel)
        assert width - cancel[1] >= 16, (cancel, width)
        toggle.click()
        grid = phone.find_element(By.CSS_SELECTOR, "nav.section-index.as-menu.open ol")
        overflow = phone.execute_script(
            "const o = arguments[0]; return [o.scrollHeight - o.clientHeight, o.scrollWidth - o.clientWidth]", grid)
        assert overflow == [0, 0], "the grid fits, so it shows no scrollbar"
    finally:
        phone.set_window_size(320, 640)


def test_japanese_search_finds_a_word_inside_names(driver, site):
    rows = countries("ja")
    for word in ["共和国", "諸島"]:
        expected = sorted(r["name"] for r in rows if word in r["name"] or word in r["official_name"])
        assert len(expected) > 5
        driver.get((site / "countries-ja.html").as_uri())
        driver.find_element(By.ID, "search-field").send_keys(word)
        wait(driver, lambda: sorted(shown_labels(driver)) == expected)
        marks = {m.text for m in driver.find_elements(By.CSS_SELECTOR, "li.row:not([hidden]) mark")}
        assert marks == {word}
        status = driver.execute_script("return document.querySelector('.search-status').textContent")
        assert status == f"{len(expected)} 件"


def test_the_arabic_page_and_its_detail_pages_are_mirrored(driver, site):
    driver.get((site / "countries-ar.html").as_uri())
    assert driver.execute_script("return [document.documentElement.lang, document.documentElement.dir]") == ["ar", "rtl"]
    first = driver.find_element(By.CSS_SELECTOR, "li.row .row-body")
    label = first.find_element(By.CSS_SELECTOR, ".label").rect
    chevron = first.find_element(By.CSS_SELECTOR, ".chevron").rect
    assert chevron["x"] < label["x"], "the chevron points into the row from its left end"
    index = driver.find_element(By.CSS_SELECTOR, "nav.section-index").rect
    assert index["x"] < label["x"]
    # A name typed without its vowel marks finds the name written with them.
    driver.find_element(By.ID, "search-field").send_keys("الجمهورية الارجنتينية")
    wait(driver, lambda: shown_labels(driver) == ["الأرجنتين"])
    driver.find_element(By.CSS_SELECTOR, "li.row:not([hidden]) a.row-body").click()
    wait(driver, lambda: "countries-ar/" in driver.current_url)
    assert driver.execute_script("return document.documentElement.dir") == "rtl"
    back = driver.find_element(By.CSS_SELECTOR, "a.back").rect
    heading = driver.find_element(By.TAG_NAME, "h1").rect
    assert back["x"] + back["width"] > heading["x"] + heading["width"] - 40, "the back link sits at the right"

"""A page in its own language and direction, and the keyboard's way past the header: the
words the script writes while searching come from the page's strings table, counted by the
browser's plural rules and written with the build's grouping; an Arabic page is mirrored."""
import subprocess

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ALMANAC, ROOT, build


def wait(driver, condition, timeout=10):
    return WebDriverWait(driver, timeout).until(lambda d: condition())


@pytest.fixture(scope="module")
def languages(tmp_path_factory):
    content = tmp_path_factory.mktemp("languages") / "Content"
    content.mkdir()
    (content / "almanac.yaml").write_text("title: Languages\n")
    (content / "items.csv").write_text("name,kind\n" + "".join(f"item {i:04d},{'odd' if i % 2 else 'even'}\n" for i in range(1234)))
    # The same four birds as Russian and Arabic name them, with their families' Latin names.
    (content / "ptitsy.csv").write_text("name,family\nКрапивник,Troglodytidae\nЛуговой чекан,Muscicapidae\nЗарянка,Muscicapidae\nСорока,Corvidae\n")
    (content / "tuyur.csv").write_text("name,family\nنمنمة,Troglodytidae\nقليعي,Muscicapidae\nأبو الحناء,Muscicapidae\nعقعق,Corvidae\n")
    (content / "german.md").write_text("---\ndata: items.csv\nlocale: de\ngroup: none\n---\n")
    (content / "russian.md").write_text("---\ndata: ptitsy.csv\nlocale: ru\nindex: true\n---\n")
    (content / "arabic.md").write_text("---\ndata: tuyur.csv\nlocale: ar\ndetail: true\nindex: true\n---\n")
    return build(content, content.parent)


def status(driver):
    return driver.execute_script("return document.querySelector('.search-status').textContent")


def test_counts_the_script_writes_are_grouped_as_the_build_groups_them(driver, languages):
    driver.get((languages / "german.html").as_uri())
    field = driver.find_element(By.ID, "search-field")
    assert field.get_attribute("placeholder") == "1.234 Zeilen durchsuchen"
    assert driver.find_element(By.CSS_SELECTOR, ".search-clear").get_attribute("textContent") == "Abbrechen"
    field.send_keys("item")
    wait(driver, lambda: status(driver) == "1.234 Ergebnisse")
    field.send_keys(" 0001")
    wait(driver, lambda: status(driver) == "1 Ergebnis")
    field.send_keys("x")
    wait(driver, lambda: status(driver) == "Keine Ergebnisse")
    assert driver.find_element(By.CSS_SELECTOR, ".no-results").text == "Keine Ergebnisse"


def test_the_browser_chooses_russian_plural_forms(driver, languages):
    driver.get((languages / "russian.html").as_uri())
    field = driver.find_element(By.ID, "search-field")
    assert field.get_attribute("placeholder") == "Поиск по 4 строкам"
    field.send_keys("сорока")
    wait(driver, lambda: status(driver) == "1 результат")
    field.clear()
    field.send_keys("muscicapidae")
    wait(driver, lambda: status(driver) == "2 результата")
    assert driver.find_element(By.CSS_SELECTOR, "nav.section-index").get_attribute("aria-label") == "Указатель разделов"


def test_an_arabic_page_is_laid_out_right_to_left(driver, languages):
    driver.get((languages / "arabic.html").as_uri())
    html = driver.find_element(By.TAG_NAME, "html")
    assert (html.get_attribute("lang"), html.get_attribute("dir")) == ("ar", "rtl")
    width = driver.execute_script("return document.documentElement.clientWidth")
    index = driver.find_element(By.CSS_SELECTOR, "nav.section-index").rect
    assert index["x"] + index["width"] < width / 2, "the index strip is on the left"
    row = driver.find_element(By.CSS_SELECTOR, "li.row .row-body").rect
    chevron = driver.find_element(By.CSS_SELECTOR, "li.row .chevron").rect
    assert chevron["x"] < row["x"] + row["width"] / 2, "the chevron is at the row's left end"
    assert driver.execute_script("return getComputedStyle(document.querySelector('li.row .chevron')).transform") != \
        driver.execute_script("document.documentElement.dir = 'ltr'; return getComputedStyle(document.querySelector('li.row .chevron')).transform")
    driver.execute_script("document.documentElement.dir = 'rtl'")
    field = driver.find_element(By.ID, "search-field")
    field.send_keys("muscicapidae")
    clear = driver.find_element(By.CSS_SELECTOR, ".search-clear").rect
    assert clear["x"] < field.rect["x"], "Cancel is on the field's left, where the line ends"
    wait(driver, lambda: status(driver) == "نتيجتان")


def test_skip_links_reach_the_search_the_index_and_the_list_in_three_tabs(driver, languages):
    driver.get((languages / "russian.html").as_uri())
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.TAB)
    first = driver.switch_to.active_element
    assert first.text == "Перейти к поиску" and first.is_displayed(), "the first Tab shows the first skip link"
    first.send_keys(Keys.TAB)
    to_index = driver.switch_to.active_element
    assert to_index.text == "Перейти к указателю"
    to_index.send_keys(Keys.ENTER)
    driver.switch_to.active_element.send_keys(Keys.TAB)
    assert driver.switch_to.active_element.get_attribute("data-section") is not None, "the next Tab is in the index"
    driver.get((languages / "russian.html").as_uri())
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.TAB)
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    assert driver.switch_to.active_element.get_attribute("id") == "search-field"


def test_without_scripts_the_skip_link_to_the_hidden_search_is_hidden_too(browser_without_scripts, languages):
    browser_without_scripts.get((languages / "russian.html").as_uri())
    links = browser_without_scripts.find_elements(By.CSS_SELECTOR, ".skip-link")
    assert [link.get_attribute("hidden") is not None for link in links] == [True, False, False]


def test_a_german_report_filters_by_its_outcomes_in_german(driver, tmp_path):
    # The status filter shows `fehlgeschlagen`; the address and the data keep `failed`.
    subprocess.run([ALMANAC, "render", str(ROOT / "Tests" / "Samples" / "pytest" / "pytest-xunit1.xml"), "--locale", "de",
                    "--output", str(tmp_path), "--quiet"], check=True)
    driver.get((tmp_path / "pytest-xunit1.html").as_uri())
    driver.execute_script("document.querySelector('.filter-panel').open = true")
    box = driver.find_element(By.CSS_SELECTOR, "fieldset[data-filter='status'] input[value='failed']")
    assert box.find_element(By.XPATH, "..").text.startswith("fehlgeschlagen")
    box.click()
    wait(driver, lambda: "status=failed" in driver.current_url)
    applied = driver.find_element(By.CSS_SELECTOR, ".applied-filters .applied-value")
    assert applied.text == "fehlgeschlagen ✕"
    assert applied.get_attribute("aria-label") == "Status: fehlgeschlagen entfernen"
    assert [h.text for h in driver.find_elements(By.CSS_SELECTOR, "h2.section-header") if h.is_displayed()] == ["fehlgeschlagen"]

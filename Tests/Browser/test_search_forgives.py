"""Search that forgives, the same on a whole page, a split page and a sharded one: a typo or two
neighbours swapped still find the row, a quoted phrase finds its words together, rows holding the
words as written come first, and a search that finds nothing offers the near query."""

import pytest
from conftest import build
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

PEOPLE = [
    ("Ada Brightwaterly", "Leeds"),
    ("Quillfeather Marrowdale", "York"),
    ("Marrowdale Quillfeather", "Hull"),
    ("Marrowdole Fenwick", "Ripon"),
    ("Yorkminster Abbey", "Leeds"),
    ("Zed York", "Selby"),
] + [(f"{first} {n:02}", "Bath") for first in ("Alder", "Birch", "Cedar", "Hazel", "Rowan") for n in range(12)]


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    folder = tmp_path_factory.mktemp("forgiving")
    content = folder / "Content"
    content.mkdir()
    (content / "people.csv").write_text("name,city\n" + "\n".join(f"{name},{city}" for name, city in PEOPLE) + "\n")
    settings = {"whole": "", "split": "split: 10\nsearch_shards: 100000\n", "sharded": "split: 10\nsearch_shards: 10\n"}
    for name, extra in settings.items():
        (content / f"{name}.md").write_text(f"---\ntitle: People\ndata: people.csv\n{extra}---\n")
    return build(content, folder)


def wait(driver, condition, timeout=10):
    return WebDriverWait(driver, timeout).until(lambda d: condition())


def found(driver):
    """The rows a search shows, in order: rows left on a whole page, the results list otherwise."""
    return driver.execute_script(
        "const list = document.querySelector('.search-results:not([hidden])');"
        "const rows = list ? list.querySelectorAll('li:not([hidden]) .label')"
        " : document.querySelectorAll('li.row:not([hidden]) .label');"
        "return Array.from(rows, (e) => e.innerText)")


def search(driver, pages, page, text):
    driver.get((pages / f"{page}.html").as_uri())
    field = driver.find_element(By.ID, "search-field")
    field.send_keys(text)
    return field


def marks(driver):
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('li:not([hidden]) .label mark'), (e) => e.textContent)")


ALL_PAGES = ["whole", "split", "sharded"]


@pytest.mark.parametrize("page", ALL_PAGES)
@pytest.mark.parametrize("typo", ["brightwatrly", "brihgtwaterly", "brightwaterrly", "brightwatxrly"])
def test_a_typo_or_a_swap_still_finds_the_row(driver, pages, page, typo):
    search(driver, pages, page, typo)
    wait(driver, lambda: found(driver) == ["Ada Brightwaterly"])
    # The word it stood for is marked: on a whole page once the row is on screen, a frame
    # after it shows (highlighting waits for the row to be seen).
    wait(driver, lambda: marks(driver) == ["Brightwaterly"])


@pytest.mark.parametrize("page", ALL_PAGES)
def test_a_quoted_phrase_finds_its_words_together_and_in_order(driver, pages, page):
    field = search(driver, pages, page, "quillfeather marrowdale")
    wait(driver, lambda: sorted(found(driver)) == ["Marrowdale Quillfeather", "Quillfeather Marrowdale"])
    field.clear()
    field.send_keys('"quillfeather marrowdale"')
    wait(driver, lambda: found(driver) == ["Quillfeather Marrowdale"])


@pytest.mark.parametrize("page", ALL_PAGES)
def test_a_word_as_written_is_not_mixed_with_near_ones(driver, pages, page):
    # Marrowdole is one edit from Marrowdale: the rows that hold the word as written are the answer.
    search(driver, pages, page, "marrowdale")
    wait(driver, lambda: sorted(found(driver)) == ["Marrowdale Quillfeather", "Quillfeather Marrowdale"])


@pytest.mark.parametrize("page", ["split", "sharded"])
def test_rows_holding_the_whole_word_come_before_word_starts(driver, pages, page):
    search(driver, pages, page, "york")
    # The page's order has Yorkminster first; York as a whole word (a name, or a city) ranks first.
    wait(driver, lambda: found(driver) == ["Quillfeather Marrowdale", "Zed York", "Yorkminster Abbey"])


@pytest.mark.parametrize("page", ALL_PAGES)
def test_nothing_found_offers_the_near_query_and_its_button_searches_it(driver, pages, page):
    search(driver, pages, page, "brgtwatrly")
    offer = driver.find_element(By.CSS_SELECTOR, ".no-results")
    wait(driver, lambda: offer.is_displayed() and offer.text == "No results for “brgtwatrly”. Did you mean brightwaterly?")
    status = driver.find_element(By.CSS_SELECTOR, "[role='status']")
    assert status.get_attribute("textContent") == offer.text, "a screen reader hears the offer too"
    offer.find_element(By.CSS_SELECTOR, "button.did-you-mean").click()
    wait(driver, lambda: found(driver) == ["Ada Brightwaterly"])
    assert driver.find_element(By.ID, "search-field").get_attribute("value") == "brightwaterly"
    assert not offer.is_displayed()

"""The built-in strings tables read by a second reader, PyYAML: each is a mapping of the same
keys as English to texts or to plural forms, and the words a built page hands its script are
exactly what PyYAML reads from the page's table, so the tables say the same in any tool."""
import json
import os
import pathlib
import re
import subprocess

import pytest
import yaml

ROOT = pathlib.Path(__file__).resolve().parents[2]
ALMANAC = os.path.abspath(os.environ.get("ALMANAC_BIN", str(ROOT / ".build" / "debug" / "almanac")))
TABLES = sorted((ROOT / "Templates" / "strings").glob("*.yaml"))
CATEGORIES = {"zero", "one", "two", "few", "many", "other"}


def read(path):
    with open(path, encoding="utf-8") as file:
        return yaml.safe_load(file)


def test_every_listed_language_has_a_table():
    assert len(TABLES) == 25


@pytest.mark.parametrize("path", TABLES, ids=lambda path: path.stem)
def test_a_table_holds_englishs_keys_as_texts_or_plural_forms(path):
    table, english = read(path), read(TABLES[0].with_name("en.yaml"))
    assert set(table) == set(english)
    for key, value in table.items():
        if isinstance(english[key], dict):
            assert isinstance(value, dict) and "other" in value and set(value) <= CATEGORIES, key
            assert all(isinstance(text, str) for text in value.values()), key
        else:
            assert isinstance(value, str), key


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A page in each table's locale, built."""
    content = tmp_path_factory.mktemp("tables") / "Content"
    content.mkdir()
    (content / "rows.csv").write_text("name\nA\nB\n")
    for path in TABLES:
        (content / f"page-{path.stem.lower()}.md").write_text(f"---\ndata: rows.csv\nlocale: {path.stem}\n---\n")
    output = content.parent / "Output"
    subprocess.run([ALMANAC, "build", "--content", str(content), "--templates", str(ROOT / "Templates"),
                    "--output", str(output), "--quiet"], check=True)
    return output


@pytest.mark.parametrize("path", TABLES, ids=lambda path: path.stem)
def test_the_words_a_page_hands_its_script_are_the_tables_as_pyyaml_reads_them(built, path):
    page = (built / f"page-{path.stem.lower()}.html").read_text(encoding="utf-8")
    words = json.loads(re.search(r'<script type="application/json" id="almanac-words">(.*?)</script>', page, re.S).group(1))
    table = read(path)
    assert words["strings"], "the page carries words"
    for key, forms in words["strings"].items():
        expected = table[key] if isinstance(table[key], dict) else {"other": table[key]}
        assert forms == expected, key
    assert f'lang="{words["lang"]}"' in page

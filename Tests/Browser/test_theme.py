"""`theme` in almanac.yaml: auto follows the reader's colour scheme, light and dark fix one,
whatever the reader's system asks for."""

import pathlib
import shutil
import subprocess
import tempfile

import pytest

from conftest import ALMANAC

BLACK, WHITE = "rgb(0, 0, 0)", "rgb(255, 255, 255)"


@pytest.fixture(scope="module")
def themed_sites():
    folder = pathlib.Path(tempfile.mkdtemp(prefix="almanac-theme-"))
    outputs = {}
    for theme in ("auto", "light", "dark"):
        content = folder / theme / "Content"
        content.mkdir(parents=True)
        (content / "almanac.yaml").write_text(f"title: Birds\ntheme: {theme}\n")
        (content / "birds.md").write_text("---\ndata: birds.csv\n---\n")
        (content / "birds.csv").write_text("name\nWren\nRobin\n")
        subprocess.run([ALMANAC, "build", "--content", str(content), "--output", str(folder / theme / "Output"),
                        "--quiet"], check=True)
        outputs[theme] = folder / theme / "Output"
    yield outputs
    shutil.rmtree(folder, ignore_errors=True)


def background(driver, page, scheme):
    """The page's background as a reader whose system asks for `scheme` sees it."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        driver.get(page.as_uri())
        return driver.execute_script("return getComputedStyle(document.documentElement).backgroundColor;")
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


@pytest.mark.parametrize("theme, scheme, expected", [
    ("auto", "light", WHITE), ("auto", "dark", BLACK),
    ("light", "light", WHITE), ("light", "dark", WHITE),
    ("dark", "light", BLACK), ("dark", "dark", BLACK),
])
def test_the_theme_decides_the_colours_or_leaves_them_to_the_reader(driver, themed_sites, theme, scheme, expected):
    assert background(driver, themed_sites[theme] / "birds.html", scheme) == expected


def test_a_fixed_theme_is_written_on_every_page(themed_sites):
    for page in ("index.html", "birds.html"):
        html = (themed_sites["dark"] / page).read_text()
        assert '<html lang="en" data-theme="dark">' in html
        assert '<meta name="color-scheme" content="dark"/>' in html
    assert 'data-theme' not in (themed_sites["auto"] / "birds.html").read_text()
    assert '<meta name="color-scheme" content="light dark"/>' in (themed_sites["auto"] / "birds.html").read_text()

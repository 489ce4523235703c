"""The index oracle: Almanac's sections against ICU's AlphabeticIndex, asked independently
through PyICU (Debian's python3-icu), on names nobody here wrote — every country and language
name CLDR has in each locale's own language. For each locale, every name must fall in the
section ICU's index puts it in (its label, or `#` for ICU's under-, in- and overflow), and the
sections must come in ICU's order with `#` last.

Run with Debian's python3 (`make index-oracle`); prints `N passed, N failed`."""

import csv
import json
import os
import pathlib
import subprocess
import sys
import tempfile

import icu

ROOT = pathlib.Path(__file__).resolve().parents[2]
ALMANAC = os.path.abspath(os.environ.get("ALMANAC_BIN", str(ROOT / ".build" / "debug" / "almanac")))
# The languages most used on the web (the top 40 content languages and more) that CLDR gives index exemplars for, the hard ones
# first. (A locale ICU knows nothing of is an error before any row is placed.)
LOCALES = ["hu", "lt", "lv", "sk", "ja", "zh", "zh-Hant", "ko", "ar", "he", "el", "ru", "th", "hi", "vi", "cs", "pl", "tr",
           "sv", "de", "en", "es", "fr", "it", "pt", "nl", "id", "fa", "uk", "ro", "da", "fi", "nb", "bg", "hr", "sr", "ms",
           "bn", "ta", "ur", "sl", "et", "ca"]


def names(locale):
    """Country and language names as CLDR writes them in `locale`'s own language."""
    display = icu.Locale(locale.replace("-", "_"))
    found = set()
    for code in icu.Locale.getISOCountries():
        found.add(icu.Locale("", code).getDisplayCountry(display))
    for code in icu.Locale.getISOLanguages():
        found.add(icu.Locale(code).getDisplayLanguage(display))
    return sorted(name for name in found if name.strip())


def oracle(locale):
    index = icu.AlphabeticIndex(icu.Locale(locale.replace("-", "_"))).buildImmutableIndex()
    buckets = [index.getBucket(i) for i in range(index.bucketCount)]
    titles = [label if kind == 0 else "#" for label, kind in buckets]
    order = [title for title in titles if title != "#"] + ["#"]
    return (lambda text: titles[index.getBucketIndex(text.lstrip())]), order


def almanac(locale, rows, folder):
    data = folder / f"names-{locale}.csv"
    with data.open("w", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(["name"])
        writer.writerows([row] for row in rows)
    out = folder / f"out-{locale}"
    subprocess.run([ALMANAC, "render", str(data), "--locale", locale, "--format", "json", "--output", str(out), "--quiet"], check=True)
    page = json.loads(next(out.glob("*.json")).read_text())
    return {row["label"]: section["title"] for section in page["sections"] for row in section["rows"]}, [s["title"] for s in page["sections"]]


def main():
    passed = failed = 0
    with tempfile.TemporaryDirectory() as temporary:
        folder = pathlib.Path(temporary)
        for locale in LOCALES:
            rows = names(locale)
            bucket, order = oracle(locale)
            placed, sections = almanac(locale, rows, folder)
            wrong = [(name, placed.get(name), bucket(name)) for name in rows if placed.get(name) != bucket(name)]
            expected_sections = [title for title in order if title in set(placed.values())]
            if wrong or sections != expected_sections:
                failed += 1
                print(f"FAIL {locale}: {len(wrong)} of {len(rows)} names in the wrong section, e.g. {wrong[:3]}; "
                      f"sections {'in ICU order' if sections == expected_sections else 'out of order: ' + ' '.join(sections[:12])}")
            else:
                passed += 1
                print(f"ok   {locale}: {len(rows)} names in {len(sections)} sections, as ICU's index puts them")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Writes the example site's country lists in Swedish, Arabic and Japanese from Debian's
iso-codes (ISO 3166-1 and its translations): `Content/countries-<language>.csv`.

The files are committed, so building the site needs none of this; run it again (with the
`iso-codes` package installed) to take a newer release's names:

    python3 Tools/countries-from-iso-codes.py
"""
import csv
import gettext
import json
import pathlib

ISO_CODES = pathlib.Path("/usr/share/iso-codes/json/iso_3166-1.json")
CONTENT = pathlib.Path(__file__).resolve().parent.parent / "Content"
LANGUAGES = ["sv", "ar", "ja"]


def main():
    countries = json.loads(ISO_CODES.read_text(encoding="utf-8"))["3166-1"]
    countries.sort(key=lambda country: country["alpha_2"])
    for language in LANGUAGES:
        names = gettext.translation("iso_3166-1", "/usr/share/locale", [language])
        with open(CONTENT / f"countries-{language}.csv", "w", encoding="utf-8", newline="") as file:
            writer = csv.writer(file, lineterminator="\n")
            writer.writerow(["name", "official_name", "code", "english"])
            for country in countries:
                official = country.get("official_name")
                writer.writerow([
                    names.gettext(country["name"]), names.gettext(official) if official else "",
                    country["alpha_2"], country["name"],
                ])


if __name__ == "__main__":
    main()

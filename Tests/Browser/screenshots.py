"""Screenshots of a page as its readers see it: at 1280 and 375 px wide, light and dark.

    .build/browser-venv/bin/python Tests/Browser/screenshots.py PAGE.html OUTDIR [NAME]

Writes NAME-1280-light.png, NAME-1280-dark.png, NAME-375-light.png and NAME-375-dark.png (full
page height, up to 4,000 px) for a person to open and look at before a visual change is done."""

import pathlib
import sys

from conftest import make_driver


def shoot(page, folder, name):
    url = page if "://" in page else pathlib.Path(page).resolve().as_uri()
    folder.mkdir(parents=True, exist_ok=True)
    for width in (1280, 375):
        driver = make_driver(width=width, height=900)
        try:
            for scheme in ("light", "dark"):
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
                driver.get(url)
                height = min(driver.execute_script("return document.documentElement.scrollHeight"), 4000)
                driver.set_window_size(width, height)
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
                path = folder / f"{name}-{width}-{scheme}.png"
                driver.save_screenshot(str(path))
                print(path)
        finally:
            driver.quit()


if __name__ == "__main__":
    shoot(sys.argv[1], pathlib.Path(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else "page")

"""Shell completions as the shells read them: `almanac completions SHELL` loaded into a real
bash and fish, asked what follows a partly typed command line; zsh reads its script without
a syntax error. And `almanac man` is a manual page `man` can show."""

import os
import shutil
import subprocess

import pytest

ALMANAC = os.path.abspath(os.environ.get("ALMANAC_BIN", ".build/debug/almanac"))


def script(tmp_path, shell):
    path = tmp_path / f"almanac.{shell}"
    path.write_text(subprocess.run([ALMANAC, "completions", shell], capture_output=True, text=True, check=True).stdout)
    return path


def bash_offers(path, words):
    """What bash offers with `words` typed (the last one partly)."""
    typed = " ".join(f"'{w}'" for w in words)
    program = f"source {path}; COMP_WORDS=({typed}); COMP_CWORD={len(words) - 1}; _almanac; printf '%s\\n' \"${{COMPREPLY[@]}}\""
    return subprocess.run(["bash", "-c", program], capture_output=True, text=True, check=True, cwd=path.parent).stdout.split()


def test_bash_offers_commands_options_and_what_an_option_takes(tmp_path):
    path = script(tmp_path, "bash")
    (tmp_path / "site").mkdir()
    assert bash_offers(path, ["almanac", "se"]) == ["serve"]
    assert bash_offers(path, ["almanac", "build", "--con"]) == ["--content"]
    assert "--where" in bash_offers(path, ["almanac", "remove", "--"]) and "--port" not in bash_offers(path, ["almanac", "remove", "--"])
    assert bash_offers(path, ["almanac", "render", "r.csv", "--label-by", ""]) == ["file", "folder"]
    assert bash_offers(path, ["almanac", "build", "--output", "si"]) == ["site"], "a folder after --output"
    assert bash_offers(path, ["almanac", "completions", "f"]) == ["fish"]


def test_fish_offers_the_same(tmp_path):
    path = script(tmp_path, "fish")
    def offers(line):
        out = subprocess.run(["fish", "--no-config", "-c", f"source {path}; complete -C '{line}'"], capture_output=True, text=True, check=True).stdout
        return [entry.split("\t")[0] for entry in out.splitlines()]
    assert "serve" in offers("almanac se")
    assert offers("almanac build --con") == ["--content"]
    assert {"file", "folder"} <= set(offers("almanac render r.csv --label-by "))
    assert offers("almanac completions z") == ["zsh"]


def test_zsh_reads_its_script(tmp_path):
    path = script(tmp_path, "zsh")
    assert path.read_text().startswith("#compdef almanac\n")
    subprocess.run(["zsh", "-n", str(path)], check=True)


def test_the_manual_page_is_one_man_shows(tmp_path):
    page = tmp_path / "almanac.1"
    page.write_text(subprocess.run([ALMANAC, "man"], capture_output=True, text=True, check=True).stdout)
    if not shutil.which("man"):
        pytest.skip("no man here")
    shown = subprocess.run(["man", "-l", str(page)], capture_output=True, text=True, check=True, env={**os.environ, "MANWIDTH": "100", "MAN_KEEP_FORMATTING": ""}).stdout
    for heading in ("NAME", "SYNOPSIS", "COMMANDS", "OPTIONS", "SITE SETTINGS", "PAGE SETTINGS", "EXIT STATUS"):
        assert heading in shown
    assert "--base-url" in shown.replace("‐", "-")

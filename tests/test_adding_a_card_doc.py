"""docs/adding-a-card.md, followed literally: every `$` line of its shell blocks runs as written,
in order, in a fresh folder that holds a copy of tests/fourth/ (where the page says the fourth
card lives), and prints what the page shows (`…` standing for lines left out); `$ cat FILE`
followed by text writes that file, as the page shows it. The entry the page prints is COINFLIP's
own, and the modules and names of its table are in the package. So the page cannot drift from
what cardgm does."""

from __future__ import annotations

import importlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from cardgm import games

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "adding-a-card.md"
FOURTH = ROOT / "tests" / "fourth"
SKIP = "…"


def _blocks() -> list[tuple[str, list[str]]]:
    """(language, lines) of every fenced block of the page (one indented in a list item too)."""
    out: list[tuple[str, list[str]]] = []
    lang: str | None = None
    lines: list[str] = []
    indent = 0
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith("```"):
            if lang is None:
                lang, lines, indent = line.lstrip()[3:].strip(), [], len(line) - len(line.lstrip())
            else:
                out.append((lang, lines))
                lang = None
        elif lang is not None:
            lines.append(line[indent:])
    return out


def _session() -> list[tuple[str, list[str]]]:
    """(command, the lines the page shows after it) for every `$` line, in the page's order."""
    steps: list[tuple[str, list[str]]] = []
    for lang, lines in _blocks():
        if lang or not lines or not lines[0].startswith("$ "):
            continue
        for line in lines:
            if line.startswith("$ "):
                steps.append((line[2:], []))
            else:
                steps[-1][1].append(line)
    return steps


def _matches(shown: list[str], got: list[str]) -> bool:
    """Does `got` read as `shown`, where a line `…` stands for any lines (none too)?"""
    pattern = "".join(".*?" if line.strip() == SKIP else re.escape(line.rstrip() + "\n") for line in shown)
    return re.fullmatch(pattern, "".join(line.rstrip() + "\n" for line in got), re.DOTALL) is not None


def _trim(lines: list[str]) -> list[str]:
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    return lines


def test_every_command_on_the_page_prints_what_the_page_shows(tmp_path: Path) -> None:
    shutil.copytree(FOURTH, tmp_path / "tests" / "fourth", ignore=shutil.ignore_patterns("__pycache__"))
    bin_dir = Path(sys.executable).parent
    env = {k: v for k, v in os.environ.items() if k not in (games.ENV, "PYTHONPATH")}
    env.update(PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}", XDG_DATA_HOME=str(tmp_path / ".data"), NO_COLOR="1")
    if not shutil.which("cardgm", path=env["PATH"]):
        pytest.skip("the cardgm command is not installed beside this Python (pip install -e .)")
    steps = _session()
    assert len(steps) >= 8, [c for c, _ in steps]  # the page's tape, plugging in, play, save, resume, verify, audit
    for command, shown in steps:
        if command.startswith("export "):  # the page's exports hold for the commands after them
            for assignment in command.split()[1:]:
                name, _, value = assignment.partition("=")
                env[name] = value
            continue
        cat = re.fullmatch(r"cat (\S+)", command)
        if cat:  # the page shows a file: it is written as shown
            (tmp_path / cat.group(1)).write_text("\n".join(shown) + "\n", encoding="utf-8")
            continue
        done = subprocess.run(["bash", "-c", "{ " + command + "\n} 2>&1"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
        got = _trim(done.stdout.splitlines())
        assert "Traceback" not in done.stdout, f"$ {command}\n{done.stdout}"
        assert _matches(_trim(shown), got), f"$ {command}\n--- the page shows:\n" + "\n".join(shown) + "\n--- cardgm prints:\n" + "\n".join(got)


@pytest.fixture
def coinflip(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(FOURTH))
    return importlib.import_module("coinflip")


def test_the_entry_on_the_page_is_coinflips_own(coinflip: ModuleType) -> None:
    code = next("\n".join(lines) for lang, lines in _blocks() if lang == "python" and "ENTRY = GameEntry(" in "\n".join(lines))
    space: dict[str, object] = {"__name__": "coinflip"}
    exec(compile(code, str(DOC), "exec"), space)  # the page's block, as the package would run it
    assert space["ENTRY"] == coinflip.ENTRY


def test_the_table_of_modules_names_what_the_package_holds(coinflip: ModuleType) -> None:
    text = DOC.read_text(encoding="utf-8")
    table = text[text.index("| module | COINFLIP's |") : text.index("Three rules keep a package")]
    rows = re.findall(r"^\| `([\w.]+)` \| (.*) \|$", table, re.MULTILINE)
    files = {f for f, _ in rows}
    assert {"state.py", "actions.py", "events.py", "rules.py", "notation.py", "reader.py", "voice.py", "game.py"} <= files
    held = {p.name for p in FOURTH.joinpath("coinflip").iterdir() if p.suffix in (".py", ".md")}
    assert files <= held, files - held
    for name, said in rows:
        if not name.endswith(".py"):
            continue
        module = importlib.import_module(f"coinflip.{name[:-3]}")
        defined = set(vars(module))
        for quoted in re.findall(r"`(\w+)(?:\(|`)", said):  # the classes and functions the row names
            assert quoted in defined or quoted in ("turn", "toss", "right", "tape", "GameError", "Reading", "Event"), (name, quoted)

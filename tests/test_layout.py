"""The shape of the code (docs/architecture.md), checked: every game is one package of the same
layout that tells the registry what it offers; nothing outside a game's package names a game; a
game's core imports only the shared core, and only its tools import the tool frameworks."""

from __future__ import annotations

import ast
import io
import re
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

from cardgm import games
from cardgm.card import load_card
from cardgm.game import Game, GameEntry

PACKAGE = Path(__file__).resolve().parent.parent / "cardgm"
SHIPPED = sorted(p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").is_file())
CORE = ("state", "actions", "events", "rules", "notation", "reader", "voice")
TOOLS = ("audit", "solve", "par", "coach", "cli")  # a game's tool modules: they may use the tool frameworks
SHARED_CORE = ("cardgm.card", "cardgm.tape", "cardgm.game", "cardgm.save", "cardgm.chatter", "cardgm.progress")

# A game named outside its package: its id (as typed and as a module name) or its card's title,
# in any case, from every registered game (a card plugged in through CARDGM_GAMES too).
_NAMES = sorted({n for e in games.entries() for n in (e.id, e.id.replace("-", "_"), e.title)}, key=len, reverse=True)
ID = re.compile(r"(?i)(?<![\w-])(" + "|".join(re.escape(n) for n in _NAMES) + r")(?![\w-])")
# Strings that name a game outside the help texts (click's help= and short_help=, which the test
# skips) and docs, each with why.
ALLOWED = {
    ("cardgm/cli.py", '"give a SEED (e.g. becalmed:1.0.0) or --check CARD"'),  # the tape command's usage line
}
HELP = ("help", "short_help")


def _help_and_doc_spans(tree: ast.Module) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Where the docstrings and the help texts of click options and commands are, as token spans."""
    spans = []
    for node in ast.walk(tree):
        text: ast.expr | None = None
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                text = first.value
        elif isinstance(node, ast.keyword) and node.arg in HELP:
            text = node.value
        if text is not None and text.end_lineno is not None and text.end_col_offset is not None:
            spans.append(((text.lineno, text.col_offset), (text.end_lineno, text.end_col_offset)))
    return spans


def _named_ids(path: Path) -> list[tuple[str, str]]:
    """(file, token) for every game named in the file's code: names and strings, not docstrings,
    help texts or comments."""
    src = path.read_text(encoding="utf-8")
    spans = _help_and_doc_spans(ast.parse(src))
    rel = path.relative_to(PACKAGE.parent).as_posix()
    out = []
    for tok in tokenize.generate_tokens(io.StringIO(src).readline):
        if tok.type == tokenize.COMMENT or (tok.type == tokenize.STRING and any(a <= tok.start and tok.end <= b for a, b in spans)):
            continue
        if tok.type in (tokenize.STRING, tokenize.NAME) and ID.search(tok.string):
            out.append((rel, tok.string))
    return out


def test_nothing_outside_a_games_package_names_a_game() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).parts
        if parts[0] == "games" and len(parts) > 2:
            continue  # inside a game's own package
        found += [hit for hit in _named_ids(path) if hit not in ALLOWED]
    assert not found, "game ids outside their packages (ask the registry instead): " + repr(found)


def test_the_allow_list_is_still_needed() -> None:
    # An entry the code no longer needs is taken off, so the list stays short and true.
    hits = {hit for path in PACKAGE.rglob("*.py") for hit in _named_ids(path)}
    assert ALLOWED <= hits, ALLOWED - hits


def _imports(path: Path) -> list[tuple[str, int]]:
    """(absolute module, line) for every import in a module of a game package."""
    package = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                name = f"{base}.{node.module}" if node.module else base
            else:
                name = node.module or ""
            out.append((name, node.lineno))
    return out


def _allowed_in_core(module: str, own: str) -> bool:
    top = module.split(".")[0]
    return (
        module == own
        or module.startswith(own + ".")
        or module in SHARED_CORE
        or (top != "cardgm" and top in sys.stdlib_module_names)
    )


@pytest.mark.parametrize("game", SHIPPED)
def test_a_games_core_imports_only_the_shared_core(game: str) -> None:
    # Core: every module but the tools (audit, solve, par, coach, cli): state, actions, events,
    # rules, notation, reader, voice, and what a game adds beside them (game.py, shared.py, …).
    own = f"cardgm.games.{game}"
    bad = []
    for path in sorted((PACKAGE / "games" / game).glob("*.py")):
        if path.stem in TOOLS:
            continue
        bad += [f"{path.name}:{line} imports {m}" for m, line in _imports(path) if not _allowed_in_core(m, own)]
    assert not bad, bad


@pytest.mark.parametrize("game", SHIPPED)
def test_a_games_tools_import_no_front_end(game: str) -> None:
    # Tools may use the tool frameworks (cardgm.run, cardgm.solve, cardgm.verify) and libraries,
    # never a front end (the CLI, the web site) and never another game.
    own = f"cardgm.games.{game}"
    bad = []
    for path in sorted((PACKAGE / "games" / game).glob("*.py")):
        if path.stem not in TOOLS:
            continue
        for m, line in _imports(path):
            other_game = m.startswith("cardgm.games.") and not (m == own or m.startswith(own + "."))
            if other_game or m in ("cardgm.cli",) or m.startswith("cardgm.web"):
                bad.append(f"{path.name}:{line} imports {m}")
    assert not bad, bad


@pytest.mark.parametrize("game", SHIPPED)
def test_every_game_package_has_the_same_layout(game: str) -> None:
    here = PACKAGE / "games" / game
    assert [m for m in CORE if not (here / f"{m}.py").is_file()] == []
    # __init__.py tells the registry what the game offers and imports nothing but the contract.
    assert [m for m, _ in _imports(here / "__init__.py") if m != "cardgm.game"] == []


def test_the_package_of_a_game_is_light_to_import() -> None:
    code = (
        "import sys, cardgm.games as g; g.entries(); "
        "print(sorted(m for m in sys.modules if m.startswith('cardgm.games.') and m.count('.') > 2))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]", out


@pytest.mark.parametrize("entry", games.entries(), ids=lambda e: e.id)
def test_every_game_is_a_game_named_after_its_card(entry: GameEntry) -> None:
    game = games.make_game(load_card(entry.id))
    assert isinstance(game, Game)
    assert type(game).__name__ not in ("Game", "Rules") and type(game).__module__.startswith(entry.package)
    assert load_card(entry.id).title == entry.title
    for name in ("audit", "solver", "par", "coach", "analyze", "draw_secret", "moves"):
        if getattr(entry, name) is not None:
            assert games.part(entry, name) is not None
    for ref in entry.commands:
        assert games.load(ref.rpartition(" ")[2], entry.package).name


@pytest.mark.parametrize("game", SHIPPED)
def test_rules_apply_takes_the_state_the_action_then_the_fixed_context(game: str) -> None:
    import inspect
    from importlib import import_module

    rules = import_module(f"cardgm.games.{game}.rules")
    assert list(inspect.signature(rules.apply).parameters)[:2] == ["state", "action"]
    assert list(inspect.signature(rules.refusal).parameters) == ["state", "action"]
    assert list(inspect.signature(rules.legal_actions).parameters) == ["state"]

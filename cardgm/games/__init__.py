"""The registry: every game cardgm knows, by the game id on its card's RESULT line.

A game is one package whose `__init__.py` defines `ENTRY`, a `cardgm.game.GameEntry`. The
registry finds them in three places, so a card written outside this tree plugs in by its package
alone:

- the packages inside `cardgm/games/` (the shipped cards);
- the packages named in the environment variable `CARDGM_GAMES` (module names, comma-separated);
- the entry points of the group `cardgm.games` (each names a package, or its ENTRY itself).

`register(entry)` adds one in-process (tests, notebooks). Card loading, the audit, review, par,
solve, verify and the command line all ask here; none of them names a game.

Reading the entries imports each game's `__init__.py` and nothing more: the rules load when a
game is made (`make_game`) or a tool asks for its part (`load(entry.solver)`).
"""

from __future__ import annotations

import os
import sys
from functools import cache
from importlib import import_module, resources
from typing import TYPE_CHECKING, Any

from cardgm.card import Card, CardError
from cardgm.game import Game, GameEntry

if TYPE_CHECKING:
    import random

__all__ = ["UnknownGame", "card_text", "draw_secret", "entries", "entry", "hides_secret", "ids", "load", "make_game", "part", "register"]

ENV = "CARDGM_GAMES"
ENTRY_POINT_GROUP = "cardgm.games"

# Entries added in-process by `register`; they override a discovered game with the same id.
_REGISTERED: dict[str, GameEntry] = {}


class UnknownGame(CardError):
    """A game id (or a card's game) that no registered game plays; the message names the known ones."""


def register(entry: GameEntry) -> GameEntry:
    """Add a game in-process (a test's fourth card, a notebook's own). Returns the entry."""
    if not isinstance(entry, GameEntry):
        raise TypeError(f"register() takes a GameEntry, not {type(entry).__name__}")
    _REGISTERED[entry.id] = entry
    return entry


def _entry_of(module_name: str, where: str) -> GameEntry:
    try:
        module = import_module(module_name)
    except ImportError as exc:
        raise CardError(f"{where} names '{module_name}', which cannot be imported ({exc})") from None
    found = getattr(module, "ENTRY", None)
    if not isinstance(found, GameEntry):
        raise CardError(f"{where} names '{module_name}', whose __init__ defines no ENTRY (a cardgm.game.GameEntry)")
    return found


@cache
def _shipped() -> tuple[GameEntry, ...]:
    # The packages beside this file, in name order (a directory listing: pkgutil costs start-up time).
    here = os.path.dirname(__file__)
    names = sorted(d.name for d in os.scandir(here) if d.is_dir() and os.path.isfile(os.path.join(here, d.name, "__init__.py")))
    return tuple(_entry_of(f"{__name__}.{name}", "cardgm.games") for name in names)


@cache
def _named(value: str) -> tuple[GameEntry, ...]:
    names = [n.strip() for n in value.split(",") if n.strip()]
    return tuple(_entry_of(name, ENV) for name in names)


def _any_plugged() -> bool:
    """Does an installed distribution declare the entry point group? A look at the
    `entry_points.txt` of the distributions on sys.path: importing importlib.metadata to ask costs
    a quarter of `cardgm --help`, and almost always finds nothing."""
    needle = f"[{ENTRY_POINT_GROUP}]"
    for folder in sys.path:
        try:
            found = os.scandir(folder or ".")
        except OSError:
            continue
        with found:
            for d in found:
                if d.name.endswith((".dist-info", ".egg-info")):
                    try:
                        with open(os.path.join(d.path, "entry_points.txt"), encoding="utf-8") as f:
                            if needle in f.read():
                                return True
                    except OSError:
                        continue
    return False


@cache
def _plugged() -> tuple[GameEntry, ...]:
    if not _any_plugged():
        return ()
    from importlib.metadata import entry_points

    out = []
    for point in entry_points(group=ENTRY_POINT_GROUP):
        try:
            obj = point.load()
        except ImportError as exc:
            raise CardError(f"the entry point '{point.name}' ({point.value}) cannot be imported ({exc})") from None
        found = obj if isinstance(obj, GameEntry) else getattr(obj, "ENTRY", None)
        if not isinstance(found, GameEntry):
            raise CardError(f"the entry point '{point.name}' ({point.value}) gives no GameEntry")
        out.append(found)
    return tuple(out)


def entries() -> tuple[GameEntry, ...]:
    """Every game, shipped ones first (in package order), then CARDGM_GAMES, entry points and
    registered ones. Two packages claiming one id is an error, named."""
    by_id: dict[str, GameEntry] = {}
    for found in (*_shipped(), *_named(os.environ.get(ENV, "")), *_plugged()):
        other = by_id.get(found.id)
        if other is not None and other.package != found.package:
            raise CardError(f"two games claim the id '{found.id}': {other.package} and {found.package}")
        by_id[found.id] = found
    by_id.update(_REGISTERED)
    return tuple(by_id.values())


def ids() -> tuple[str, ...]:
    return tuple(e.id for e in entries())


def entry(game_id: str) -> GameEntry:
    """The entry of one game. Raises UnknownGame naming the games cardgm knows."""
    for found in entries():
        if found.id == game_id:
            return found
    raise UnknownGame(f"cardgm has no game '{game_id}' (it knows {', '.join(ids())})")


def load(ref: str, package: str | None = None) -> Any:
    """What a "module:attr" string names, or the module itself for a reference with no ":attr"
    (a part that is a whole module: `moves`). A module written ".name" is found inside `package`."""
    module, sep, attr = ref.partition(":")
    if not module or (sep and not attr):
        raise ValueError(f"'{ref}' is not a 'module:attr' reference")
    found = import_module(module, package)
    return getattr(found, attr) if sep else found


def part(found: GameEntry, name: str) -> Any:
    """One lazy part of a game's entry (`"solver"`, `"audit"`, …), loaded; None if it has none."""
    ref = getattr(found, name)
    return None if ref is None else load(ref, found.package)


def card_text(game_id: str) -> str:
    """The text of the card a game ships in its package."""
    found = entry(game_id)
    return resources.files(found.package).joinpath(found.card).read_text(encoding="utf-8")


def make_game(card: Card, **options: Any) -> Game[Any, Any]:
    """The game for a card, configured by `options` (each game's entry lists its own)."""
    try:
        found = entry(card.game_id)
    except UnknownGame:
        raise UnknownGame(f"{card.source}: cardgm has no rules for game '{card.game_id}' (it knows {', '.join(ids())})") from None
    factory = load(found.factory, found.package)
    game: Game[Any, Any] = factory(card, **options)
    return game


def hides_secret(game_id: str) -> bool:
    """Does the game play a hidden setup drawn per run (its entry has `draw_secret`)?"""
    return entry(game_id).draw_secret is not None


def draw_secret(game_id: str, rng: random.Random | None = None) -> str | None:
    """A fresh hidden setup for one run of the game, as the text `make_game(card, secret=TEXT)`
    plays, drawn with `rng` or else the operating system's secure randomness; None for a game
    that hides nothing."""
    draw = part(entry(game_id), "draw_secret")
    if draw is None:
        return None
    if rng is None:
        import secrets

        rng = secrets.SystemRandom()
    text: str = draw(rng)
    return text

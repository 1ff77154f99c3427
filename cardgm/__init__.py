"""cardgm — the exact game master for AI game cards.

    >>> from cardgm import load_card, make_game, Run
    >>> run = Run(make_game(load_card("becalmed")))
    >>> run.start().ledger.startswith("[L] day 1/14")
    True

The names below are loaded when first used, so `import cardgm` stays quick.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

# name -> the module that defines it
_PUBLIC = {
    "load_card": "cardgm.card",
    "parse_card": "cardgm.card",
    "Card": "cardgm.card",
    "CardError": "cardgm.card",
    "make_game": "cardgm.games",
    "UnknownGame": "cardgm.games",
    "Game": "cardgm.game",
    "GameEntry": "cardgm.game",
    "Option": "cardgm.game",
    "Reading": "cardgm.game",
    "ReadAs": "cardgm.game",
    "Event": "cardgm.game",
    "Ending": "cardgm.game",
    "GameError": "cardgm.game",
    "SaveError": "cardgm.game",
    "Run": "cardgm.run",
    "Reply": "cardgm.run",
}

__all__ = [
    "Card",
    "CardError",
    "Ending",
    "Event",
    "Game",
    "GameEntry",
    "GameError",
    "Option",
    "ReadAs",
    "Reading",
    "Reply",
    "Run",
    "SaveError",
    "UnknownGame",
    "__version__",
    "load_card",
    "make_game",
    "parse_card",
]

if TYPE_CHECKING:
    from cardgm.card import Card, CardError, load_card, parse_card
    from cardgm.game import Ending, Event, Game, GameEntry, GameError, Option, ReadAs, Reading, SaveError
    from cardgm.games import UnknownGame, make_game
    from cardgm.run import Reply, Run


def __getattr__(name: str) -> Any:
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module 'cardgm' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value  # asked once
    return value


def __dir__() -> list[str]:
    return sorted(__all__)

"""The games cardgm knows, by the game id on a card's RESULT line. Imported lazily."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from cardgm.card import Card, CardError
from cardgm.game import Game

# game id -> module under cardgm.games that defines `make_game(card, **options) -> Game`
REGISTRY = {
    "becalmed": "cardgm.games.becalmed",
    "deadreckoning": "cardgm.games.deadreckoning",
    "cattle-trail": "cardgm.games.cattle_trail",
}


def make_game(card: Card, **options: Any) -> Game:
    """The game for a card, configured by `options` (each game documents its own)."""
    try:
        module = REGISTRY[card.game_id]
    except KeyError:
        known = ", ".join(REGISTRY)
        raise CardError(f"{card.source}: cardgm has no rules for game '{card.game_id}' (it knows {known})") from None
    return import_module(module).make_game(card, **options)

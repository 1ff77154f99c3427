"""TEMPORARY: what the agent tools need of each game, by game id, until the game registry
carries it (issue 9: `GameEntry.moves`, `.solver`, `.draw_secret` and `make_game(card,
secret=TEXT)`). This is the one module under `cardgm/agents/` and `cardgm/env.py` that names a
game; at merge the lead swaps each function below for the registry's entry and deletes the file.

- `moves(game_id)`: the game's structured moves module (`cardgm/games/<game>/moves.py`).
- `best(card)`: the best score the card's tape (or berth) allows, from the game's solver.
- `draw_secret(game_id, rng)`: a fresh hidden setup as text (DEADRECKONING: a reveal file, the
  berth and a salt), or None for a game with nothing hidden.
- `make_game(card, secret)`: the game playing that secret.
"""

from __future__ import annotations

import hashlib
import random
from importlib import import_module
from types import ModuleType

from cardgm.card import Card
from cardgm.game import Game

_MOVES = {
    "becalmed": "cardgm.games.becalmed.moves",
    "deadreckoning": "cardgm.games.deadreckoning.moves",
    "cattle-trail": "cardgm.games.cattle_trail.moves",
}
_SOLVERS = {
    "becalmed": "cardgm.solve.becalmed",
    "cattle-trail": "cardgm.solve.cattle_trail",
}


def game_ids() -> tuple[str, ...]:
    """The games that have structured moves."""
    return tuple(_MOVES)


def moves(game_id: str) -> ModuleType:
    try:
        return import_module(_MOVES[game_id])
    except KeyError:
        raise ValueError(f"game '{game_id}' has no structured moves (known: {', '.join(_MOVES)})") from None


def best(card: Card) -> int | None:
    """The best score over every line the card's tape allows (exact search). DEADRECKONING's best
    is a ten-shot clearance, 100: every berth can be cleared in ten salvos by a lucky hunter, and
    no duel scores more."""
    if card.game_id == "deadreckoning":
        return 100
    solver = _SOLVERS.get(card.game_id)
    if solver is None:
        return None
    return int(import_module(solver).solve(card.tape).score)


def draw_secret(game_id: str, rng: random.Random) -> str | None:
    """A hidden setup drawn with `rng`, as text; None for a game that hides nothing."""
    if game_id != "deadreckoning":
        return None
    from cardgm.seal import draw_berth, write_reveal

    salt = f"{rng.getrandbits(128):032x}"
    return write_reveal(draw_berth(rng), salt)


def make_game(card: Card, secret: str | None = None) -> Game:
    """The game for `card`, playing `secret` when one was drawn."""
    from cardgm.games import make_game as registry_make_game

    if secret is None:
        return registry_make_game(card)
    from cardgm.games.deadreckoning import DeadReckoning
    from cardgm.games.deadreckoning.notation import parse_reveal
    from cardgm.games.deadreckoning.state import Seal

    sha = hashlib.sha256(secret.encode("utf-8")).hexdigest()
    return DeadReckoning(card, parse_reveal(secret), Seal(sha, f"reveal-{sha[:12]}.md"))

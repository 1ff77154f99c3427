"""TEMPORARY adapter: a game's hidden secret drawn and played from its text.

The game registry will offer `GameEntry.draw_secret(rng) -> str` (the reveal file's text) and
`make_game(card, secret=TEXT)`; until it lands, this is the one place that stands in for them.
A game hides a secret when its `make_game` takes a `sealed_file` (today: a sealed berth). The
lead swaps both functions for the registry's at merge; nothing else in the store or the web
changes.
"""

from __future__ import annotations

import hashlib
import inspect
import random
import secrets as _os_secrets
import tempfile
from importlib import import_module
from pathlib import Path
from typing import Any

from cardgm.card import Card
from cardgm.game import Game
from cardgm.games import REGISTRY, make_game as _make_game


def hides_secret(card: Card) -> bool:
    """Does this card's game play a secret drawn per run (a sealed berth)?"""
    module = REGISTRY.get(card.game_id)
    if module is None:
        return False
    return "sealed_file" in inspect.signature(import_module(module).make_game).parameters


def draw_secret(card: Card, rng: random.Random | None = None) -> str | None:
    """A fresh secret for one run of `card` (a sealed berth's reveal file, salt included), drawn
    with the operating system's secure randomness unless `rng` is given (tests); None for a game
    that hides nothing."""
    if not hides_secret(card):
        return None
    from cardgm import seal

    rng = rng or _os_secrets.SystemRandom()
    berth = seal.draw_berth(rng)
    return seal.write_reveal(berth, f"{rng.getrandbits(128):032x}")


def secret_name(secret: str) -> str:
    """The reveal file's name: from its own hash, so a replay names it alike and it tells nothing."""
    return f"reveal-{hashlib.sha256(secret.encode('utf-8')).hexdigest()[:12]}.md"


def make_game(card: Card, options: dict[str, Any], secret: str | None) -> Game:
    """The game for `card` with `options`, playing `secret` when there is one."""
    if secret is None:
        return _make_game(card, **options)
    with tempfile.TemporaryDirectory(prefix="cardgm-") as folder:
        path = Path(folder) / secret_name(secret)
        path.write_bytes(secret.encode("utf-8"))  # bytes as they are: the commitment hashes them
        return _make_game(card, sealed_file=str(path), **options)

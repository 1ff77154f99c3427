"""DEADRECKONING — a sealed hidden-fleet duel, played exactly.

`make_game(card)` plays the berth the card prints (GM-ONLY: THE FLEET). `make_game(card,
sealed_file=PATH)` plays the berth in a reveal file written by `cardgm.seal.write_reveal`: the
opening reads out that file's SHA-256, the end reveals the berth and tells how to check it.

The berth lives in the game object, never in a state: states, LEDGER lines, SAVE blocks,
`fields()` and every repr are free of it until the end.

>>> from cardgm.card import load_card
>>> from cardgm.run import Run
>>> run = Run(make_game(load_card("deadreckoning")))
>>> _ = run.start()
>>> print(run.reply("fire H1").ledger)
[L] turn:2 shots:1 hits:0 sunk:none | .......o........................................................ | v1.0.0
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from cardgm.card import Card, CardError
from cardgm.game import Ending, Event, ReadAs, Reading, SaveError

from . import board, notation, reader, rules, voice
from .rules import Action
from .state import FLEET, Berth, Duel, Seal

__all__ = ["DeadReckoning", "make_game"]


class DeadReckoning:
    """The `Game` for DEADRECKONING. Holds the card, the berth (hidden) and what it can say of
    the seal."""

    def __init__(self, card: Card, berth: Berth, seal: Seal) -> None:
        if not berth.is_legal():
            raise ValueError("that berth is not legal: " + "; ".join(berth.problems()))
        self.card = card
        self._berth = berth
        self.seal = seal

    def __repr__(self) -> str:  # the berth never shows, not even to a debugger's repr
        where = f"sealed in {self.seal.reveal_name}" if self.seal.sealed_here else "the card's berth"
        return f"DeadReckoning(<{where}, hidden>)"

    # -- the protocol ---------------------------------------------------------------------------

    def new(self) -> Duel:
        return Duel()

    def opening(self, state: Duel) -> str:
        return voice.opening(state, self.seal)

    def read(self, state: Duel, message: str, pending: Reading | None) -> Reading:
        reading = reader.read(state, message, pending, self.seal)
        if reading.kind is ReadAs.MOVE:
            return reading
        # Rule 8: the shot grid on every reply, after the words (a reply never opens with the
        # grid: the Run strips a reply's leading spaces, and the grid's header begins with two).
        head = voice.SAVE_HEAD if reading.command == "save" else reading.text
        return replace(reading, text=f"{head}\n\n{voice.grid(state)}")

    def apply(self, state: Duel, action: Action) -> tuple[Duel, tuple[Event, ...]]:
        return rules.apply(state, action, self._berth)

    def narrate(self, before: Duel, action: Action, events: tuple[Event, ...], after: Duel) -> str:
        return voice.narrate(before, events, after)

    def board(self, state: Duel) -> dict[str, Any]:
        """The shot grid for a front end to draw, each open cell with the words a click sends."""
        return board.board(state)

    def status(self, state: Duel) -> str:
        """Rule 8's shot grid, for the replies the Run writes itself (a refused save, after the end)."""
        return voice.grid(state)

    def ledger(self, state: Duel) -> str:
        return notation.ledger(state)

    def save(self, state: Duel) -> str:
        return notation.save(state)

    def load(self, block: str) -> Duel:
        state = notation.parse_save(block)
        if not rules.true_of(state, self._berth):
            # One reason for every way the marks can disagree with the berth, naming no cell, so
            # a made-up block learns no more than that it is not true of this berth.
            other = (
                "If it came from a duel sealed by cardgm, resume it with that duel's reveal file "
                "(cardgm play deadreckoning --sealed REVEAL)."
                if not self.seal.sealed_here
                else "If it came from another duel, resume it with that duel's own berth."
            )
            raise SaveError(
                "its grid and sunk list cannot both be true of the berth this duel plays "
                f"({self._which()}). {other}"
            )
        return state

    def save_note(self, state: Duel) -> str:
        return voice.save_note(self.seal)

    def resumed(self, state: Duel) -> str:
        return voice.resumed(state, self.seal)

    def ending(self, state: Duel) -> Ending | None:
        return rules.ending(state)

    def finale(self, state: Duel) -> str:
        if not state.over:
            return ""  # the berth is never revealed before the end
        return voice.finale(state, self._berth, self.seal)

    def result(self, state: Duel) -> str:
        end = rules.ending(state)
        if end is None:
            raise ValueError("the duel is not over: there is no RESULT yet")
        return notation.result(state, end.end, end.score)

    def pointers(self, state: Duel) -> str:
        return voice.pointers(self.seal)

    def fields(self, state: Duel) -> dict[str, Any]:
        out: dict[str, Any] = {
            "turn": state.turn,
            "shots": state.shots,
            "hits": state.hits,
            "sunk": list(state.sunk),
            "grid": state.grid,
            "colours_struck": state.struck,
            "commitment": self.seal.commitment,
            "reveal_file": self.seal.reveal_name,
        }
        if state.over:  # SCORING 1: the berth is revealed at the end, and only then
            out["berth"] = {s.name: list(s.cells) for s in self._berth.ships}
        return out

    def _which(self) -> str:
        return f"the berth sealed in {self.seal.reveal_name}" if self.seal.sealed_here else "the berth the card prints"


def _card_seal(card: Card) -> Seal:
    text = card.section("THE SOLUTION IS SEALED")
    m = re.search(r"commitment \(([0-9a-f]{8,64})", text)
    if not m:
        raise CardError(f"{card.source}: THE SOLUTION IS SEALED gives no commitment")
    url = re.search(r"https?://\S+?\.md", text)
    return Seal(m.group(1), None, url.group(0) if url else None)


def read_sealed_file(path: str | Path) -> tuple[Berth, Seal]:
    """The berth in a reveal file and its seal (the SHA-256 of the file's bytes)."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise ValueError(f"{p.name}: cannot read the reveal file ({exc.strerror})") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{p.name}: a reveal file is UTF-8 text, and this is not") from None
    try:
        berth = notation.parse_reveal(text)
    except ValueError as exc:
        raise ValueError(f"{p.name}: not a usable reveal file: {exc}") from None
    return berth, Seal(hashlib.sha256(data).hexdigest(), p.name)


def make_game(card: Card, sealed_file: str | Path | None = None) -> DeadReckoning:
    """The duel on `card`: its printed berth, or with `sealed_file` the berth in that reveal file."""
    if card.game_id != "deadreckoning":
        raise CardError(f"{card.source}: not a DEADRECKONING card")
    try:
        printed = notation.card_berth(card.section("GM-ONLY"))
    except ValueError as exc:
        raise CardError(f"{card.source}: GM-ONLY: THE FLEET cannot be read: {exc}") from None
    if tuple((s.name, s.length) for s in printed.ships) != FLEET:
        raise CardError(f"{card.source}: the fleet differs from the one cardgm knows")
    if sealed_file is None:
        return DeadReckoning(card, printed, _card_seal(card))
    berth, seal = read_sealed_file(sealed_file)
    return DeadReckoning(card, berth, seal)

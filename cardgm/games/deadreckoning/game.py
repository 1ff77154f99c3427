"""DEADRECKONING's `Game`: the class the Run drives, holding the card and the hidden berth.

`make_game(card)` plays the berth the card prints (GM-ONLY: THE FLEET). `make_game(card,
sealed_file=PATH)` plays the berth in a reveal file written by `seal.write_reveal` (`cardgm
seal`); `make_game(card, secret=TEXT)` plays a reveal file's text held elsewhere (a database:
`draw_secret` draws one). The opening reads out the reveal's SHA-256, the end reveals the berth
and tells how to check it.

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
import hmac
import os
import random
import re
import stat
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from cardgm.card import Card, CardError
from cardgm.game import MAX_SECRET_BYTES, Ending, Event, ReadAs, Reading, SaveError, secret_name

from . import board, notation, panel, reader, rules, voice
from .actions import Action
from .state import FLEET, Berth, Duel, Seal

__all__ = ["DeadReckoning", "draw_secret", "make_game", "read_sealed_file"]

class DeadReckoning:
    """The `Game` (`Game[Duel, Action]`) for DEADRECKONING. Holds the card, the berth (hidden) and what it can say of
    the seal."""

    def __init__(self, card: Card, berth: Berth, seal: Seal, key: bytes | None = None) -> None:
        """`key`, for a berth cardgm sealed: the reveal file's secret salt, which marks every SAVE
        block this duel prints so that it resumes those and no other (ruling 23)."""
        if not berth.is_legal():
            raise ValueError("that berth is not legal: " + "; ".join(berth.problems()))
        self.card = card
        self._berth = berth
        self.seal = seal
        self._key = key

    def __repr__(self) -> str:  # the berth never shows, not even to a debugger's repr
        where = f"sealed in {self.seal.reveal_name}" if self.seal.sealed_here else "the card's berth"
        return f"DeadReckoning(<{where}, hidden>)"

    # -- the protocol ---------------------------------------------------------------------------

    def new(self) -> Duel:
        return Duel()

    def opening(self, state: Duel) -> str:
        return voice.opening(state, self.seal)

    def read(self, state: Duel, message: str, pending: Reading | None) -> Reading:
        return self.read_in_run(state, message, pending, ())

    def read_in_run(self, state: Duel, message: str, pending: Reading | None, history: tuple[object, ...]) -> Reading:
        """`read`, with the salvos of this run for "the one below my last hit"."""
        reading = reader.read(state, message, pending, self.seal, history)
        if reading.kind is ReadAs.MOVE:
            return reading
        # Rule 8: the shot grid on every reply, after the words (a reply never opens with the
        # grid: the Run strips a reply's leading spaces, and the grid's header begins with two).
        head = voice.SAVE_HEAD if reading.command == "save" else reading.text
        return replace(reading, text=f"{head}\n\n{voice.grid(state)}")

    def apply(self, state: Duel, action: Action) -> tuple[Duel, tuple[Event, ...]]:
        return rules.apply(state, action, self._berth)

    def refusal(self, state: Duel, action: Action) -> str | None:
        return rules.refusal(state, action)

    def legal_actions(self, state: Duel) -> Sequence[Action]:
        return rules.legal_actions(state)

    def narrate(self, before: Duel, action: Action, events: tuple[Event, ...], after: Duel) -> str:
        return voice.narrate(before, events, after)

    def board(self, state: Duel) -> dict[str, Any]:
        """The shot grid for a front end to draw, each open cell with the words a click sends."""
        return board.board(state)

    def panel(self, state: Duel) -> dict[str, Any]:
        """The salvos and the fleet for a page's status panel (sunk ships by name, the rest counted)."""
        return panel.panel(state)

    def without_board(self, text: str) -> str:
        """A reply's text less the shot grid, for a page that draws `board` beside it."""
        return board.without_grid(text)

    def status(self, state: Duel) -> str:
        """Rule 8's shot grid, for the replies the Run writes itself (a refused save, after the end)."""
        return voice.grid(state)

    def ledger(self, state: Duel) -> str:
        return notation.ledger(state)

    def save(self, state: Duel) -> str:
        if self._key is None:
            return notation.save(state)
        body, _ = notation.save_body(notation.save(state))
        return notation.save(state, sha=self._mark(body))

    def _mark(self, body: str) -> str:
        """`sha:` of a sealed duel's block: the commitment's first 16 hex digits, then a tag keyed
        by the berth's secret salt over the commitment and every other field. Only cardgm, holding
        the reveal file, can write one; it tells nothing of the berth."""
        assert self._key is not None
        tag = hmac.new(self._key, f"{self.seal.commitment}\n{body}".encode(), hashlib.sha256).hexdigest()
        return f"{self.seal.commitment[:16]}.{tag[:32]}"

    def load(self, block: str) -> Duel:
        if self._key is not None:
            return self._load_sealed(block)
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

    def own_save(self, block: str) -> bool:
        """Is `block` a SAVE this duel printed (a sealed duel's, its mark checking)? Decided by the
        mark alone, never by the berth: a front end that keeps the berth hidden (the site) passes
        such a block on to be resumed, and refuses every other without reading it."""
        if self._key is None:
            return False
        body, sha = notation.save_body(block)
        return sha is not None and hmac.compare_digest(sha, self._mark(body))

    def _load_sealed(self, block: str) -> Duel:
        """A sealed duel resumes only a block it printed itself: one whose mark checks. Every other
        block, whatever is wrong with it, gets one and the same reason, and the berth is never
        consulted, so no block pasted here can learn anything of an unstruck cell (issue 14)."""
        if self.own_save(block):
            _, sha = notation.save_body(block)
            try:
                state = notation.parse_save(block, sha=sha or "")
            except SaveError:
                state = None
            if state is not None and rules.true_of(state, self._berth):  # always so: cardgm wrote it
                return state
        raise SaveError(SEALED_ONLY)

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


SEALED_ONLY = (
    "a sealed duel resumes only the SAVE blocks it printed itself, pasted whole and unchanged (their sha "
    "field carries its seal), and this is not one of them."
)


def _card_seal(card: Card) -> Seal:
    text = card.section("THE SOLUTION IS SEALED")
    m = re.search(r"commitment \(([0-9a-f]{8,64})", text)
    if not m:
        raise CardError(f"{card.source}: THE SOLUTION IS SEALED gives no commitment")
    url = re.search(r"https?://\S+?\.md", text)
    return Seal(m.group(1), None, url.group(0) if url else None)


def read_sealed_file(path: str | Path) -> tuple[Berth, Seal, bytes]:
    """The berth in a reveal file, its seal (the SHA-256 of the file's bytes) and its secret salt
    (the key of the duel's SAVE marks)."""
    p = Path(path)
    try:
        st = os.stat(p)  # looked at before it is read: /dev/zero never ends
        if not stat.S_ISREG(st.st_mode):
            raise ValueError(f"{p}: it is not a regular file, and a reveal file is one")
        if st.st_size > MAX_SECRET_BYTES:
            raise ValueError(f"{p}: it is {st.st_size:,} bytes; cardgm reads a reveal file of up to {MAX_SECRET_BYTES // 1024} kB")
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
    return berth, Seal(hashlib.sha256(data).hexdigest(), p.name), notation.reveal_salt(text).encode("utf-8")


def read_secret(text: str, name: str | None = None) -> tuple[Berth, Seal, bytes]:
    """The berth in a reveal file's text, its seal (the SHA-256 of the text as UTF-8), the
    reveal file called `name` or else `cardgm.game.secret_name(text)`, as a front end keeping the
    text serves it, and its secret salt (the key of the duel's SAVE marks, as `read_sealed_file`
    gives it). The error names no cell and quotes nothing of the text: the text is the secret."""
    try:
        berth = notation.parse_reveal(text)
    except ValueError as exc:
        raise ValueError(f"the secret is not a usable reveal file: {exc}") from None
    seal = Seal(hashlib.sha256(text.encode("utf-8")).hexdigest(), name or secret_name(text))
    return berth, seal, notation.reveal_salt(text).encode("utf-8")


def draw_secret(rng: random.Random) -> str:
    """A fresh hidden berth, drawn uniformly with `rng` (pass `secrets.SystemRandom()` for play),
    as the whole text of its reveal file: the berth and a 128-bit salt, exactly what `cardgm seal`
    writes. `make_game(card, secret=TEXT)` plays it; keep the text hidden until the duel ends."""
    from .seal import draw_berth

    berth = draw_berth(rng)
    return notation.write_reveal(berth, f"{rng.getrandbits(128):032x}")


def make_game(card: Card, sealed_file: str | Path | None = None, secret: str | None = None) -> DeadReckoning:
    """The duel on `card`: its printed berth; with `sealed_file` the berth in that reveal file;
    with `secret` the berth in a reveal file's text (from `draw_secret`)."""
    if card.game_id != "deadreckoning":
        raise CardError(f"{card.source}: not a DEADRECKONING card")
    if sealed_file is not None and secret is not None:
        raise ValueError("give the berth one way: a sealed reveal file or a secret's text, not both")
    try:
        printed = notation.card_berth(card.section("GM-ONLY"))
    except ValueError as exc:
        raise CardError(f"{card.source}: GM-ONLY: THE FLEET cannot be read: {exc}") from None
    if tuple((s.name, s.length) for s in printed.ships) != FLEET:
        raise CardError(f"{card.source}: the fleet differs from the one cardgm knows")
    if secret is not None:
        return DeadReckoning(card, *read_secret(secret))
    if sealed_file is None:
        return DeadReckoning(card, printed, _card_seal(card))
    berth, seal, key = read_sealed_file(sealed_file)
    return DeadReckoning(card, berth, seal, key)

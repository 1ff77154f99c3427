"""COINFLIP's `Game`: the class the Run drives."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from cardgm.card import Card, CardError
from cardgm.game import Ending, Event, Reading

from . import notation, reader, rules, voice
from .actions import Action
from .state import TOSSES, Table


class Coinflip:
    def __init__(self, card: Card) -> None:
        if len(card.tape) < TOSSES:
            raise CardError(f"{card.source}: COINFLIP reads {TOSSES} tape values")
        self.card = card
        self.tape = card.tape

    def new(self) -> Table:
        return Table()

    def opening(self, state: Table) -> str:
        return voice.opening()

    def read(self, state: Table, message: str, pending: Reading | None) -> Reading:
        return reader.read(state, message, pending)

    def apply(self, state: Table, action: Action) -> tuple[Table, tuple[Event, ...]]:
        return rules.apply(state, action, self.tape)

    def refusal(self, state: Table, action: Action) -> str | None:
        return rules.refusal(state, action)

    def legal_actions(self, state: Table) -> Sequence[Action]:
        return rules.legal_actions(state)

    def narrate(self, before: Table, action: Action, events: tuple[Event, ...], after: Table) -> str:
        return voice.narrate(events)

    def ledger(self, state: Table) -> str:
        return notation.ledger(state)

    def save(self, state: Table) -> str:
        return notation.save(state)

    def load(self, block: str) -> Table:
        return notation.load(block)

    def save_note(self, state: Table) -> str:
        return voice.SAVE_NOTE

    def resumed(self, state: Table) -> str:
        return voice.resumed(state)

    def ending(self, state: Table) -> Ending | None:
        return rules.ending(state)

    def finale(self, state: Table) -> str:
        return voice.finale(state, rules.score(state))

    def result(self, state: Table) -> str:
        return notation.result(state, rules.score(state))

    def pointers(self, state: Table) -> str:
        return ""

    def fields(self, state: Table) -> dict[str, Any]:
        return asdict(state)


def make_game(card: Card, **options: Any) -> Coinflip:
    if options:
        raise ValueError(f"COINFLIP takes no options (given: {', '.join(sorted(options))})")
    return Coinflip(card)

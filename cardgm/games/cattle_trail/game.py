"""DROVER'S AUTUMN's `Game`: `make_game(card)` gives the class the Run drives."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from cardgm.card import Card, CardError
from cardgm.game import Ending, Event, GameError, ReadAs, Reading, SaveError

from . import bounds, notation, panel, rules, voice
from .actions import Action
from .state import Drove

# "Without THE ROAD, THE DAY and ORDERS, resolve no day and answer nothing about the road."
NEEDED_SECTIONS = ("THE ROAD", "THE DAY", "ORDERS")


class DroversAutumn:
    """The `Game` (`Game[Drove, Action]`) for one DROVER'S AUTUMN card. One option,
    `rulings=rules.Rulings(...)`: another reading of a doubtful sentence (docs/rulings.md);
    cardgm plays `rules.RULED`, and the audit follows an AI that plays another the card's words
    allow."""

    def __init__(self, card: Card, rulings: rules.Rulings | None = None) -> None:
        if card.game_id != notation.GAME_ID:
            raise CardError(f"{card.source}: not a DROVER'S AUTUMN card (game '{card.game_id}')")
        if card.version != notation.VERSION:
            raise CardError(f"{card.source}: cardgm knows DROVER'S AUTUMN v{notation.VERSION}, not v{card.version}")
        if len(card.tape) < 21:
            raise CardError(f"{card.source}: the DICE TAPE needs 21 values at least (a day each, day 21 too)")
        self.card = card
        self.tape: tuple[int, ...] = card.tape
        self.complete = all(card.has_section(name) for name in NEEDED_SECTIONS)
        # RULED itself when it is cardgm's reading: the rules test the switches only off it.
        self.rulings = rules.RULED if rulings is None or rulings == rules.RULED else rulings

    # -- the protocol ---------------------------------------------------------------------------

    def new(self) -> Drove:
        return Drove()

    def opening(self, state: Drove) -> str:
        if not self.complete:
            return voice.incomplete_card()
        return voice.opening(state)

    def read(self, state: Drove, message: str, pending: Reading | None) -> Reading:
        return self.read_in_run(state, message, pending, ())

    def read_in_run(self, state: Drove, message: str, pending: Reading | None, history: tuple[object, ...]) -> Reading:
        """`read`, with the orders that ran in this run for "same as yesterday"."""
        if not self.complete:
            return Reading(ReadAs.ASK, text=voice.incomplete_card())
        from . import reader  # the largest module: loaded on the first message

        return reader.read(self, state, message, pending, history)

    def apply(self, state: Drove, action: Action) -> tuple[Drove, tuple[Event, ...]]:
        return rules.apply(state, action, self.tape, self.rulings)

    def refusal(self, state: Drove, action: Action) -> str | None:
        return rules.refusal(state, action)

    def legal_actions(self, state: Drove) -> Sequence[Action]:
        return rules.legal_actions(state)

    def narrate(self, before: Drove, action: Action, events: tuple[Event, ...], after: Drove) -> str:
        return voice.narrate(before, action, events, after)

    def ledger(self, state: Drove) -> str:
        return notation.ledger(state)

    def save(self, state: Drove) -> str:
        return notation.save(state)

    def load(self, block: str) -> Drove:
        state = notation.load(block)
        why = bounds.unreached(state, self.tape, (rules.RULED, self.rulings) if self.rulings != rules.RULED else (rules.RULED,))
        if why:
            raise SaveError(why)
        return state

    def save_note(self, state: Drove) -> str:
        return voice.save_note(state)

    def resumed(self, state: Drove) -> str:
        return voice.resumed(state)

    def ending(self, state: Drove) -> Ending | None:
        if state.end is None:
            return None
        return Ending(state.end, rules.score(state))

    def finale(self, state: Drove) -> str:
        return voice.finale(state)

    def result(self, state: Drove) -> str:
        return notation.result(state, rules.score(state))

    def pointers(self, state: Drove) -> str:
        return voice.pointers(state)

    def panel(self, state: Drove) -> dict[str, Any]:
        """The road, the herd, the purse and the crew for a page's status panel."""
        return panel.panel(state)

    def fields(self, state: Drove) -> dict[str, Any]:
        out = asdict(state)
        out["crew"] = list(state.crew)
        out["laid"] = list(state.laid)
        out["place"] = state.place
        out["bran"] = state.bran
        out["score"] = rules.score(state) if state.ended else None
        return out


def make_game(card: Card, **options: Any) -> DroversAutumn:
    rulings = options.pop("rulings", None)
    if options:
        raise GameError(f"DROVER'S AUTUMN takes no options but rulings (given: {', '.join(sorted(options))})")
    return DroversAutumn(card, rulings)


__all__ = ["DroversAutumn", "make_game"]

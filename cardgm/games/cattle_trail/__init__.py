"""DROVER'S AUTUMN (game id `cattle-trail`): a trail survival game on a printed d20 tape.

`make_game(card)` gives the `Game` the Run drives. The layers: state.py (the Drove), rules.py
(pure: THE DAY, STORES, THE CROSSINGS, ends, SCORING), notation.py (LEDGER, SAVE, RESULT),
reader.py (ORDERS: words to a Reading), voice.py (events to prose), questions.py (answers and
what-ifs, computed by the same rules).
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from cardgm.card import Card, CardError
from cardgm.game import Ending, GameError, ReadAs, Reading
from cardgm.games.cattle_trail import notation, rules, voice
from cardgm.games.cattle_trail.state import Drove

# "Without THE ROAD, THE DAY and ORDERS, resolve no day and answer nothing about the road."
NEEDED_SECTIONS = ("THE ROAD", "THE DAY", "ORDERS")


class Game:
    """The DROVER'S AUTUMN game for one card. One option, `rulings=rules.Rulings(...)`: another
    reading of a doubtful sentence (docs/rulings.md); cardgm plays `rules.RULED`, and the audit
    follows an AI that plays another the card's words allow."""

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
        self.rulings = rules.RULED if rulings is None or rulings == rules.RULED else rulings

    # -- the protocol ---------------------------------------------------------------------------

    def new(self) -> Drove:
        return Drove()

    def opening(self, state: Drove) -> str:
        if not self.complete:
            return voice.incomplete_card()
        return voice.opening(state)

    def read(self, state: Drove, message: str, pending: Reading | None) -> Reading:
        if not self.complete:
            return Reading(ReadAs.ASK, text=voice.incomplete_card())
        from cardgm.games.cattle_trail import reader  # written beside this package; imported late

        return reader.read(self, state, message, pending)

    def apply(self, state: Drove, action: Any) -> tuple[Drove, tuple[Any, ...]]:
        return rules.apply(self.tape, state, action, self.rulings)

    def refusal(self, state: Drove, action: Any) -> str | None:
        return rules.refusal(state, action)

    def narrate(self, before: Drove, action: Any, events: tuple[Any, ...], after: Drove) -> str:
        return voice.narrate(before, action, events, after)

    def ledger(self, state: Drove) -> str:
        return notation.ledger(state)

    def save(self, state: Drove) -> str:
        return notation.save(state)

    def load(self, block: str) -> Drove:
        return notation.load(block)

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

    def fields(self, state: Drove) -> dict[str, Any]:
        out = asdict(state)
        out["crew"] = list(state.crew)
        out["laid"] = list(state.laid)
        out["place"] = state.place
        out["bran"] = state.bran
        out["score"] = rules.score(state) if state.ended else None
        return out


def make_game(card: Card, **options: Any) -> Game:
    rulings = options.pop("rulings", None)
    if options:
        raise GameError(f"DROVER'S AUTUMN takes no options but rulings (given: {', '.join(sorted(options))})")
    return Game(card, rulings)


__all__ = ["Game", "make_game", "Drove"]

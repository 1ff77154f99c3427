"""BECALMED's `Game`: the class the Run drives, holding the card and the stated limits.

Options of `make_game` (stated limits, kept in the state and never in the SAVE block):
- `deaths="plain"`: every death told in one plain line;
- `stop_day=N`: the voyage stops at the end of day N, ending given-over there.

And `rulings=rules.Rulings(...)`: another reading of a doubtful sentence that the card's words
allow (docs/rulings.md); cardgm plays `rules.RULED`, and the audit follows an AI that plays another.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from cardgm.card import Card
from cardgm.game import Ending, Event, GameError, ReadAs, Reading, SaveError

from . import bounds, notation, panel, reader, rules, voice
from .actions import Action, Calls
from .state import DAYS, State


class Becalmed:
    """The Game protocol (`Game[State, Action]`) for BECALMED. Holds its card; every state is a frozen `State`."""

    def __init__(
        self, card: Card, deaths: str | None = None, stop_day: int | None = None, rulings: rules.Rulings | None = None
    ) -> None:
        if deaths not in (None, "plain", "full"):
            raise ValueError(f"deaths={deaths!r}: the only death limit cardgm honours is 'plain' (one plain line)")
        if stop_day is not None and not 1 <= int(stop_day) <= DAYS:
            raise ValueError(f"stop_day={stop_day}: the voyage runs days 1 to {DAYS}")
        if len(card.tape) < 2 * DAYS:
            raise ValueError(f"{card.source}: BECALMED reads {2 * DAYS} tape values; this card prints {len(card.tape)}")
        self.card = card
        self.tape = card.tape
        self.deaths_plain = deaths == "plain"
        self.stop_day = int(stop_day) if stop_day is not None else None
        # Another reading of a doubtful sentence the card's words allow (the audit follows an AI
        # that plays one); RULED itself when it is cardgm's, so the rules test no switch.
        self.rulings = rules.RULED if rulings is None or rulings == rules.RULED else rulings
        # What a resume from a block saved after a dusk (an even tape) must tell the player.
        self._after_dusk: tuple[State, str] | None = None

    # -- the protocol ------------------------------------------------------------------------------

    def new(self) -> State:
        # The opening reads the day-one dawn: the first LEDGER shows tape:1 with the calls asked.
        return State(deaths_plain=self.deaths_plain, stop_day=self.stop_day)

    def opening(self, state: State) -> str:
        return voice.opening(state, self.tape[state.tape - 1])

    def read(self, state: State, message: str, pending: Reading | None) -> Reading:
        return self.read_in_run(state, message, pending, ())

    def read_in_run(self, state: State, message: str, pending: Reading | None, history: tuple[object, ...]) -> Reading:
        """`read`, with the calls that ran in this run for "same as yesterday"."""
        reading = reader.read(state, message, pending, self.tape, history)
        if reading.kind is ReadAs.COMMAND and reading.command == "save" and pending is not None:
            # The card's SAVE is "exactly" its fields: calls held for today cannot ride in it.
            held = pending.action
            if isinstance(held, Calls) and held.day in (0, state.day) and held.given():
                note = voice.held_not_saved(held.given())
                reading = replace(reading, text="\n\n".join(p for p in (reading.text, note) if p))
        return reading

    def apply(self, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        return rules.apply(state, action, self.tape, self.rulings)

    def refusal(self, state: State, action: Action) -> str | None:
        return rules.refusal(state, action)

    def legal_actions(self, state: State) -> Sequence[Action]:
        return rules.legal_actions(state)

    def narrate(self, before: State, action: Action, events: tuple[Event, ...], after: State) -> str:
        return voice.narrate(before, action, events, after, self.tape)

    def ledger(self, state: State) -> str:
        return notation.ledger(state)

    def save(self, state: State) -> str:
        if state.phase != "calls":
            raise GameError("a SAVE is taken between the calls, not while the dusk waits on the player")
        return notation.save(state)

    def load(self, block: str) -> State:
        state = notation.parse_save(block, len(self.tape))
        after_dusk = None
        if state.tape % 2 == 0:
            # A dusk done and the next dawn unread: "the next value read is the one after tape:{pos}".
            if state.day >= DAYS:
                raise SaveError("that save is after the fourteenth dusk; the voyage has ended.")
            after_dusk = voice.resumed_after_dusk(state, self.tape[state.tape - 1])
            state, _ = rules.read_dawn(state, self.tape)
        why = bounds.unreached(state, self.tape, (rules.RULED, self.rulings) if self.rulings != rules.RULED else (rules.RULED,))
        if why:
            if after_dusk is not None:  # said of the day the block names, whose dusk it says is done
                why = f"tape:{state.tape - 1} on day {state.day - 1} says that day's dusk is done; after it, " + why
            raise SaveError(why)
        if after_dusk is not None and state.turn < state.day:
            # After day n's dusk the opening and a reply of calls a day are behind it (ruling 31).
            raise SaveError(
                f"turn:{state.turn} is fewer replies than day {state.day - 1}'s dusk needs: the opening and one a day make {state.day}."
            )
        state = replace(state, deaths_plain=self.deaths_plain, stop_day=self.stop_day)
        # Said by resumed(), which the Run calls next: the state alone cannot show it.
        self._after_dusk = (state, after_dusk) if after_dusk else None
        return state

    def save_note(self, state: State) -> str:
        return voice.save_note(state)

    def resumed(self, state: State) -> str:
        loaded, self._after_dusk = self._after_dusk, None
        return voice.resumed(state, self.tape, loaded[1] if loaded and loaded[0] == state else None)

    def ending(self, state: State) -> Ending | None:
        return rules.ending(state)

    def finale(self, state: State) -> str:
        return voice.finale(state, rules.score(state))

    def result(self, state: State) -> str:
        return notation.result(state, rules.score(state))

    def pointers(self, state: State) -> str:
        return voice.POINTERS

    def panel(self, state: State) -> dict[str, Any]:
        """The boat for a page's status panel: breaker, thirst, the five souls, the westing."""
        return panel.panel(state)

    def fields(self, state: State) -> dict[str, Any]:
        if state.phase == "calls" and state.end is None:
            asking = list(rules.needs(state))
        elif state.phase in ("turtle", "signal"):
            asking = [state.phase]
        else:
            asking = []
        return {
            "turn": state.turn,
            "day": state.day,
            "westing": state.westing,
            "water": state.water,
            "thirst": state.thirst,
            "crew": notation.crew_string(state.crew),
            "canvas": state.canvas,
            "flares": state.flares,
            "tape": state.tape,
            "flags": state.flag_list(),
            "phase": state.phase,
            "asking": asking,
            "today": None if state.today is None else {
                "issue": state.today.issue, "canvas": state.today.canvas, "hands": state.today.hands,
            },
            "end": state.end,
            "limits": {"deaths": "plain" if state.deaths_plain else None, "stop_day": state.stop_day},
        }


def make_game(card: Card, **options: Any) -> Becalmed:
    return Becalmed(card, **options)

"""BECALMED's status panel: the boat as a page draws it, from the state's own fields.

`panel(state)` is the optional `Game.panel` method a page asks for with getattr (docs/web.md,
"Game-specific drawing"): a title and a list of parts, each of a kind any page can draw —
`meter` (a value on a scale), `track` (a position on a line, with a band and marks), `people`
(names, each with a state and a tone) and `facts` (labels and values). It names the card's
things in the card's words; nothing in it is hidden.

>>> from .state import State
>>> p = panel(State(westing=15, thirst=5, crew=(".", "!", ".", "s2", "x")))
>>> [part["label"] for part in p["parts"]]
['The breaker', 'Thirst', 'Five souls', 'Westing', 'The boat']
>>> [(s["name"], s["state"]) for s in p["parts"][2]["people"]][:2]
[('Pruett', 'on his feet'), ('Carrick', 'down')]
>>> p["parts"][3]["band"]
{'from': 14, 'to': 24, 'label': 'the lane', 'inside': True}
"""

from __future__ import annotations

from typing import Any

from .state import BEACH, DAYS, DEAD, DOWN, LANE, MAX_THIRST, NAMES, S1, S2, SOULS, START_WATER, UP, State

# A soul's LEDGER suffix, said in words, with how it reads at a glance.
SOUL_STATES = {
    UP: ("on his feet", "ok"),
    DOWN: ("down", "warn"),
    S2: ("salt-poisoned, two dusks left", "bad"),
    S1: ("salt-poisoned, one dusk left", "bad"),
    DEAD: ("dead", "gone"),
}
FLAG_WORDS = {
    "SEAMS": "the seams are working",
    "BUTCHERING": "butchering the turtle",
    "IN-THE-LANE": "in the shipping lane",
    "PASSED-A-SHIP": "a ship has passed",
}


def _soul(letter: str, status: str) -> dict[str, str]:
    words, tone = SOUL_STATES[status]
    name = NAMES[letter]
    if letter == "Y" and status == UP:
        words = "on your feet"
    return {"name": name, "state": words, "tone": tone}


def _flag(flag: str) -> str:
    if flag.startswith("SHARKS-"):
        days = flag.split("-", 1)[1]
        return f"sharks under her ({days} more dusk{'s' if days != '1' else ''})"
    return FLAG_WORDS.get(flag, flag)


def panel(state: State) -> dict[str, Any]:
    """The boat's state as parts a page draws (see the module's docstring)."""
    flags = state.flag_list()
    lo, hi = LANE
    return {
        "title": "Boat Four",
        "parts": [
            {
                "kind": "meter", "label": "The breaker", "value": state.water, "min": 0,
                # "there is no ceiling": the scale grows with a breaker fuller than it began
                "max": max(START_WATER, state.water), "text": f"{state.water} measures of water",
                "tone": "bad" if state.water < 4 else "warn" if state.water < 10 else "ok",
            },
            {
                "kind": "meter", "label": "Thirst", "value": state.thirst, "min": 0, "max": MAX_THIRST,
                "text": f"{state.thirst} of {MAX_THIRST}",
                # THE CREW, read at each dusk: "At thirst 5 or 6 the next soul on his feet goes
                # DOWN. At thirst 7 the soul longest down DIES first".
                "note": "at dusk, 5 or 6 puts a soul down; 7 kills one",
                "tone": "bad" if state.thirst >= 7 else "warn" if state.thirst >= 5 else "ok",
            },
            {
                "kind": "people", "label": "Five souls",
                "note": "in the order thirst takes them",
                "people": [_soul(letter, status) for letter, status in zip(SOULS, state.crew, strict=True)],
            },
            {
                "kind": "track", "label": "Westing", "value": state.westing, "min": 0, "max": BEACH,
                "text": f"{state.westing} of {BEACH} leagues",
                "band": {"from": lo, "to": hi, "label": "the lane", "inside": lo <= state.westing <= hi},
                "marks": [{"at": 0, "label": "the fire"}, {"at": BEACH, "label": "the beach"}],
            },
            {
                "kind": "facts", "label": "The boat",
                "items": [
                    {"label": "Day", "value": f"{state.day} of {DAYS}"},
                    {"label": "Canvas", "value": state.canvas},
                    {"label": "Flares", "value": str(state.flares)},
                    {"label": "Tape read", "value": str(state.tape)},
                    {"label": "Flags", "value": ", ".join(_flag(f) for f in flags) or "none"},
                ],
            },
        ],
    }

"""DROVER'S AUTUMN's status panel: the road, the herd, the purse and the crew, from the state's
own fields, in the parts any page draws (`meter`, `track`, `people`, `facts`; see
`cardgm/games/becalmed/panel.py` and docs/web.md). Nothing in it is hidden.

>>> from .state import Drove
>>> p = panel(Drove(mile=40, laid=("Calum",), crew=("you", "Ewan", "Bran")))
>>> p["parts"][0]["label"], p["parts"][0]["value"], p["parts"][0]["marks"][1]
('The road', 40, {'at': 12, 'label': 'the Kyle', 'passed': True})
>>> [(c["name"], c["state"]) for c in p["parts"][2]["people"]]
[('you', 'on their feet'), ('Ewan', 'on their feet'), ('Bran', 'the dog, never laid up'), ('Calum', 'laid up at a farm')]
"""

from __future__ import annotations

from typing import Any

from .actions import LANDMARKS
from .state import DOG, LAST_DAY, MEAL_MAX, TRYST_MILE, Drove


def _next_landmark(mile: int) -> tuple[int, str] | None:
    ahead = [(m, name) for m, (name, _) in sorted(LANDMARKS.items()) if m > mile]
    return ahead[0] if ahead else None


def panel(state: Drove) -> dict[str, Any]:
    """The drove's state as parts a page draws."""
    here = state.landmark or f"on the road past {max((n for m, (n, _) in LANDMARKS.items() if m <= state.mile), default='the township')}"
    ahead = _next_landmark(state.mile)
    road_text = f"mile {state.mile} of {TRYST_MILE}, {here}" + (f"; next {ahead[1]} in {ahead[0] - state.mile} miles" if ahead else "")
    crew = [
        {"name": who, "state": "the dog, never laid up" if who == DOG else "on their feet", "tone": "ok"} for who in state.crew
    ] + [{"name": who, "state": "laid up at a farm", "tone": "warn"} for who in state.laid]
    return {
        "title": "The drove",
        "parts": [
            {
                "kind": "track", "label": "The road", "value": state.mile, "min": 0, "max": TRYST_MILE,
                "text": road_text,
                "marks": [{"at": m, "label": name, "passed": m <= state.mile} for m, (name, _) in sorted(LANDMARKS.items())],
            },
            {
                "kind": "facts", "label": "Herd and purse",
                "items": [
                    {"label": "Day", "value": f"{state.day} of {LAST_DAY}"},
                    {"label": "Herd", "value": f"{state.head} head"},
                    {"label": "Purse", "value": f"{state.silver} silver"},
                    {"label": "Meal", "value": f"{state.meal} of {MEAL_MAX} in the bag"},
                    {"label": "Shod", "value": "yes" if state.shod else "no"},
                ],
            },
            {"kind": "people", "label": "The crew", "people": crew},
            {
                "kind": "meter", "label": "Flesh", "value": state.flesh, "min": 0, "max": 6,
                "text": f"{state.flesh} of 6: the herd's condition",
                "tone": "bad" if state.flesh <= 2 else "warn" if state.flesh <= 4 else "ok",
            },
            {
                "kind": "meter", "label": "Wear", "value": state.wear, "min": 0, "max": 5,
                "text": f"{state.wear} of 5: the party's state",
                "tone": "bad" if state.wear >= 4 else "warn" if state.wear >= 2 else "ok",
            },
            {
                "kind": "meter", "label": "Spate", "value": state.spate, "min": 0, "max": 3,
                "text": f"{state.spate} of 3: the rivers {'LOW' if state.spate == 0 else 'UP' if state.spate == 1 else 'HIGH'}",
                "tone": "bad" if state.spate >= 2 else "ok",
            },
        ],
    }

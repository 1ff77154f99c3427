"""DEADRECKONING's status panel: the salvos and the fleet, from the shot grid alone (the board
itself is `board(state)`, drawn once beside it). Sunk ships are named, as the card names them
when they go down; the others are counted, never placed.

>>> from .state import Duel
>>> p = panel(Duel.of("xxoo" + "." * 60, sunk=("Cutter",)))
>>> p["parts"][1]["people"]
[{'name': 'Cutter', 'state': 'sunk', 'tone': 'gone'}, {'name': '3 ships', 'state': 'afloat, unseen', 'tone': 'ok'}]
"""

from __future__ import annotations

from typing import Any

from .state import FLEET, HULL_CELLS, PAR, Duel


def panel(state: Duel) -> dict[str, Any]:
    """The duel's counts and the fleet, sunk by name and afloat by number."""
    afloat = len(FLEET) - len(state.sunk)
    ships = [{"name": name, "state": "sunk", "tone": "gone"} for name in state.sunk]
    if afloat:
        ships.append({"name": f"{afloat} ship{'s' if afloat > 1 else ''}", "state": "afloat, unseen", "tone": "ok"})
    return {
        "title": "The duel",
        "parts": [
            {
                "kind": "facts", "label": "Salvos",
                "items": [
                    {"label": "Fired", "value": f"{state.shots} (par {PAR})"},
                    {"label": "Hits", "value": f"{state.hits} of {HULL_CELLS} hull cells"},
                    {"label": "Colours", "value": "struck" if state.struck else "flying"},
                ],
            },
            {"kind": "people", "label": "The fleet", "note": f"{len(state.sunk)} sunk, {afloat} afloat", "people": ships},
        ],
    }

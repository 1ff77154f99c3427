"""The shot grid as a front end draws it: rows of cells, each with what a click sends.

`board(state)` is the optional `Game.board` method a page asks for with getattr (the web site
draws it as a grid of buttons). Built from the shot grid alone, so it shows nothing hidden.

>>> from .state import Duel
>>> b = board(Duel.of("o" + "." * 62 + "x"))
>>> b["columns"][:3], b["rows"][0]["label"]
(['A', 'B', 'C'], '1')
>>> b["rows"][0]["cells"][0]
{'name': 'A1', 'mark': 'o', 'says': 'A1, miss', 'send': None}
>>> b["rows"][0]["cells"][1]
{'name': 'B1', 'mark': '.', 'says': 'B1, not fired', 'send': 'fire B1'}
"""

from __future__ import annotations

import re
from typing import Any

from .state import COLUMNS, HIT, MISS, ROWS, SIZE, Duel

WORDS = {HIT: "hit", MISS: "miss"}


def board(state: Duel) -> dict[str, Any]:
    """{"columns": [...], "rows": [{"label": "1", "cells": [{"name", "mark", "says", "send"}]}]}:
    `mark` is the grid's own character, `says` is for a screen reader, `send` the words a click
    sends (None for a cell already fired on, or once the duel is over)."""
    rows = []
    for r, label in enumerate(ROWS):
        cells = []
        for c, col in enumerate(COLUMNS):
            name = f"{col}{label}"
            mark = state.grid[r * SIZE + c]
            open_ = mark not in WORDS and not state.over
            cells.append({
                "name": name,
                "mark": mark,
                "says": f"{name}, {WORDS.get(mark, 'not fired')}",
                "send": f"fire {name}" if open_ else None,
            })
        rows.append({"label": label, "cells": cells})
    return {"columns": list(COLUMNS), "rows": rows}


# Rule 8's shot grid as a reply prints it: the column letters, then eight rows of marks.
GRID = re.compile(r"^  " + " ".join(COLUMNS) + r"\n(?:[1-8](?: [.xo]){8}(?:\n|$)){8}", re.M)


def without_grid(text: str) -> str:
    """A reply's text less its shot grid, for a page that draws the board once beside the replies.

    >>> without_grid("MISS.\\n\\n  A B C D E F G H\\n" + "".join(f"{r} . . . . . . . .\\n" for r in "12345678") + "\\nNext?")
    'MISS.\\n\\nNext?'
    """
    return re.sub(r"\n{3,}", "\n\n", GRID.sub("", text)).strip("\n")

"""A run as a page shows it: its replies as prose, its state as the game's panel and board.

Nothing here names a game. The game object may offer, looked up with getattr:

- `board(state)`: a clickable board (rows of cells), drawn once beside the replies;
- `without_board(text)`: a reply's text less what that board already shows;
- `panel(state)`: the state as parts of a few kinds any page draws (`meter`, `track`,
  `people`, `facts`; see `cardgm/games/becalmed/panel.py`).

A reply is shown as paragraphs in a proportional font, with a block that is laid out by spaces
(a grid, a SAVE block, a table) kept as it is; its LEDGER line is shown under it, smaller, for those
who read it. At the end, the card's pointers (its own site's addresses) are shown as this site's
own pages: the run's share page, /verify and /epilogue. The API and `--json` keep every reply
exactly as `cardgm play` prints it; only the page changes how it looks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from cardgm.run import Run
from cardgm.save import BEGIN as SAVE_BEGIN
from cardgm.store import StoredMessage

POINTERS = "\x00pointers\x00"  # where the card's own pointers stood, in a reply's text


@dataclass(frozen=True)
class Block:
    kind: str  # "p" prose, "pre" laid out by spaces, "result" the RESULT line, "pointers" this site's pages
    text: str


@dataclass(frozen=True)
class Entry:
    seq: int
    message: str | None
    reply: dict[str, Any]
    blocks: tuple[Block, ...]
    ledger: str


def _block(text: str) -> Block:
    if text == POINTERS:
        return Block("pointers", "")
    if text.startswith("RESULT: "):
        return Block("result", text)
    laid_out = SAVE_BEGIN in text or any(line.startswith("  ") or "  " in line.strip() for line in text.splitlines())
    return Block("pre" if laid_out else "p", text)


def blocks(text: str, ledger: str) -> tuple[Block, ...]:
    """A reply's text as blocks, its LEDGER line (shown apart) taken off its end."""
    body = text[: -len(ledger)] if ledger and text.endswith(ledger) else text
    body = body.replace(POINTERS, f"\n\n{POINTERS}\n\n")
    return tuple(_block(part.strip("\n")) for part in re.split(r"\n\s*\n", body) if part.strip())


def entries(messages: tuple[StoredMessage, ...], live: Run | None, *, board_drawn: bool) -> list[Entry]:
    """The messages as a page shows them. `live` is the run where it stands (for the game's
    `without_board` and, once ended, its pointers); `board_drawn`: the board is beside them."""
    game = live.game if live is not None else None
    strip = getattr(game, "without_board", None) if board_drawn else None
    pointers = ""
    if live is not None and live.ended:
        pointers = live.game.pointers(live.state).strip()
    out = []
    for m in messages:
        text = m.reply["text"]
        if strip is not None:
            text = strip(text)
        if pointers and pointers in text:
            text = text.replace(pointers, POINTERS)
        out.append(Entry(m.seq, m.message, m.reply, blocks(text, m.reply["ledger"]), m.reply["ledger"]))
    return out


def board(live: Run | None, *, playable: bool = True) -> dict[str, Any] | None:
    """The game's board where the run stands; `playable=False` (a share page): no cell sends."""
    draw = getattr(live.game, "board", None) if live is not None else None
    if live is None or not draw:
        return None
    drawn = draw(live.state)
    if not playable:
        drawn = {**drawn, "rows": [{**row, "cells": [{**c, "send": None} for c in row["cells"]]} for row in drawn["rows"]], "readonly": True}
    return drawn


def panel(live: Run | None) -> dict[str, Any] | None:
    draw = getattr(live.game, "panel", None) if live is not None else None
    return draw(live.state) if live is not None and draw else None


def folded(items: list[Entry], keep: int = 1) -> tuple[list[Entry], list[Entry], list[Entry]]:
    """(first, folded away, last): the share page shows the opening and the last replies, the rest
    one click away."""
    if len(items) <= 2 * keep + 1:
        return items, [], []
    return items[:keep], items[keep:-keep], items[-keep:]


def percent(value: float, low: float, high: float) -> float:
    """Where `value` stands between `low` and `high`, 0–100, for a bar's width or a marker."""
    if high <= low:
        return 0.0
    return max(0.0, min(100.0, 100.0 * (value - low) / (high - low)))

"""Golden playthroughs: whole runs replayed and compared byte for byte.

Each `tests/golden/<game>/<name>.in` holds the player's messages (one per line; a first line
`#! {json}` gives the game's options, e.g. a sealed berth). Its `<name>.golden` is the whole
transcript. Regenerate on purpose, then read the diff:

    CARDGM_REGEN=1 python -m pytest tests/test_golden.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cardgm.card import load_card
from cardgm.games import entries, make_game
from cardgm.run import Run
from cardgm.transcript import read_messages, render
from cardgm.verify.replay import resolve_files

GOLDEN = Path(__file__).parent / "golden"
CASES = sorted(GOLDEN.glob("*/*.in"))


def play(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    options = {}
    first = text.split("\n", 1)[0]
    if first.startswith("#! "):
        options = json.loads(first[3:])
    # paths in options are relative to the .in file, as a run log's are to the log
    run = Run(make_game(load_card(path.parent.name), **resolve_files(options, path.parent)))
    run.start()
    for message in read_messages(text):
        run.reply(message)
    return render(run.transcript)


@pytest.mark.parametrize("case", CASES, ids=[f"{p.parent.name}/{p.stem}" for p in CASES])
def test_golden_playthrough(case: Path) -> None:
    got = play(case)
    golden = case.with_suffix(".golden")
    if os.environ.get("CARDGM_REGEN"):
        golden.write_text(got, encoding="utf-8")
    assert golden.exists(), f"{golden} missing: regenerate with CARDGM_REGEN=1 and read it"
    assert got == golden.read_text(encoding="utf-8")


SHIPPED = sorted(e.id for e in entries() if e.package.startswith("cardgm.games."))  # a plugged-in card keeps its own


@pytest.mark.parametrize("game_id", SHIPPED)
def test_every_game_has_a_golden_playthrough(game_id: str) -> None:
    assert list((GOLDEN / game_id).glob("*.in")), f"no golden playthrough for {game_id}"

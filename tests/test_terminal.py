"""cardgm.terminal: what `cardgm play` leaves with when it stops early."""

from __future__ import annotations

import io
import json

from cardgm.card import load_card
from cardgm.games import make_game
from cardgm.run import Run
from cardgm.terminal import Session

# Nine days of BECALMED's printed tape that end at day 9's dusk: a green turtle, waiting on the player.
TO_THE_TURTLE = [
    "FULL, SAIL, BAIL", "SHORT, AWNING, BAIL", "FULL, DOWN, FISH", "FULL, SAIL, WATCH", "FULL, FISH",
    "FULL, MEND", "FULL, DOWN, WATCH", "FULL, DOWN, BAIL", "DRY, DOWN, BAIL",
]


def session(as_json: bool = False) -> Session:
    run = Run(make_game(load_card("becalmed")))
    s = Session(run, as_json=as_json, out=io.StringIO())
    s.emit(run.start())
    return s


def test_leaving_between_the_calls_prints_this_moments_save() -> None:
    s = session()
    s.answer(["FULL, SAIL, ROW"])
    block, why, again, note = s.leaving()
    assert why is None and again == [] and block == s.run.game.save(s.run.state)
    assert "start a NEW chat" in note


def test_leaving_while_the_dusk_waits_gives_the_save_before_the_calls_and_the_way_back() -> None:
    s = session()
    s.answer(TO_THE_TURTLE)
    waiting = s.run.transcript[-1][1]
    assert "or leave her?" in waiting.text
    assert s.asking_first() is not None and "Answer, then leave" in s.asking_first()
    block, why, again, _ = s.leaving()
    assert block is not None and "turn:9 day:9/14" in block and "tape:17" in block
    assert again == ["DRY, DOWN, BAIL"] and '"DRY, DOWN, BAIL"' in why
    # Resuming that block and sending the same message comes back to the very same dusk.
    back = session()
    back.answer([block, *again])
    assert back.run.transcript[-1][1].text == waiting.text
    assert back.run.state == s.run.state


def test_leaving_under_json_is_one_object() -> None:
    s = session(as_json=True)
    s.answer(TO_THE_TURTLE)
    s.leave(interrupted=False)
    last = json.loads(s.out.getvalue().splitlines()[-1])
    assert last["interrupted"] is False and last["turn"] == 10 and last["send_again"] == ["DRY, DOWN, BAIL"]
    assert last["save"].startswith("-----BEGIN AIGC SAVE-----") and "No SAVE block can be taken here" in last["save_note"]


def test_after_the_end_there_is_nothing_to_save() -> None:
    s = session()
    s.answer(["let her drive"])
    assert s.run.ended and s.leaving() == (None, None, [], "")
    s.leave(interrupted=True)
    assert s.out.getvalue().endswith("\n\n")  # nothing after the last reply

"""The card engine (`becalmed_ref.py`) against the card's own figures and one day worked by hand,
so that the oracle the differential test trusts is itself checked against the card, not cardgm."""

from __future__ import annotations

import re
from dataclasses import replace

from cardgm import load_card
from tests.independent import becalmed_ref as ref

CARD_TEXT = load_card("becalmed").text


def test_the_opening_ledger_is_the_one_the_card_prints() -> None:
    """THE FIRST DAY: "Print the LEDGER (day 1/14, westing 0/30, water 26, thirst 0/7,
    crew:P.C.O.N.Y., canvas:down, flares:2, tape:1, flags:none)"."""
    found = re.search(r"Print the LEDGER \(([^)]*)\)", CARD_TEXT)
    assert found is not None
    ledger = ref.Becalmed().ledger(ref.Becalmed().new())
    for item in found.group(1).split(", "):
        assert item in ledger, (item, ledger)


def test_day_one_worked_by_hand() -> None:
    """FULL, SAIL, ROW on the printed tape: dawn 12 is a STEADY BREEZE (Sail +3, sun +1), dusk 14
    an EMPTY SEA. Westing +1 set +3 sail +1 rowed = 5; water 26 - 4 = 22; thirst +1 day +1 sun
    +1 rowed -2 FULL = 1; then dawn 2 is read (tape 3)."""
    game = ref.Becalmed()
    boat = game.apply(game.new(), ref.Calls("FULL", "SAIL", "ROW"))
    assert game.ledger(boat) == (
        "[L] day 2/14 | westing 5/30 | water 22 | thirst 1/7 | crew:P.C.O.N.Y. | canvas:sail | flares:2 | tape:3 | flags:none | v1.0.0"
    )


def test_the_cards_own_score_figures() -> None:
    """ "Five ashore is 100"; taken-off "the lane ends at 24, so a ceiling of 94"; carried-off
    "5 × souls + westing ÷ 4, rounded down; ceiling 32"."""
    game = ref.Becalmed()
    five = ref.Boat()
    assert game.score(replace(five, end="landfall", westing=30)) == 100
    assert game.score(replace(five, end="taken-off", westing=24)) == 94
    assert game.score(replace(five, end="carried-off", westing=29)) == 32
    salted = replace(five, crew=("s2", "s1", "x", "!", "."), end="landfall", westing=30)
    assert game.score(salted) == 14 * 2 + 30  # "s2 and s1 do not count"
    assert game.score(replace(five, end="given-over")) == 0


def test_hard_weather_under_sail_carries_the_canvas_away() -> None:
    """Day 4's dawn is printed 20: "SAIL — running before it under a scrap: +5 leagues, canvas
    LOST, 4 measures spoiled"."""
    game = ref.Becalmed()
    boat = replace(game.new(), day=4, tape=7)
    after = game.apply(boat, ref.Calls("DRY", "SAIL", "BAIL"))
    assert (after.westing, after.canvas, after.water) == (5, "lost", 26 - 4)
    assert ref.Calls("DRY", "SAIL", "BAIL") not in game.legal(after)  # "LOST counts as DOWN"

"""cardgm's DROVER'S AUTUMN against an engine written from the card alone (cattle_trail_ref.py).

Random legal play, drawn from cardgm's `legal_actions` and from the engine's own list, each move
sent as the player's words; after every move the LEDGER line, the SAVE block, the end, the RESULT
line and the score must agree byte for byte, and at every morning both sides must allow the same
moves, on the printed tape and on card files printing other tapes. `CARDGM_DIFF_GAMES=5000` plays
more by hand (the default is a few hundred, a few seconds);
`CARDGM_DIFF_FIRST` moves the seeds.
"""

from __future__ import annotations

import os
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest

from cardgm.games.cattle_trail.actions import DayOrder
from tests.independent import cattle_trail_diff as diff
from tests.independent import cattle_trail_ref as ref

GAMES = int(os.environ.get("CARDGM_DIFF_GAMES", "250"))
FIRST = int(os.environ.get("CARDGM_DIFF_FIRST", "0"))
CARD = Path(__file__).resolve().parents[2] / "cardgm" / "games" / "cattle_trail" / "cattle-trail.md"


# ---- the engine on its own, against the card's own figures -----------------------------------


def test_the_engines_tape_is_the_cards_printed_tape() -> None:
    text = CARD.read_text(encoding="utf-8")
    printed = re.search(r"## DICE TAPE \(d20, seed cattle-trail:1\.0\.0\)\s+([\d ]+?)\s+ONE VALUE", text)
    assert printed is not None
    assert ref.TAPE == tuple(int(v) for v in printed.group(1).split())
    assert len(ref.TAPE) == 40


def test_the_engine_plays_the_cards_96() -> None:
    """SCORING: "96 is the best line this tape allows": the line docs/rulings.md gives scores 96
    in the engine, sold at dusk on day 20 with 58 head in FLESH 6."""
    s = ref.Drove()
    for a in diff.BEST_LINE:
        s = ref.apply(s, a)
    assert (s.end, s.score, s.head, s.flesh) == ("sold", 96, 58, 6)
    assert ref.result_line(s) == "RESULT: AIGC|cattle-trail|drove|v1.0.0|end:sold|ch:1|turns:21|score:96|tape:20|sha:none"
    assert ref.ledger(s).startswith("[L] turn:21 day:21/20 mile:179/179 @tryst | head:58 flesh:6/6")


def test_the_engine_keeps_the_cards_worked_example() -> None:
    """THE DAY: "So at FLESH 6, EASY on a HARD day ends at FLESH 5." Day 2 reads 3: EASY's +3
    makes 6, HARD, and on the shore road HARD is FLESH −1."""
    s = ref.Drove(day=2, mile=13, tape=1)
    assert ref.band(ref.TAPE[1] + 3) == "HARD"
    assert ref.apply(s, ref.Act(order="EASY")).flesh == 5


def test_the_opening_ledger_is_the_cards() -> None:
    """OPENING prints this LEDGER word for word."""
    assert ref.ledger(ref.Drove()) == (
        "[L] turn:1 day:1/20 mile:0/179 @township | head:60 flesh:6/6 meal:8 silver:20 | "
        "wear:0/5 crew:you,Ewan,Calum,Bran laid:none | spate:1/3 shod:n tape:0 | v1.0.0"
    )


# ---- the engine against cardgm ---------------------------------------------------------------


def test_random_legal_play_agrees_with_cardgm_move_for_move() -> None:
    last = diff.play_many(GAMES, FIRST)
    assert last.games == GAMES
    if GAMES >= 200 and FIRST == 0:
        # The games went where the rules are: every end, a sale on both days, early arrivals
        # whose REST days run in one reply, the hires laid up in turn, the strath's dog.
        assert set(last.ends) == {"sold", "missed", "laid-up", "scattered", "turned-home"}, last.ends
        for seen in (
            "sold at dusk on day 20", "sold at dusk on day 21", "sold with hands laid up", "Bran runs off home",
            "strath without the dog", "hired: Hector", "bridge FORD", "order TOLL REST", "shod on the low road",
            "the whole herd sold", "trade alone", "park", "HIRE refused, free",
        ):
            assert last.seen.get(seen), (seen, last.seen)
        assert any(k.startswith("reached the tryst early") for k in last.seen), last.seen


@pytest.mark.parametrize("seed", ["cattle-trail:1.0.1", "wet-autumn:1"])
def test_on_a_card_printing_another_tape_the_two_still_agree(seed: str, tmp_path: Path) -> None:
    """A card file of one's own with another tape (README: cardgm plays the tape a card prints).
    The printed tape never leaves SPATE above 1 at a ford's dawn; these two do, so the ford's
    "−3 per SPATE as the Ledger stood at dawn" is played at SPATE 2 and 3."""
    tally = diff.play_many(40, FIRST, tape=ref.derive_tape(seed), folder=tmp_path)
    assert tally.games == 40
    assert tally.seen.get("a FORD at SPATE 2") or tally.seen.get("a FORD at SPATE 3"), tally.seen


def test_the_engines_tape_derivation_is_the_readmes() -> None:
    """shared/cards/README.md: "`cattle-trail:1.0.0` … begins `16 3 6 5 18 11 9 2 9 8 15 1`", and
    it reproduces all 40 printed values."""
    assert ref.derive_tape("cattle-trail:1.0.0")[:12] == (16, 3, 6, 5, 18, 11, 9, 2, 9, 8, 15, 1)
    assert ref.derive_tape("cattle-trail:1.0.0") == ref.TAPE


def test_a_line_that_reaches_the_tryst_on_day_17_agrees_to_the_sale() -> None:
    """THE DAY 9: "Reach it sooner: each day until day 20 is a REST there, in one reply." The
    engine's line arrives at dusk on day 17; both play days 18 to 20 as RESTs in that reply."""
    tally = diff.Tally()
    diff.play_one(diff.new_game(), 0, diff.make_follower(diff.EARLY_LINE, 0.0), tally)
    assert tally.ends == {"sold": 1}
    assert tally.seen.get("reached the tryst early: 3 REST days") == 1


@pytest.mark.parametrize("seed", range(3))
def test_the_engines_save_resumed_by_cardgm_stands_where_the_engine_stands(seed: int) -> None:
    """Every morning of a near-best line: cardgm's `load` takes the engine's SAVE block (it is a
    morning the road reaches) and prints the engine's LEDGER from it."""
    game = diff.new_game()
    rng = random.Random(seed)
    s = ref.Drove()
    while s.end is None and s.day <= 8:
        a = diff.near_best(rng, [], diff.ref_legal_actions(s), s)
        s = ref.apply(s, diff.to_ref(a))
        if s.end is None:
            assert game.ledger(game.load(ref.save_block(s))) == ref.ledger(s)


# ---- the comparison can fail --------------------------------------------------------------------


def _strath_bad_also_costs_head(s: ref.Drove, leg: str, b: str) -> ref.Drove:
    """The other reading of THE STRATH's BAD (question 1 (B)): Bran goes and HEAD −2 that day."""
    if leg == "strath" and b == "BAD":
        return replace(s, bran=False).add(head=-2)
    return _march_band(s, leg, b)


_march_band = ref.march_band


def test_an_engine_that_reads_a_sentence_otherwise_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ref, "march_band", _strath_bad_also_costs_head)
    with pytest.raises(diff.Mismatch, match="LEDGER"):
        diff.play_many(60, FIRST)


def test_an_engine_that_allows_a_pace_at_the_kyle_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def orders_here(s: ref.Drove) -> list[ref.Act]:
        extra = [ref.Act(order="STEADY")] if s.mile == ref.KYLE else []
        return real(s) + extra

    real = ref.orders_here
    monkeypatch.setattr(ref, "orders_here", orders_here)
    with pytest.raises(diff.Mismatch, match="legal_actions differs"):
        diff.play_many(20, FIRST)


def test_words_go_in_as_the_player_types_them() -> None:
    """The harness sends each move as words; an order runs in one reply."""
    run = diff.Run(diff.new_game())
    run.start()
    reply = diff.play_move(run, DayOrder("STEADY"))
    assert reply.turn == 2 and reply.ledger == ref.ledger(ref.apply(ref.Drove(), ref.Act(order="STEADY")))

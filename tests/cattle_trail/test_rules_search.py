"""The card's own figures as evidence for its rulings: "96 is the best line this tape allows,
checked against every line." The whole-tape searches (about 14 s together) run in every test
run: they are the evidence for rulings 1 and 2; the quick tests replay the best line and search
its last ten days."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cardgm.card import load_card
from cardgm.games.cattle_trail import rules, search
from cardgm.games.cattle_trail.actions import Business, DayOrder
from cardgm.games.cattle_trail.state import Drove

CARD = load_card("cattle-trail")

# A line that scores 96 under the rulings cardgm plays, found by search.best_line.
BEST_LINE = (
    DayOrder("STEADY"),
    DayOrder("TWO BOATS"),
    DayOrder("EASY"),
    DayOrder("STEADY"),
    DayOrder("STEADY"),
    DayOrder("STEADY"),
    DayOrder("FORD"),
    DayOrder("EASY"),
    DayOrder("STEADY"),
    DayOrder("STEADY"),
    DayOrder("EASY", Business(meal=4)),
    DayOrder("REST"),
    DayOrder("EASY"),
    DayOrder("STEADY"),
    DayOrder("TOLL", toll_pace="STEADY"),
    DayOrder("STEADY"),
    DayOrder("EASY", Business(meal=2)),
    DayOrder("EASY"),
    DayOrder("STEADY"),
    DayOrder("EASY"),
)


def play(line: tuple[DayOrder, ...], rulings: rules.Rulings = rules.RULED) -> list[Drove]:
    states = [Drove()]
    for order in line:
        if states[-1].ended:
            break
        after, _ = rules.apply(states[-1], order, CARD.tape, rulings)
        states.append(after)
    return states


def test_card_claim_96_the_best_line_scores_96() -> None:
    end = play(BEST_LINE)[-1]
    assert (end.end, end.head, end.flesh, end.tape, rules.score(end)) == ("sold", 58, 6, 20, 96)


def test_card_claim_96_nothing_beats_it_over_the_last_ten_days() -> None:
    morning_11 = play(BEST_LINE)[10]
    assert (morning_11.day, morning_11.place) == (11, "smiddy")
    assert search.best_line(CARD.tape, start=morning_11, above=96) is None
    best = search.best_line(CARD.tape, start=morning_11, above=95)
    assert best is not None and best.score == 96


def test_ruling_01_the_best_line_needs_bran_to_leave_without_a_head() -> None:
    """Under the rival reading (HEAD −2 the day Bran runs off) the same line sells 56: 93."""
    end = play(BEST_LINE, replace(rules.RULED, bran_bad_same_day=True))[-1]
    assert (end.end, end.head, rules.score(end)) == ("sold", 56, 93)


def test_ruling_02_the_best_line_needs_the_toll_march_counted_from_119() -> None:
    """Counted from 118, the toll's STEADY ends at 130 and the line falls a mile short of the town."""
    states = play(BEST_LINE[:16], replace(rules.RULED, toll_march_from_119=False))
    assert (states[15].mile, states[16].mile) == (130, 142)
    assert play(BEST_LINE[:16])[16].mile == 143


def test_ruling_13_the_best_line_under_netted_pace_and_band() -> None:
    """Netting EASY's +1 against a HARD −1 (the rival reading) leaves FLESH where the card's own
    example says it must fall: the card's sentence settles it, and the line still ends 96 here."""
    end = play(BEST_LINE, replace(rules.RULED, pace_then_band=False))[-1]
    assert end.end == "sold"
    s, _ = rules.apply(Drove(mile=40, day=1), DayOrder("EASY"), (4,) * 40, replace(rules.RULED, pace_then_band=False))
    assert s.flesh == 6  # the rival reading breaks "at FLESH 6, EASY on a HARD day ends at FLESH 5"


def test_card_claim_96_checked_against_every_line() -> None:
    assert search.best_line(CARD.tape, above=96) is None
    best = search.best_line(CARD.tape, above=95)
    assert best is not None and best.score == 96
    assert rules.score(play(best.line)[-1]) == 96


@pytest.mark.parametrize("rival", ["bran_bad_same_day", "toll_march_from_119"])
def test_rival_readings_cannot_reach_96(rival: str) -> None:
    rulings = replace(rules.RULED, **{rival: not getattr(rules.RULED, rival)})
    assert search.best_line(CARD.tape, rulings, above=95) is None

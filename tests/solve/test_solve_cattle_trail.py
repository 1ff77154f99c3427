"""DROVER'S AUTUMN's exact solver: droves a day or two from the tryst, worked by hand, and every
best line replayed through the Run to its score."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgm.card import load_card
from cardgm.games.cattle_trail import rules as R
from cardgm.games.cattle_trail import solve as C
from cardgm.games.cattle_trail.actions import Business, DayOrder
from cardgm.games.cattle_trail.state import Drove
from cardgm.solve.review import replay

CARD = load_card("cattle-trail")
TAPE = CARD.tape  # day 20 reads 12, day 21 reads 17


def replayed(sol: C.Solution, start: Drove):
    return replay(CARD, [C.message(a) for a in sol.line], start)


def test_eight_miles_out_on_day_20_easy_lands_the_herd_in_full_flesh() -> None:
    # Mile 171, day 20, FLESH 5, value 12. EASY: 8 miles to the ground, FLESH +1, 15 FAIR: sold
    # at 60 × (6 + 4) ÷ 6 = 100. STEADY: FLESH 5, 90. PUSH: FLESH 4, then 8 HARD, −1: 70.
    start = replace(Drove(), day=20, tape=19, mile=171, flesh=5)
    sol = C.solve(TAPE, start)
    assert (sol.score, sol.end) == (100, "sold")
    assert [a.order for a in sol.line] == ["EASY"]
    assert replayed(sol, start).score == 100


def test_a_day_too_far_sells_on_day_21_one_flesh_down() -> None:
    # Mile 163 on day 20: 16 miles. PUSH reaches the ground on day 20 (FLESH 6 − 1 = 5, value
    # 12 − 4 = 8 HARD, −1 more: 4), sold for 60 × 8 ÷ 6 = 80. EASY and EASY make it on day 21
    # at FLESH 6 (5, then 6, then the day-21 drop to 5): 60 × 9 ÷ 6 = 90, the better line.
    start = replace(Drove(), day=20, tape=19, mile=163, flesh=5)
    sol = C.solve(TAPE, start)
    assert (sol.score, sol.end) == (90, "sold")
    assert sol.final is not None and sol.final.tape == 21
    assert replayed(sol, start).score == 90


def test_too_far_to_sell_is_missed() -> None:
    start = replace(Drove(), day=21, tape=20, mile=150)
    assert C.solve(TAPE, start, end="sold").score == C.UNREACHABLE
    sol = C.solve(TAPE, start)
    assert (sol.score, sol.end) == (0, "missed")


def test_each_end_has_its_own_row() -> None:
    start = replace(Drove(), day=20, tape=19, mile=171, flesh=5)
    ends = C.best_by_end(TAPE, start)
    assert ends["sold"].score == 100
    assert (ends["missed"].score, ends["missed"].end) == (0, "missed")  # REST, REST: the buyers go
    assert ends["scattered"].score == C.UNREACHABLE  # no two days lose sixty head
    assert ends["turned-home"].score == 0 and ends["turned-home"].end == "turned-home"


def test_from_the_town_three_days_out_the_line_with_business_replays() -> None:
    # Day 19 at the town, FLESH 2, 36 miles to go in days 19–21 (values 6, 15, 7): only 8+12+16
    # or longer reaches the ground, so the sale is on day 21. EASY on the 6 (9 HARD, −1) holds
    # FLESH at 2; STEADY on the 15 is FAIR; PUSH on the 7 (3 BAD, −2) leaves 0, and the day-21
    # drop stops at 0: 60 × 4 ÷ 6 = 40. (PUSH, PUSH, … is no better: each PUSH costs a FLESH.)
    start = replace(Drove(), day=19, tape=18, mile=143, flesh=2, silver=3, meal=0)
    sol = C.solve(TAPE, start)
    assert (sol.score, sol.end) == (40, "sold")
    assert replayed(sol, start).score == 40


def test_messages_are_what_the_reader_reads_back() -> None:
    game = __import__("cardgm.games", fromlist=["make_game"]).make_game(CARD)
    for mile, action in (
        (0, DayOrder("PUSH")),
        (12, DayOrder("TWO BOATS")),
        (57, DayOrder("FORD")),
        (118, DayOrder("TOLL", toll_pace="STEADY")),
        (118, DayOrder("TOLL", toll_pace="REST")),
        (90, DayOrder("REST", Business(meal=3, shoe=True, sell=2, roof=True))),
        (143, DayOrder("REST", Business(park=True, roof=True, meal=1))),
        (143, DayOrder("STEADY", Business(hire=1))),
    ):
        s = replace(Drove(), mile=mile, silver=30, crew=("you", "Ewan", "Bran"), laid=("Calum",))
        reading = game.read(s, C.message(action), None)
        assert reading.action == action, (C.message(action), reading)


def _late(seed: int) -> Drove | None:
    """A drove played by the careful and steady par policies, mixed at random day by day, to
    the strath or beyond (random orders alone seldom get a herd past the bridge)."""
    from cardgm.games.cattle_trail import par as P

    rng = random.Random(seed)
    s = Drove()
    stop = 119 + rng.randrange(0, 40)
    while not s.ended and s.mile < stop:
        policy = rng.choice([P.trail_cautious, P.trail_steady])
        s, _ = R.apply(s, policy(s, TAPE[: s.tape], rng), TAPE)
    return None if s.ended else s


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6))
def test_no_random_line_beats_the_solver_and_the_best_line_plays_out(seed: int) -> None:
    start = _late(seed)
    if start is None:
        return
    sol = C.solve(TAPE, start)
    rng = random.Random(seed)
    for _ in range(20):
        s = start
        while not s.ended:
            o = rng.choice(R.legal_orders(s))
            s, _ = R.apply(s, DayOrder(o, toll_pace=rng.choice(["EASY", "STEADY", "PUSH", "REST"]) if o == "TOLL" else None), TAPE)
        assert R.score(s) <= sol.score
    s = start
    for action in sol.line:
        s, _ = R.apply(s, action, TAPE)
    assert R.score(s) == sol.score


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6))
def test_the_solver_agrees_with_the_rules_engineers_own_search(seed: int) -> None:
    # Two searches written apart (cardgm/games/cattle_trail/search.py checks the card's 96) find
    # the same best from the same drove.
    from cardgm.games.cattle_trail import search

    start = _late(seed)
    if start is None:
        return
    theirs = search.best_line(TAPE, start=start)
    assert C.solve(TAPE, start).score == (theirs.score if theirs else 0)


def test_every_order_the_search_builds_is_one_the_rules_allow() -> None:
    # The search applies its orders unchecked; here every one is checked, at every kind of place.
    search = C._Search(TAPE, R.RULED, None)
    for mile in (0, 12, 33, 57, 90, 118, 143, 150):
        for silver in (0, 3, 20):
            s = replace(Drove(), mile=mile, silver=silver, day=10, tape=9, crew=("you", "Ewan", "Bran"), laid=("Calum",))
            for _, orders in list(search.orders(s))[:4]:
                for order in orders:
                    assert R.refusal(s, order) is None, (mile, silver, order)


def _anywhere(seed: int, tape: tuple[int, ...]) -> Drove | None:
    """A drove somewhere on the road after random orders and business (par's policies mixed with
    random orders), then shaken: its WEAR, MEAL, SILVER and SPATE set at random, Bran gone or not."""
    from cardgm.games.cattle_trail import par as P

    rng = random.Random(seed)
    s = Drove()
    stop = rng.randrange(30, 170)
    while not s.ended and s.mile < stop:
        if rng.random() < 0.3:
            o = rng.choice(R.legal_orders(s))
            action = DayOrder(o, toll_pace=rng.choice(["EASY", "STEADY", "PUSH", "REST"]) if o == "TOLL" else None)
        else:
            action = rng.choice([P.trail_cautious, P.trail_steady])(s, tape[: s.tape], rng)
        s, _ = R.apply(s, action, tape)
    if s.ended or s.mile <= 90:
        return None  # keep the reference solves (without the loose bound) quick: past the Smiddy
    crew = s.crew if rng.random() < 0.7 else tuple(c for c in s.crew if c != "Bran")
    return replace(s, wear=rng.randrange(0, 5), meal=rng.randrange(0, 13), silver=rng.randrange(0, 30), spate=rng.randrange(0, 4), crew=crew)


def _plain(tape: tuple[int, ...], start: Drove, end: str | None) -> int:
    """The exact best from `start` by the plain ceiling alone, as solve searched before the loose
    bound (aspiration floors first, for the sold search)."""
    search = C._Search(tape, R.RULED, end, use_loose=False)
    for floor in (*(C.ASPIRATION if end in (None, "sold") else ()), C.UNREACHABLE - 1):
        v = search.search(start, floor)
        if v > floor:
            return v
    return v


# Positions past the Smiddy on the printed tape and 21 derived ones; seed 34 is left out only
# because its reference solve, without the loose bound, takes 16 s.
@pytest.mark.parametrize("seed", [n for n in range(60) if n != 34])
def test_the_loose_drove_bounds_every_line_from_a_real_one(seed: int) -> None:
    # The loose ceiling (C._Search.loose: a full bag, silver without end, WEAR 0, a low river,
    # shod, the whole crew) is never below the exact best, found without it; and the solver with
    # it finds the same best, for the best line and for each end's own row.
    from cardgm.tape import derive

    tape_seed = seed % 22 - 1
    tape = TAPE if tape_seed < 0 else derive(f"cattle-trail:loose:{tape_seed}", 40)
    start = _anywhere(seed * 7919, tape)
    if start is None:
        return
    exact = _plain(tape, start, None)
    bounded = C._Search(tape, R.RULED, None)
    assert max(bounded.loose(start), 0) >= exact  # no sale: UNREACHABLE, and the other ends score 0
    assert bounded.ceiling(start) >= exact
    assert C.solve(tape, start).score == exact
    sold = _plain(tape, start, "sold")
    assert C._Search(tape, R.RULED, "sold").loose(start) >= sold
    assert C.solve(tape, start, "sold").score == sold
    for end in ("missed", "scattered"):
        assert C.solve(tape, start, end).score == _plain(tape, start, end)

"""BECALMED's exact solver: small cases worked by hand, the printed tape, and every best line
replayed through the Run to its score."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgm.card import load_card
from cardgm.games.becalmed import rules as R
from cardgm.games.becalmed import solve as B
from cardgm.games.becalmed.state import State
from cardgm.solve.review import replay

CARD = load_card("becalmed")
STEADY, EMPTY = 9, 14  # STEADY BREEZE (sail +3, sun +1), AN EMPTY SEA


def tape_for(last_sky: int = STEADY, last_sea: int = EMPTY) -> tuple[int, ...]:
    """Quiet days everywhere; day 14's dawn and dusk as given."""
    values = [STEADY if i % 2 == 0 else EMPTY for i in range(40)]
    values[26], values[27] = last_sky, last_sea
    return tuple(values)


def day14(**fields) -> State:
    return replace(State(), day=14, tape=27, **fields)


def replayed(tape: tuple[int, ...], sol: B.Solution, start: State | None = None):
    card = replace(CARD, tape=tape)
    messages = [m for _, ms, _ in B.days(tape, sol.line, start) for m in ms]
    return replay(card, messages, start)


def test_last_day_five_leagues_short_is_landfall_for_100() -> None:
    # Westing 25 on day 14 under a STEADY BREEZE: the set 1, sail 3, oars 1 make 30: 14 × 5 + 30.
    tape = tape_for()
    sol = B.solve(tape, day14(westing=25))
    assert (sol.score, sol.end) == (100, "landfall")
    (calls,) = sol.line
    assert (calls.canvas, calls.hands) == ("SAIL", "ROW")
    assert replayed(tape, sol, day14(westing=25)).score == 100


def test_last_day_six_leagues_short_is_carried_off_at_29_for_32() -> None:
    # Westing 24: at most 29, so carried off: 5 × 5 + 29 ÷ 4 = 25 + 7 = 32 ("ceiling 32").
    tape = tape_for()
    sol = B.solve(tape, day14(westing=24))
    assert (sol.score, sol.end) == (32, "carried-off")
    assert sol.final is not None and sol.final.westing == 29
    assert replayed(tape, sol, day14(westing=24)).score == 32


def test_a_sail_to_windward_is_answered_only_by_staying_in_the_lane() -> None:
    # Westing 20, one flare, a 19 at dusk. Sail and oars make 25: out of the lane, no ship, and
    # carried off for 31. Sail without the oars makes 24, the lane's last league: the ship is
    # answered for 14 × 5 + 24 = 94, the card's "ceiling of 94".
    tape = tape_for(STEADY, 19)
    start = day14(westing=20, flares=1)
    sol = B.solve(tape, start)
    assert (sol.score, sol.end) == (94, "taken-off")
    calls, signal = sol.line
    assert calls.canvas == "SAIL" and calls.hands != "ROW"
    assert signal == R.Signal(1)
    assert replayed(tape, sol, start).score == 94
    assert B.solve(tape, start, end="carried-off").score == 31


def test_a_masthead_light_needs_both_flares() -> None:
    # An 18 needs both flares together: with one flare nothing answers her.
    tape = tape_for(STEADY, 18)
    assert B.solve(tape, day14(westing=20, flares=2)).score == 94
    one = B.solve(tape, day14(westing=20, flares=1))
    assert (one.score, one.end) == (31, "carried-off")


def test_a_soul_salted_does_not_count() -> None:
    # Pruett s1 dies at this dusk; four souls land: 14 × 4 + 30 = 86.
    tape = tape_for()
    start = day14(westing=25, crew=("s1", ".", ".", ".", "."))
    sol = B.solve(tape, start)
    assert (sol.score, sol.end) == (86, "landfall")
    assert replayed(tape, sol, start).score == 86


def test_each_end_has_its_own_best_and_given_over_is_zero() -> None:
    tape = tape_for()
    ends = B.best_by_end(tape, day14(westing=25))
    assert ends["landfall"].score == 100
    assert ends["taken-off"].score == B.UNREACHABLE  # no ship on this dusk
    assert ends["carried-off"].score == 5 * 5 + 29 // 4  # stop short on purpose: awning, or no oars
    assert ends["given-over"].score == 0 and ends["given-over"].end == "given-over"


def test_the_printed_tape_allows_five_ashore_and_the_line_replays_to_100() -> None:
    # The card: "Five ashore is 100". The printed tape allows it; the line types into `cardgm play`.
    sol = B.solve(CARD.tape)
    assert (sol.score, sol.end) == (100, "landfall")
    reply = replayed(CARD.tape, sol)
    assert (reply.end, reply.score) == ("landfall", 100)
    assert "score:100" in reply.result


def test_the_printed_tape_allows_the_ceiling_of_94_taken_off() -> None:
    # "taken-off — 14 × souls + westing; the lane ends at 24, so a ceiling of 94": reached here.
    sol = B.solve(CARD.tape, end="taken-off")
    assert (sol.score, sol.end) == (94, "taken-off")
    assert replayed(CARD.tape, sol).score == 94


def test_messages_are_what_the_reader_reads_back() -> None:
    s = State()
    for action in R.legal_actions(s):
        reading = __import__("cardgm.games.becalmed.reader", fromlist=["read"]).read(s, B.message(action), None, CARD.tape)
        assert reading.action == action


def _random_state(seed: int, day: int) -> tuple[tuple[int, ...], State | None]:
    """A tape derived from the card's seed and a voyage on it played to `day` by the par policies
    and random calls, mixed day by day (random calls alone seldom keep a boat alive that long)."""
    from cardgm.games.becalmed import par as BP
    from cardgm.solve import par as P

    rng = random.Random(seed)
    tape = P.tapes(CARD, seed % 30 + 1)[-1]
    s = State()
    while s.end is None and not (s.day >= day and s.phase == "calls"):
        policy = rng.choice([BP.becalmed_steady, BP.becalmed_steady, BP.becalmed_cautious, BP.becalmed_random])
        s, _ = R.apply(s, policy(s, tape[: s.tape], rng), tape)
    return tape, (s if s.end is None else None)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(9, 14))
def test_no_random_line_beats_the_solver_and_no_best_beats_its_ceiling(seed: int, day: int) -> None:
    tape, start = _random_state(seed, day)
    if start is None:
        return
    sol = B.solve(tape, start)
    search = B._Search(tape, None)
    assert sol.score <= search.ceiling(start)
    rng = random.Random(seed + 1)
    for _ in range(20):
        s = start
        while s.end is None:
            s, _ = R.apply(s, rng.choice(R.legal_actions(s)), tape)
        assert R.score(s) <= sol.score
    # and the best line is a real line: it plays out to its score
    s = start
    for action in sol.line:
        s, _ = R.apply(s, action, tape)
    assert R.score(s) == sol.score


def test_an_end_no_line_reaches_is_unreachable() -> None:
    # Day 14, westing 0: landfall is out of reach.
    sol = B.solve(tape_for(), day14(westing=0), end="landfall")
    assert sol.score == B.UNREACHABLE and sol.line == ()


def test_an_unknown_end_is_refused() -> None:
    with pytest.raises(ValueError, match="not a BECALMED end"):
        B.solve(CARD.tape, end="sunk")


def test_cardgm_solve_prints_a_line_that_replays_on_a_seeded_tape(tmp_path) -> None:
    from click.testing import CliRunner

    from cardgm.cli import main
    from cardgm.tape import derive

    out = CliRunner().invoke(main, ["solve", "becalmed", "--seed", "becalmed:1.0.0:1", "--no-ends"])
    assert out.exit_code == 0, out.output
    assert "tape      " + " ".join(map(str, derive("becalmed:1.0.0:1", 40))) in out.output
    assert "the replay scores 100, as the search found" in out.output
    assert "day  1  " in out.output
    # --card FILE reads a card file
    path = tmp_path / "becalmed.md"
    path.write_text(CARD.text, encoding="utf-8")
    out = CliRunner().invoke(main, ["solve", "becalmed", "--card", str(path), "--seed", "becalmed:1.0.0:0", "--no-ends"])
    assert out.exit_code == 0 and "best      100 (end:landfall)" in out.output


def test_cardgm_solve_refuses_a_card_with_no_tape() -> None:
    from click.testing import CliRunner

    from cardgm.cli import main

    out = CliRunner().invoke(main, ["solve", "deadreckoning"])
    assert out.exit_code == 2 and "no tape" in out.output

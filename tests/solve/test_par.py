"""Par: the policies play blind, play every card to an end, and the plots are written."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgm.card import load_card
from cardgm.games.cattle_trail.par import trail_cautious
from cardgm.solve import par as P

CARDS = ("becalmed", "cattle-trail")


def _choices(game: P.ParRules, tape: tuple[int, ...], policy: str, seed: int) -> list[tuple[int, object]]:
    """(values read, choice) for every choice a run of `policy` on `tape` makes via `P.play`."""
    made: list[tuple[int, object]] = []
    inner = game.policies[policy]

    def watched(s, read, rng):
        choice = inner(s, read, rng)
        made.append((s.tape, choice))
        return choice

    P.play(game, tape, watched, random.Random(seed))
    return made


@pytest.mark.parametrize("card_id", CARDS)
@pytest.mark.parametrize("policy", P.POLICIES)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), other=st.integers(0, 49), cut=st.integers(1, 27))
def test_a_policy_never_reads_the_tape_ahead(card_id: str, policy: str, seed: int, other: int, cut: int) -> None:
    # Replace every value from position `cut` on with another tape's: every choice made before
    # that value is read is the same choice.
    card = load_card(card_id)
    game = P.game_for(card_id)
    tape = card.tape
    changed = tape[:cut] + P.tapes(card, other + 1)[-1][cut:]
    first = [c for c in _choices(game, tape, policy, seed) if c[0] < cut]
    second = [c for c in _choices(game, changed, policy, seed) if c[0] < cut]
    assert first == second


@pytest.mark.parametrize("card_id", CARDS)
def test_every_policy_plays_every_tape_to_an_end_with_legal_moves(card_id: str) -> None:
    card = load_card(card_id)
    rows = P.par(card, n=15, random_runs=10)
    assert [r.policy for r in rows] == list(P.POLICIES)
    for r in rows:
        assert len(r.scores) == 15 and sum(r.ends.values()) == 15
        assert all(0 <= x <= 100 for x in r.scores)
    assert len(rows[-1].printed) == 10  # random plays the printed tape many times


def test_a_careful_drove_on_the_printed_tape_is_near_the_cards_par() -> None:
    # "Par is 60: a careful drove played blind." cautious is our careful drove.
    card = load_card("cattle-trail")
    (s,) = [P.play(P.game_for("cattle-trail"), card.tape, trail_cautious, random.Random(0))]
    assert s.end == "sold" and 50 <= P.game_for("cattle-trail").outcome(s)[1] <= 70


def test_derived_tapes_come_from_the_cards_id_and_version() -> None:
    from cardgm.tape import derive

    card = load_card("becalmed")
    assert P.tapes(card, 3)[2] == derive("becalmed:1.0.0:2", 40)


@pytest.mark.parametrize("card_id", CARDS)
def test_the_plots_are_written_and_not_empty(card_id: str, tmp_path) -> None:
    from cardgm.solve.plot_par import plot

    card = load_card(card_id)
    rows = P.par(card, n=10, random_runs=5)
    paths = plot(card, rows, 10, tmp_path, best=90)
    assert [p.suffix for p in paths] == [".png", ".svg"]
    for p in paths:
        assert p.stat().st_size > 1000
    assert paths[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "<svg" in paths[1].read_text(encoding="utf-8")[:500]


def test_the_table_names_every_policy() -> None:
    card = load_card("becalmed")
    rows = P.par(card, n=5, random_runs=5)
    text = P.table(card, rows, 5)
    for name in P.POLICIES:
        assert f"\n{name}" in text


def test_cardgm_par_prints_the_table_and_writes_both_plots(tmp_path) -> None:
    from click.testing import CliRunner

    from cardgm.cli import main

    out = CliRunner().invoke(main, ["par", "cattle-trail", "-n", "5", "--random-runs", "3", "--out", str(tmp_path)])
    assert out.exit_code == 0, out.output
    assert "cautious" in out.output and "greedy" in out.output
    assert (tmp_path / "cattle-trail-par.png").stat().st_size > 1000
    assert (tmp_path / "cattle-trail-par.svg").stat().st_size > 1000

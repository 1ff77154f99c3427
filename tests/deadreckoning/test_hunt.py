"""The DEADRECKONING hunter: berth spaces counted by hand and against the seal module, the shots of
every strategy checked cell by cell against the card's rules, names shown to change no shot, the
tree's shortcuts shown exact, the coach's heat map, and the plots."""

from __future__ import annotations

import math
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgm.games.deadreckoning import rules, seal
from cardgm.games.deadreckoning.hunt import analysis, batch, strategies, tree
from cardgm.games.deadreckoning.hunt import odds as hunt_odds
from cardgm.games.deadreckoning.hunt import space as berths
from cardgm.games.deadreckoning.hunt.space import Sea
from cardgm.games.deadreckoning.rules import Fired, FleetCleared, Salvo
from cardgm.games.deadreckoning.state import FLEET, Berth, Duel, ship_from_cells

# The card's printed berth (GM-ONLY: THE FLEET), written out from the card.
CARD_HULLS = {"Cutter": ("B2", "C2"), "Sloop": ("F2", "F3", "F4"), "Brigantine": ("B5", "C5", "D5"), "Frigate": ("H6", "H7")}


def berth_of(hulls: dict[str, tuple[str, ...]]) -> Berth:
    return Berth(tuple(ship_from_cells(n, k, hulls[n]) for n, k in FLEET))


# Small seas whose every berth a test can look at.
GIG = Sea(3, 3, (("Sloop", 2), ("Gig", 1)))
STRIP = Sea(1, 5, (("Cutter", 2), ("Frigate", 2)))
SMALL = Sea(5, 5, (("Cutter", 2), ("Sloop", 3), ("Frigate", 2)))  # 1,956 cell sets, 3,912 named
MIDDLE = Sea(6, 6, (("Cutter", 2), ("Sloop", 3), ("Brigantine", 3), ("Frigate", 2)))  # the card's fleet
TREE_STRATEGIES = ["density", "entropy", "lookahead"]
ALL = list(strategies.STRATEGIES)


# -- counting ------------------------------------------------------------------------------------


def test_a_two_ship_sea_counted_by_hand():
    """3x3, a Sloop of 2 and a Gig of 1, no two touching. A Sloop along an edge row or column
    (4 rows/columns x 2 places = 8) leaves the far row or column free: 3 Gig cells each, 24.
    A Sloop through the middle row or column touches every cell: none. So 24."""
    sp = berths.space(GIG)
    assert len(sp) == 24 and sp.named_berths == 24
    edge_sloops = {tuple(cells) for cells in (sp.berth_cells(i)[0] for i in range(len(sp)))}
    assert len(edge_sloops) == 8 and all("B2" not in s for s in edge_sloops)


def test_a_strip_of_five_holds_one_cell_set_and_two_named_berths():
    """1x5, two hulls of 2: only A1-B1 and D1-E1 keep a gap; Cutter left or Frigate left."""
    un, named = berths.space(STRIP), berths.space(STRIP, named=True)
    assert (len(un), un.named_berths, len(named)) == (1, 2, 2)
    assert sorted(map(sorted, un.berth_cells(0))) == [["A1", "B1"], ["D1", "E1"]]


def test_the_berth_count_reported_equals_the_seal_modules_count():
    sp = berths.space()
    assert sp.named_berths == len(seal.all_berths()) == seal.NAMED_BERTHS == 16_368_544
    assert len(sp) == seal.UNLABELLED_BERTHS
    for size in (5, 6):
        assert berths.space(Sea(size, size)).named_berths == len(seal.BerthSpace(size))


def test_every_cell_set_is_legal_and_appears_once():
    sp = berths.space(MIDDLE)
    assert len(np.unique(sp.hull)) == len(sp)
    assert np.all(np.bitwise_count(sp.hull) == 10)
    named = berths.space(MIDDLE, named=True)
    assert len(named) == sp.named_berths == len(sp) * math.factorial(2) ** 2
    _, per = np.unique(named.hull, return_counts=True)
    assert set(per.tolist()) == {4}


def test_no_two_hulls_touch_in_any_berth():
    sp = berths.space(SMALL)
    for i in range(0, len(sp), 97):
        for a, b in combinations([int(m) for m in sp.ships[i]], 2):
            cells_a = [j for j in range(25) if a >> j & 1]
            assert not SMALL.halo(cells_a) & b


# -- the strategies play the card's rules ---------------------------------------------------------


def _replay_through_the_rules(cells: list[str], hulls: dict[str, tuple[str, ...]]) -> Duel:
    """Fire the cells through cardgm's own RESOLUTION: no repeat, and the last one clears."""
    berth = berth_of(hulls)
    duel = Duel()
    for n, cell in enumerate(cells, 1):
        duel, events = rules.apply(duel, Salvo(cell), berth)
        assert isinstance(events[0], Fired), f"{cell} fired twice"
        assert duel.cleared == (n == len(cells)), "the sea must clear on the last shot and not before"
    assert isinstance(events[-1], FleetCleared)
    return duel


def test_the_density_hunter_never_fires_twice_and_clears_the_card_berth():
    cells = strategies.play("density", berth_of(CARD_HULLS))
    duel = _replay_through_the_rules(cells, CARD_HULLS)
    ev_shots = tree.run_tree(berths.space(), tree.density_choice, only=np.array([berths.space().find(berth_of(CARD_HULLS))]))
    assert duel.shots == len(cells) == int(ev_shots[0].max())


@pytest.mark.parametrize("strategy", ["random", "hunt-target", "parity"])
def test_each_batch_strategy_never_fires_twice_and_clears_the_card_berth(strategy):
    sp = berths.space()
    cells = strategies.play(strategy, berth_of(CARD_HULLS), sp)
    _replay_through_the_rules(cells, CARD_HULLS)
    i = sp.find(berth_of(CARD_HULLS))
    assert len(cells) == int(batch.play_batch(sp, np.array([i]), strategy)[0])


@pytest.mark.parametrize("strategy", ALL)
def test_on_every_berth_of_a_small_sea_each_strategy_never_repeats_and_clears(strategy):
    sp = berths.space(SMALL)
    ev = strategies.evaluate(strategy, sp)
    for i in range(0, len(sp), 61):
        cells = strategies.play(strategy, i, sp)
        assert len(set(cells)) == len(cells), "a cell fired twice"
        hull = {c for ship in sp.berth_cells(i) for c in ship}
        assert hull <= set(cells), "the sea is not clear"
        assert cells[-1] in hull, "it fired on after the last hull sank"
        assert len(cells) == ev.shots[i], "one game played alone takes the shots the evaluation counts"


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 44_995))
def test_density_on_any_berth_of_a_six_sea_never_repeats_and_clears(i):
    sp = berths.space(MIDDLE)
    cells = strategies.play("density", i, sp)
    hull = {c for ship in sp.berth_cells(i) for c in ship}
    assert len(set(cells)) == len(cells) and hull <= set(cells) and cells[-1] in hull


def test_the_density_hunter_fires_where_most_berths_put_a_hull():
    sp = berths.space(SMALL)
    first = strategies.play("density", 0, sp)[0]
    counts = np.bincount(sp.cells.astype(np.int64).ravel(), minlength=25)
    assert SMALL.index(first) == int(np.flatnonzero(counts == counts.max())[0])  # ties: lowest cell


# -- names, shortcuts, samples ---------------------------------------------------------------------


@pytest.mark.parametrize("strategy", TREE_STRATEGIES)
def test_names_change_no_shot(strategy):
    """Played over named berths (SUNK names the ship) or over cell sets (SUNK gives the length),
    every strategy takes the same shots: each cell set's namings all take its count."""
    un, named = berths.space(SMALL), berths.space(SMALL, named=True)
    a, b = strategies.evaluate(strategy, un), strategies.evaluate(strategy, named)
    assert a.shot_counts() == b.shot_counts()
    for i in range(0, len(named), 173):
        cells = named.berth_cells(i)
        j = int(np.nonzero(un.hull == named.hull[i])[0][0])
        assert b.shots[i] == a.shots[j], cells


def test_the_one_berth_shortcut_is_exact():
    """A node of one berth is finished without search; playing it out gives the same count."""
    sp = berths.space(SMALL)
    ev = strategies.evaluate("density", sp)
    some = range(0, len(sp), 5)
    assert [len(strategies.play("density", i, sp)) for i in some] == ev.shots[list(some)].tolist()


def test_a_followed_sample_takes_the_shots_of_the_whole_tree():
    sp = berths.space(MIDDLE)
    whole = strategies.evaluate("density", sp)
    part = strategies.evaluate("density", sp, sample=300, seed=3)
    assert part.sampled and len(part.entries) == 300
    assert np.array_equal(part.shots, whole.shots[part.entries])


@pytest.mark.parametrize("strategy", TREE_STRATEGIES)
def test_cutting_the_work_into_parts_changes_no_shot(strategy, monkeypatch):
    """The tree is searched depth first in parts of whole nodes, and berths are counted a stride
    at a time: parts and strides of any size give the same shots as one for the whole sea."""
    sp = berths.space(MIDDLE)
    choose = strategies.STRATEGIES[strategy].tree
    whole = tree.run_tree(sp, choose, limit=len(sp))[0]
    for limit in (97, 2_000):
        assert np.array_equal(tree.run_tree(sp, choose, limit=limit)[0], whole)
    monkeypatch.setattr(tree, "STRIDE", 777)
    assert np.array_equal(tree.run_tree(sp, choose, limit=len(sp))[0], whole)


@pytest.mark.parametrize("strategy", ["hunt-target", "parity"])
@pytest.mark.parametrize("seed", [0, 7])
def test_the_batch_player_takes_the_shots_of_one_game_played_shot_by_shot(strategy, seed):
    """The batch player plays a ship at a time (the hunt between is a prefix of the order);
    `_play_batch_cells` plays one game a shot at a time. On every berth of a small sea they agree."""
    sp = berths.space(SMALL)
    shots = batch.play_batch(sp, np.arange(len(sp)), strategy, seed)
    assert shots.tolist() == [len(batch._play_batch_cells(sp, i, strategy, seed)) for i in range(len(sp))]


def test_lookahead_of_width_one_is_the_density_hunter():
    sp = berths.space(SMALL)
    a = tree.run_tree(sp, tree.density_choice)[0]
    b = tree.run_tree(sp, tree.lookahead_choice(1))[0]
    assert np.array_equal(a, b)


def test_random_play_takes_the_rank_of_its_last_hull_cell():
    sp = berths.space(SMALL)
    ev = strategies.evaluate("random", sp, seed=5)
    assert ev.min() >= SMALL.hull_cells and ev.max() <= SMALL.cells
    # the mean of the largest of 7 ranks out of 25 is 7 * 26 / 8; 1,956 games come near it
    assert abs(ev.mean() - 7 * 26 / 8) < 0.25


def test_the_cards_score_is_the_cards_formula():
    assert strategies.card_score(10) == 100 and strategies.card_score(37) == 73 and strategies.card_score(64) == 46
    assert strategies.card_score(np.array([10, 11, 200])).tolist() == [100, 99, 0]


# -- the coach's heat map ------------------------------------------------------------------------


def test_the_heat_map_of_an_empty_three_sea_counted_by_hand():
    """A1: the Sloop on A1-B1 or A1-A2 (3 Gig cells each) or the Gig on A1 with the Sloop on
    row 3 or column C (4): 10 of 24, 42%. B2: nothing can lie there."""
    text = hunt_odds.heatmap("." * 9, [], berths.space(GIG))
    lines = text.splitlines()
    assert lines[0] == "      A   B   C"
    assert lines[1:4] == ["  1  42  33  42", "  2  33   -  33", "  3  42  33  42"]
    assert "24 berths" in text and "A1 (42%)" in text


def test_the_heat_map_shares_add_up_to_the_hull_cells_still_hidden():
    grid = ["."] * 64
    for cell, mark in (("B2", "x"), ("C2", "x"), ("D4", "o"), ("E5", "o"), ("F3", "x")):
        grid[berths.card_sea().index(cell)] = mark
    odds, named = hunt_odds.hit_odds("".join(grid), ["Cutter"])
    assert odds.sum() == pytest.approx(10 - 3)
    assert odds[berths.card_sea().index("D4")] == 0 and odds[berths.card_sea().index("A1")] == 0  # beside the Cutter
    assert named > 0


def test_the_heat_map_marks_fired_cells_and_names_the_likeliest_open_cell():
    grid = "x" + "." * 63
    text = hunt_odds.heatmap(grid, [], berths.space(Sea(8, 8)))
    row1 = text.splitlines()[1].split()
    assert row1[0] == "1" and row1[1] == "x"
    assert "the likeliest open cell is" in text


def test_the_heat_map_refuses_a_grid_no_berth_fits():
    with pytest.raises(ValueError, match="no legal berth fits"):
        hunt_odds.heatmap("x" * 11 + "." * 53, [])
    with pytest.raises(ValueError, match="no ship called"):
        hunt_odds.heatmap("." * 64, ["Dinghy"])


def test_the_heat_map_counts_a_sunk_pair_both_ways_round():
    """With both 2s struck and sunk, either name fits either hull: each cell set counts twice."""
    sea = berths.card_sea()
    grid = ["o"] * 64
    for c in ("B2", "C2", "H6", "H7"):
        grid[sea.index(c)] = "x"
    for c in ("F2", "F3", "F4", "B5", "C5", "D5"):
        grid[sea.index(c)] = "."
    odds, named = hunt_odds.hit_odds("".join(grid), ["Cutter", "Frigate"])
    assert named == 2 * 2  # the 3s: Sloop/Brigantine either way round; the 2s either way round
    assert odds.sum() == pytest.approx(6)


def test_the_coach_answers_from_the_grid_and_the_sunk_list_alone():
    """`odds.coach()` is what `play --coach` asks: a factory of a hint that reads a duel's shot
    grid and sunk list and nothing else (a Duel holds no berth): any object with those two
    fields gets the same answer."""
    from types import SimpleNamespace

    grid = ["."] * 64
    for cell, mark in (("B2", "x"), ("C2", "x"), ("D4", "o")):
        grid[berths.card_sea().index(cell)] = mark
    duel = Duel.of("".join(grid), turn=4, sunk=("Cutter",))
    hint = hunt_odds.coach()
    text = hint(duel)
    assert text.endswith(hunt_odds.heatmap(duel.grid, ["Cutter"]) + "\n" + hunt_odds.advice(duel.grid, ["Cutter"]))
    assert text.startswith("Hit odds for every open cell") and "The hunter" in text.splitlines()[-1]
    assert hint(SimpleNamespace(grid=duel.grid, sunk=("Cutter",))) == text


# -- the analysis and its plots -------------------------------------------------------------------


def test_the_analysis_reports_each_strategy_and_the_card_berth():
    sp = berths.space(SMALL)
    a = analysis.analyze(["random", "density"], sp, samples={"random": 500})
    text = analysis.report(a)
    assert "3,912 named" in text and "(uniform sample)" in text
    assert [e.strategy for e in a.evals] == ["random", "density"]
    assert a.evals[0].berths == 500 * 2 and a.evals[1].berths == 3912


def test_each_row_is_given_the_moment_its_strategy_finishes(monkeypatch):
    """The analysis streams: `row` is called once a strategy is done, before the next starts,
    with the shots against the followed berth ready for the table's card column."""
    sp = berths.space(SMALL)
    seen: list[str] = []
    evaluate = strategies.evaluate

    def spy(name, *args, **kwargs):
        seen.append(f"start {name}")
        return evaluate(name, *args, **kwargs)

    monkeypatch.setattr(analysis, "evaluate", spy)
    a = analysis.analyze(["density", "parity"], sp, 11, row=lambda e: seen.append(f"row {e.strategy} {len(e.followed)}"))
    assert seen == ["start density", f"row density {a.card_shots['density']}",
                    "start parity", f"row parity {a.card_shots['parity']}"]
    for s in ("density", "parity"):
        assert a.card_cells[s] == tuple(strategies.play(s, 11, sp))


def test_the_command_gives_the_density_row_first(tmp_path):
    from click.testing import CliRunner

    from cardgm.cli import main

    res = CliRunner().invoke(main, ["analyze", "deadreckoning", "--strategy", "random", "--strategy", "density",
                                    "--sample", "50", "--no-plot", "--quiet"])
    assert res.exit_code == 0, res.output
    table = res.output[res.output.index("strategy          berths"):].splitlines()
    assert table[1].startswith("density") and table[2].startswith("random")


def test_plots_are_written_and_not_empty(tmp_path):
    pytest.importorskip("matplotlib")
    from cardgm.games.deadreckoning.hunt import plot

    sp = berths.space(SMALL)
    evals = [strategies.evaluate(s, sp) for s in ("random", "density")]
    paths = plot.shots_plot(evals, tmp_path / "out", {"density": 12}, par=SMALL.par)
    assert [p.suffix for p in paths] == [".png", ".svg"]
    png, svg = (p.read_bytes() for p in paths)
    assert png.startswith(b"\x89PNG") and len(png) > 10_000
    assert b"<svg" in svg and b"density" in svg


def test_cardgm_analyze_deadreckoning_reports_the_count_and_the_card_berth(tmp_path):
    from click.testing import CliRunner

    from cardgm.cli import main

    res = CliRunner().invoke(main, ["analyze", "deadreckoning", "--strategy", "random", "--strategy", "parity",
                                    "--sample", "300", "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    assert "16,368,544 named berths (equal to the seal's count, 16,368,544)" in res.output
    assert "(uniform sample)" in res.output
    card_line = next(line for line in res.output.splitlines() if line.strip().startswith("parity") and "shots:" in line)
    shots = card_line.split("shots:")[1].split()
    assert len(shots) == len(set(shots)) == int(card_line.split()[1])
    assert {p.suffix for p in tmp_path.iterdir()} == ({".png", ".svg"} if _has_matplotlib() else set())


def test_plots_that_cannot_be_written_are_one_line_after_the_table(tmp_path):
    pytest.importorskip("matplotlib")
    from click.testing import CliRunner

    from cardgm.cli import main

    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    res = CliRunner().invoke(main, ["analyze", "deadreckoning", "--strategy", "random", "--sample", "50", "--out", str(blocked / "out")])
    assert res.exit_code == 2
    assert "random" in res.output and f"plots not written: {blocked / 'out'}:" in res.output
    assert "Traceback" not in res.output


def _has_matplotlib() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


# -- the rollout hunter --------------------------------------------------------------------------


def test_the_rollout_hunter_beats_density_on_every_sea_small_enough_to_test():
    # One step of rollout keeps density's shot unless another does better from there on, so
    # over every berth it is never worse; on these seas it is strictly better.
    for sea in (SMALL, MIDDLE):
        sp = berths.space(sea)
        dens, roll = strategies.evaluate("density", sp), strategies.evaluate("rollout", sp)
        assert roll.mean() < dens.mean(), sea
        assert roll.max() <= dens.max() + 1


def test_a_rollout_limited_to_small_nodes_lies_between_density_and_the_full_rollout():
    sp = berths.space(SMALL)
    dens = tree.run_tree(sp, tree.density_choice)[0].mean()
    some = tree.run_tree(sp, tree.rollout_choice(3, limit=200))[0].mean()
    full = tree.run_tree(sp, tree.rollout_choice(3, limit=None))[0].mean()
    assert full <= some <= dens and full < dens


def test_the_coachs_rollout_shot_is_the_rollout_hunters_before_any_ship_sinks():
    # The coach reads the grid alone; before the first SUNK the grid says all the tree knows.
    sp = berths.space(SMALL)
    for entry in range(0, len(sp), 97):
        hull = {c for ship in sp.berth_cells(entry) for c in ship}
        grid = ["."] * sp.sea.cells
        for cell in strategies.play("rollout", entry, sp):
            shot = hunt_odds.rollout_shot("".join(grid), [], sp)
            assert shot is not None and sp.sea.name(shot[0]) == cell
            grid[sp.sea.index(cell)] = "x" if cell in hull else "o"
            if any(all(grid[sp.sea.index(c)] == "x" for c in ship) for ship in sp.berth_cells(entry)):
                break


def test_the_coach_names_the_rollout_hunters_shot_once_few_berths_fit():
    grid = ["."] * 64
    for cell, mark in (("B2", "x"), ("C2", "x"), ("A2", "o"), ("D2", "o"), ("F3", "x"), ("F4", "x"), ("E3", "o"), ("G3", "o"),
                       ("D5", "o"), ("C6", "o"), ("E7", "o"), ("B8", "o"), ("G6", "o"), ("A5", "o")):
        grid[berths.card_sea().index(cell)] = mark
    line = hunt_odds.advice("".join(grid), ["Cutter"])
    assert line.startswith("The hunter") and "fires at" in line
    assert hunt_odds.advice("." * 64, []) == ""  # every berth fits: no play-out in a hint

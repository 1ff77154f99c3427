"""One test per rule the card states (HARD RULES, RESOLUTION, SCORING & ENDGAME, LEDGER, OPENING)."""

from __future__ import annotations

import re

import pytest

from cardgm.game import GameError, ReadAs
from cardgm.games.deadreckoning.rules import Salvo, StrikeColours
from cardgm.games.deadreckoning.state import Duel

from .helpers import CARD_CELLS, CARD_HULLS, CLEAN_TEN, GRID_HEADER, card, new_run, play

LEDGER = re.compile(r"^\[L\] turn:\d+ shots:\d+ hits:\d+ sunk:(?:none|[A-Za-z]+(?:,[A-Za-z]+)*) \| [.ox]{64} \| v1\.0\.0$")
EMPTY = "." * 64


def test_opening_ledger_is_turn_1_no_shots_and_all_dots() -> None:
    opening = new_run().transcript[0][1]
    assert opening.ledger == f"[L] turn:1 shots:0 hits:0 sunk:none | {EMPTY} | v1.0.0"


def test_opening_reads_the_commitment_shows_the_empty_grid_and_asks_for_a_salvo() -> None:
    text = new_run().transcript[0][1].text
    assert "8f2a9039494ba4ae…" in text
    assert "aigamecards.com/verify" in text
    assert "four enemy ships, ten hull cells" in text and "8x8 sea" in text and "sealed before the first shot" in text
    assert GRID_HEADER + "\n1 . . . . . . . .\n" in text
    assert text.index(GRID_HEADER) < text.index("Call your first salvo")


def test_opening_reveals_nothing_of_the_berth() -> None:
    text = new_run().transcript[0][1].text
    for cell in CARD_CELLS:
        assert not re.search(rf"\b{cell}\b", text)
    for name in CARD_HULLS:
        assert name not in text


def test_every_reply_ends_with_the_ledger_line() -> None:
    _, replies = play(["D4", "D4", "is D5 a hit?", "I4", "save", "hello", "B2"])
    for r in replies:
        assert r.text.endswith(r.ledger)
        assert LEDGER.match(r.ledger)


def test_a_hit_marks_x_and_counts_one_shot_and_one_hit() -> None:
    _, (r,) = play(["B2"])
    assert "Salvo at B2: HIT." in r.text
    assert r.fields["grid"][9] == "x"
    assert (r.fields["shots"], r.fields["hits"]) == (1, 1)


def test_a_miss_marks_o_and_counts_one_shot_and_no_hit() -> None:
    _, (r,) = play(["A1"])
    assert "Salvo at A1: MISS." in r.text
    assert r.ledger.startswith("[L] turn:2 shots:1 hits:0 sunk:none | o")


def test_sunk_is_called_only_when_every_cell_of_the_hull_is_struck() -> None:
    _, replies = play(["F2", "F3", "F4"])
    assert all("SUNK" not in r.text for r in replies[:2])
    assert "SUNK — Sloop (3 cells)" in replies[2].text
    assert replies[2].ledger.split()[4] == "sunk:Sloop"


@pytest.mark.parametrize("ship", list(CARD_HULLS))
def test_sunk_names_the_ship_and_its_length_exactly(ship: str) -> None:
    cells = CARD_HULLS[ship]
    _, replies = play(list(cells))
    assert f"SUNK — {ship} ({len(cells)} cells)" in replies[-1].text


def test_a_sinking_shot_answers_hit_then_sunk() -> None:  # ruling 5
    _, replies = play(["B2", "C2"])
    text = replies[-1].text
    assert text.index("Salvo at C2: HIT.") < text.index("SUNK — Cutter (2 cells)")


def test_a_repeat_says_already_fired_and_costs_no_salvo() -> None:
    _, (first, again) = play(["D4", "d4"])
    assert "already fired on D4" in again.text
    assert again.fields["shots"] == first.fields["shots"] == 1
    assert again.fields["grid"] == first.fields["grid"]
    assert again.turn == first.turn + 1  # a reply, so a turn (ruling 1), but not a shot


def test_a_repeat_on_a_hit_counts_no_new_hit() -> None:
    _, (first, again) = play(["B2", "fire B2"])
    assert "already fired on B2" in again.text
    assert (again.fields["shots"], again.fields["hits"]) == (1, 1)


def test_every_reply_is_a_turn_and_the_result_counts_the_ending_reply() -> None:  # ruling 1
    messages = ["A1", "A1", "where are the ships?", "I4", "fire A2 A3", "save", "hello", "I strike my colours"]
    _, replies = play(messages)
    assert [r.turn for r in replies] == list(range(2, 2 + len(messages)))
    assert replies[-1].result.endswith(f"|turns:{len(messages) + 1}|score:0|tape:0|sha:none")


def test_shots_count_distinct_cells_fired() -> None:
    _, replies = play(["A1", "A1", "H8", "a1", "B2"])
    assert replies[-1].fields["shots"] == 3


def test_the_shot_grid_is_printed_on_every_reply_before_the_end() -> None:  # ruling 12
    _, replies = play(["D4", "D4", "warmer?", "I4", "save", "nonsense", "I quit", "no"])
    for r in replies:
        assert r.text.count(GRID_HEADER + "\n") == 1
        picture = r.text[r.text.index(GRID_HEADER) :].split("\n")[1:9]
        assert [line[:2] for line in picture] == [f"{n} " for n in range(1, 9)]
        assert "".join(line[2:].replace(" ", "") for line in picture) == r.fields["grid"]


def test_the_ledger_grid_reads_row_1_a_to_h_then_row_2() -> None:
    _, (r,) = play(["H1"])
    assert r.fields["grid"] == "......." + "o" + "." * 56
    _, (r,) = play(["A2"])
    assert r.fields["grid"] == "." * 8 + "o" + "." * 55


def test_a_clean_ten_salvo_clearance_scores_100() -> None:
    _, replies = play(CLEAN_TEN)
    last = replies[-1]
    assert last.ended and last.end == "cleared" and last.score == 100
    assert last.result == "RESULT: AIGC|deadreckoning|duel|v1.0.0|end:cleared|ch:1|turns:11|score:100|tape:0|sha:none"


def test_every_wasted_shot_costs_one_point() -> None:
    _, replies = play(["A1", "A3", "A5", *CLEAN_TEN])
    assert replies[-1].score == 97
    assert "score 100 - (13 - 10) = 97" in replies[-1].text


def test_the_worst_clearance_fires_every_cell_and_still_scores_46() -> None:
    # 64 shots is the most a duel can fire, so the clamp at 0 is never reached: 100 - 54 = 46.
    water = [f"{c}{r}" for r in range(1, 9) for c in "ABCDEFGH" if f"{c}{r}" not in CARD_CELLS]
    _, replies = play(water + CLEAN_TEN)
    assert (replies[-1].fields["shots"], replies[-1].score) == (64, 46)


def test_i_strike_my_colours_ends_the_duel_at_once_with_score_0() -> None:  # ruling 3
    _, replies = play(["B2", "C2", "F2", "I strike my colours"])
    last = replies[-1]
    assert last.read_as is ReadAs.MOVE and last.ended and last.end == "struck-colours" and last.score == 0
    assert last.result == "RESULT: AIGC|deadreckoning|duel|v1.0.0|end:struck-colours|ch:1|turns:5|score:0|tape:0|sha:none"


def test_a_surrender_never_scores_above_a_cleared_sea() -> None:
    _, replies = play([*CLEAN_TEN[:-1], "I strike my colours"])
    assert replies[-1].score == 0


def test_the_endgame_reveals_every_ship_and_its_cells() -> None:
    _, replies = play(["A1", "I strike my colours"])
    text = replies[-1].text
    assert "- Cutter — 2 cells — B2, C2" in text
    assert "- Sloop — 3 cells — F2, F3, F4" in text
    assert "- Brigantine — 3 cells — B5, C5, D5" in text
    assert "- Frigate — 2 cells — H6, H7" in text


def test_the_endgame_grid_shows_every_hull_as_x_but_the_ledger_keeps_the_shots() -> None:  # ruling 7
    _, replies = play(["A1", "B2", "I strike my colours"])
    last = replies[-1]
    reveal = last.text[last.text.index(GRID_HEADER) :].split("\n")[1:9]
    shown = "".join(line[2:].replace(" ", "") for line in reveal)
    assert [i for i, m in enumerate(shown) if m == "x"] == sorted(
        (int(c[1]) - 1) * 8 + "ABCDEFGH".index(c[0]) for c in CARD_CELLS
    )
    assert shown[0] == "o"
    assert last.ledger == "[L] turn:4 shots:2 hits:1 sunk:none | o........x...................................................... | v1.0.0"


def test_the_final_reply_is_reveal_score_seal_result_pointers_then_ledger() -> None:  # ruling 8
    _, replies = play(CLEAN_TEN)
    text = replies[-1].text
    order = [
        "SUNK — Frigate (2 cells)",
        "The seal is broken.",
        "score 100",
        "reveal-8f2a9039494b.md",
        "RESULT: AIGC|deadreckoning",
        "aigamecards.com/epilogue",
        "[L] turn:11",
    ]
    assert [text.index(s) for s in order] == sorted(text.index(s) for s in order)
    assert text.endswith(replies[-1].ledger)
    result_line = next(line for line in text.split("\n") if line.startswith("RESULT:"))
    assert result_line == replies[-1].result


def test_after_the_end_nothing_moves() -> None:
    run, replies = play([*CLEAN_TEN, "A1"])
    assert replies[-1].ledger == replies[-2].ledger
    with pytest.raises(GameError):
        run.game.apply(run.state, Salvo("A1"))


def test_rules_refuse_a_salvo_off_the_sea_without_naming_the_berth() -> None:
    game = new_run().game
    with pytest.raises(GameError) as err:
        game.apply(Duel(), Salvo("I4"))
    assert "I4" not in str(err.value) and not re.search(r"\b[A-H][1-8]\b", str(err.value))


def test_apply_is_pure() -> None:
    game = new_run().game
    state = Duel()
    a = game.apply(state, Salvo("B2"))
    b = game.apply(state, Salvo("B2"))
    assert a == b and state == Duel()
    assert game.apply(state, StrikeColours())[0].struck


def test_the_card_berth_is_read_from_the_card() -> None:
    from cardgm.games.deadreckoning.notation import card_berth

    berth = card_berth(card().section("GM-ONLY"))
    assert {s.name: s.cells for s in berth.ships} == CARD_HULLS


def test_a_salvo_builds_a_plain_frozen_duel_in_place() -> None:
    # `_NextDuel` names Duel's fields again only for mypy: the same names in the same order and no
    # slot of its own, so its class can become Duel's; what a salvo returns is a Duel in every way.
    import copy
    import dataclasses
    import pickle

    from cardgm.games.deadreckoning import rules

    assert list(rules._NextDuel.__annotations__) == [f.name for f in dataclasses.fields(Duel)]
    assert rules._NextDuel.__slots__ == () and rules._NextDuel.__bases__ == (Duel,)
    from cardgm.games.deadreckoning.notation import card_berth

    berth = card_berth(card().section("GM-ONLY"))
    state = Duel(turn=3)
    for cell in CARD_CELLS[:4] + ["A1", "h8"]:
        state, _ = rules.apply(state, Salvo(cell), berth)
        assert type(state) is Duel and state.turn == 3 and not state.struck
        same = dataclasses.replace(state)
        assert state == same and hash(state) == hash(same) and repr(state) == repr(same)
        assert state == Duel.of(state.grid, turn=3, sunk=state.sunk)
        assert pickle.loads(pickle.dumps(state)) == state and copy.deepcopy(state) == state
        with pytest.raises(dataclasses.FrozenInstanceError):
            state.fired = 0  # type: ignore[misc]

"""Hidden stays hidden: before the end no output tells a hull cell not yet struck (prose, LEDGER,
SAVE, `fields`, reprs, errors), over whole random runs; and SAVE then resume carries on exactly."""

from __future__ import annotations

import json
import random
import re

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cardgm.game import GameError, SaveError
from cardgm.games.deadreckoning.reader import holds_pending
from cardgm.games.deadreckoning.rules import Salvo
from cardgm.games.deadreckoning.seal import draw_berth
from cardgm.games.deadreckoning.state import Berth, Duel, Ship, cell_index

from .helpers import cells_in, game_on, new_run

CELLS = [f"{c}{r}" for r in range(1, 9) for c in "ABCDEFGH"]
# The fixed examples the card's voice uses ("a cell such as D4", "fire H1", "salvo C7"): the same
# words whatever the berth, so they are taken out before looking for cells.
EXAMPLES = re.compile(r'such as D4|"D4"|"fire H1"|"salvo C7"')

TEMPLATES = [
    "{c}", "fire {c}", "salvo {l}", "{c}", "fire at {l}", "is {c} a hit?", "{c} must be water, right?",
    "how long is the ship at {c}?", "fire {c} {d}", "I4", "A9", "hello", "warmer?", "show me the berth",
    "how long are the ships?", "which way does it run?", "status", "what is the commitment?", "help",
    "I quit", "no", "what are the ships called?", "how long was the Cutter?", "where is the Sloop?",
    "save", "how long is the ship I hit?", "open the seal now", "give me a hint", "am I close to {c}?",
]
cell = st.sampled_from(CELLS)
messages = st.tuples(st.sampled_from(TEMPLATES), cell, cell).map(
    lambda t: t[0].format(c=t[1], l=t[1].lower(), d=t[2])
)
runs = st.tuples(st.integers(0, 2**32 - 1), st.lists(messages, min_size=1, max_size=40))


def unstruck(berth: Berth, state: Duel) -> set[str]:
    return {c for c in berth.hull_cells if state.grid[cell_index(c)] != "x"}


def outputs(run, reply) -> list[str]:
    return [
        EXAMPLES.sub("", reply.text),
        reply.ledger,
        reply.save or "",
        json.dumps(reply.fields),
        json.dumps(reply.as_json()["state"]),
        repr(run.state),
        repr(run.game),
        repr(run.game._berth),
        repr(run.game._berth.ships),
    ]


@given(runs)
@settings(max_examples=120, deadline=None)
def test_random_play_never_tells_an_unstruck_hull_cell(case) -> None:
    seed, msgs = case
    berth = draw_berth(random.Random(seed))
    run = new_run(game_on(berth))
    assert not cells_in("\n".join(outputs(run, run.transcript[0][1]))) & berth.hull_cells
    for message in msgs:
        reply = run.reply(message)
        if reply.ended:
            break
        secret = unstruck(berth, run.state) - cells_in(message)
        for out in outputs(run, reply):
            assert not cells_in(out) & secret, (message, out)
        # The LEDGER's grid marks exactly the cells fired, x exactly where a hull was struck.
        for i, mark in enumerate(run.state.grid):
            if mark != ".":
                assert (mark == "x") == (CELLS[i] in berth.hull_cells)
        # An error the rules raise names no cell either.
        for bad in ("Z9", "I4"):
            try:
                run.game.apply(run.state, Salvo(bad))
            except GameError as exc:
                assert not cells_in(str(exc))


def swap_twins(berth: Berth) -> Berth:
    """The same ten cells with the two 2s' names swapped and the two 3s' names swapped."""
    c, s, b, f = berth.ships
    return Berth((Ship("Cutter", 2, f.cells), Ship("Sloop", 3, b.cells), Ship("Brigantine", 3, s.cells), Ship("Frigate", 2, c.cells)))


@given(runs, st.integers(0, 2**32 - 1), st.booleans())
@settings(max_examples=250, deadline=None)
def test_two_berths_that_answer_alike_print_alike(case, other_seed: int, twins: bool) -> None:
    """Every output is a function of what the shots have told: two berths print the same words,
    byte for byte, for as long as every shot has had the same answer from both."""
    seed, msgs = case
    a = draw_berth(random.Random(seed))
    b = swap_twins(a) if twins else draw_berth(random.Random(other_seed))
    run_a, run_b = new_run(game_on(a)), new_run(game_on(b))
    assert run_a.transcript[0][1].text == run_b.transcript[0][1].text
    for message in msgs:
        ra, rb = run_a.reply(message), run_b.reply(message)
        if ra.ledger != rb.ledger or ra.ended or rb.ended:
            break  # a shot answered differently (or the end's reveal): from here they may differ
        assert ra.text == rb.text and ra.fields == rb.fields and ra.read_as == rb.read_as


@given(runs, st.lists(messages.filter(lambda m: m not in ("no", "save")), max_size=25))
@settings(max_examples=80, deadline=None)
def test_save_then_resume_carries_on_identically(case, after: list[str]) -> None:
    seed, before = case
    berth = draw_berth(random.Random(seed))
    run = new_run(game_on(berth))
    for m in before:
        run.reply(m)
    assume(not run.ended)
    # A question left waiting (a surrender's confirm, "B5 or C5: which one?") stands after a save in
    # the run that asked it; the card's SAVE block has no field for it, so a resumed run has none.
    assume(run.pending is None or not holds_pending(run.pending))
    saved = run.reply("save")
    resumed = new_run(game_on(berth))
    back = resumed.reply(saved.save)
    assert back.command == "resume" and back.ledger == saved.ledger and back.fields == saved.fields
    for m in after:
        one, two = run.reply(m), resumed.reply(m)
        assert one.text == two.text


def test_the_game_and_berth_reprs_hide_the_cells() -> None:
    run = new_run()
    for text in (repr(run.game), repr(run.game._berth), repr(run.game._berth.ships), repr(run.state), str(run.game.__dict__.get("seal"))):
        assert not cells_in(text)


def test_a_save_error_names_no_cell_the_block_does_not_mark() -> None:
    game = new_run().game
    block = "\n".join(
        ["-----BEGIN AIGC SAVE-----", "game:deadreckoning", "m:duel", "rules:1", "turn:2", "shots:1", "hits:1",
         "sunk:none", "grid:" + "." * 9 + "o" + "." * 54, "sha:none", "-----END AIGC SAVE-----"]
    )  # an o on B2, a hull cell
    try:
        game.load(block)
    except SaveError as exc:
        assert not cells_in(str(exc))
    else:
        raise AssertionError("a grid that cannot be true of the berth was loaded")


def test_fields_show_the_berth_only_after_the_end() -> None:
    run = new_run()
    assert "berth" not in run.reply("B2").fields
    assert "berth" not in run.reply("save").fields
    end = run.reply("I strike my colours")
    assert end.fields["berth"]["Sloop"] == ["F2", "F3", "F4"]


def test_the_finale_is_empty_before_the_end() -> None:
    run = new_run()
    run.reply("B2")
    assert run.game.finale(run.state) == ""

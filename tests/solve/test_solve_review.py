"""The run review: the player's score against the best, and the first move that lost it."""

from __future__ import annotations

import json
from functools import lru_cache

from click.testing import CliRunner

from cardgm.card import load_card
from cardgm.cli import main
from cardgm.games.becalmed import solve as B
from cardgm.solve.review import review, text

CARD = load_card("becalmed")


@lru_cache(maxsize=1)
def _best() -> tuple[str, ...]:
    sol = B.solve(CARD.tape)
    return tuple(m for _, ms, _ in B.days(CARD.tape, sol.line) for m in ms)


def best_messages() -> list[str]:
    return list(_best())


def test_a_run_on_the_best_line_never_slips() -> None:
    r = review(CARD, best_messages())
    assert (r.score, r.end, r.best, r.slip) == (100, "landfall", 100, None)
    assert "every move kept the best within reach" in text(r)


def test_the_first_slip_is_the_move_that_put_the_best_out_of_reach() -> None:
    # Two days on the best line, then "let her drive": the voyage ends at 0 on day 3.
    messages = best_messages()[:2] + ["what is the water?", "let her drive"]
    r = review(CARD, messages)
    assert (r.score, r.end, r.best) == (0, "given-over", 100)
    assert r.slip is not None
    assert (r.slip.day, r.slip.message, r.slip.best_before, r.slip.best_after) == (3, "let her drive", 100, 0)
    assert r.slip.instead == best_messages()[2]  # a call that keeps 100 within reach
    assert 'first slip   day 3' in text(r)


def test_cardgm_review_reads_a_play_log(tmp_path) -> None:
    log = tmp_path / "run.jsonl"
    header = {"cardgm_log": 1, "game": "becalmed", "version": "1.0.0", "card": "becalmed", "options": {}}
    replies = [{"message": None, "text": ""}] + [{"message": m, "text": ""} for m in best_messages()[:1] + ["let her drive"]]
    log.write_text("\n".join(json.dumps(o) for o in [header, *replies]) + "\n", encoding="utf-8")
    out = CliRunner().invoke(main, ["review", str(log)])
    assert out.exit_code == 0, out.output
    assert "your score   0 (end:given-over)" in out.output
    assert "best line    100" in out.output
    assert 'day 2 (turn 3): "let her drive"' in out.output

"""Questions players ask at the table, each with the facts its answer must hold (issue 22).

`tests/corpus/questions/<game>.tsv`: state (a fixture of `support.py`), the question, the facts
(' | ' between them: each must appear in the reply), and the card's words that decide them. A
question never moves the game and is read as an answer (or, where a question waits on the player,
as that question asked again). Each card's corpus must hold at least 60 questions in several
states and pass at 97% or better; the rows that fail are listed, so a regression names itself.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from cardgm.game import ReadAs

from .support import STATES, game

HERE = Path(__file__).parent / "questions"
GAMES = ("becalmed", "deadreckoning", "cattle-trail")
PASS_RATE = 0.97


@dataclass(frozen=True)
class Question:
    game: str
    line: int
    state: str
    message: str
    facts: tuple[str, ...]
    card: str


def questions(game_id: str) -> list[Question]:
    out = []
    for n, line in enumerate((HERE / f"{game_id}.tsv").read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.split("\t")
        assert len(cols) == 4, f"{game_id}.tsv:{n}: {len(cols)} columns, not 4"
        state, message, facts, card = cols
        out.append(Question(game_id, n, state, message, tuple(f.strip() for f in facts.split(" | ")), card))
    return out


def answered(q: Question) -> str | None:
    """None when the answer holds every fact and moves nothing; else what is wrong."""
    g = game(q.game)
    state = STATES[q.game]()[q.state]
    state = replace(state, turn=state.turn + 1)  # the Run counts the reply before it is read
    r = g.read(state, q.message, None)
    if r.runs:
        return f"moves the game ({r.kind.value}: {r.action})"
    if r.kind not in (ReadAs.ANSWER, ReadAs.ASK):
        return f"read as {r.kind.value}, not an answer"
    missing = [f for f in q.facts if f not in r.text]
    if missing:
        return f"lacks {missing}: {r.text[:300]!r}"
    return None


@pytest.mark.parametrize("game_id", GAMES)
def test_questions_are_answered_to_the_point_and_move_nothing(game_id: str) -> None:
    qs = questions(game_id)
    assert len(qs) >= 60, f"{game_id}: {len(qs)} questions, fewer than 60"
    assert len({q.state for q in qs}) >= 3, f"{game_id}: questions in fewer than three states"
    failed = [(q, why) for q in qs if (why := answered(q)) is not None]
    rate = 1 - len(failed) / len(qs)
    report = "\n".join(f"  {q.game}.tsv:{q.line} [{q.state}] {q.message!r}: {why}" for q, why in failed)
    assert rate >= PASS_RATE, f"{game_id}: {rate:.1%} answered to the point, under {PASS_RATE:.0%}:\n{report}"
    # Whatever the rate, no question may move the game.
    assert not [q for q, why in failed if why.startswith("moves")], report

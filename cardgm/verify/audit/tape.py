"""Reading rule: a tape breach explains only what its announced value explains; the AI's own tape."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from cardgm.card import CardError
from cardgm.game import Game
from cardgm.run import Run
from cardgm.verify.audit.adapter import Context
from cardgm.verify.audit.findings import Finding
from cardgm.verify.audit.lines import fields_equal
from cardgm.verify.audit.steps import step, take

if TYPE_CHECKING:
    from cardgm.verify.audit.auditor import Auditor


def caused_by(
    aud: Auditor, cause: Finding, diffs: list[tuple[str, str, str]], ctx: Context, message: str, ai: dict[str, str],
) -> tuple[list[tuple[str, str, str]], list[tuple[str, str, str, str, Context]]]:
    """Split a reply's differences between what its breach explains and what it does not.

    A tape breach (a value changed or read out of turn) explains only the fields that follow
    from the value the AI announced: the same message is played again on the tape with that
    value in its place, and a field the AI shows differently from that too (a water the AI
    changed as well) is a finding of its own, never listed under the tape. Other breaches
    (a move decided for the player, a SAVE followed) explain every difference."""
    expected = ctx.expected
    if cause.kind not in ("tape-changed", "tape-out-of-turn") or expected is None:
        return diffs, []
    position = cause.field.split()[1] if cause.field and cause.field.startswith("tape ") else ""
    if cause.kind == "tape-out-of-turn" and cause.rules and cause.rules.startswith("tape "):
        position = cause.rules.split()[1]  # a later position's value read in place of this one's
    if not (position.isdigit() and cause.ai and cause.ai.isdigit()):
        return diffs, []
    variant = tape_game_with(aud, {int(position): int(cause.ai)})
    trial = Run(variant, state=expected.before, pending=expected.pending, moved=True)
    st = take(trial, message, expected.action) if expected.action is not None else step(trial, message)
    aud.tape_trial = (trial.state, trial.pending)
    aud.tape_reply = st.reply
    adapter = aud.adapter
    shown = [adapter.fields(aud.game, st.after), *adapter.alternative_fields(aud.game, st)]
    best = min(shown, key=lambda f: sum(1 for k, v in ai.items() if f.get(k) != v))
    own_ctx = replace(ctx, expected=st, expected_fields=best, state=st.after)
    caused = [(k, a, r) for k, a, r in diffs if best.get(k) == a]
    apart = [(k, a, r, best.get(k, r), own_ctx) for k, a, r in diffs if best.get(k) != a]
    return caused, apart


def tape_game_with(aud: Auditor, changed: dict[int, int]) -> Game:
    """`tape_game` with these tape values too, in place of the printed ones (by position), for
    one trial: the values the AI is already seen to announce stay as they were."""
    before = dict(aud.patched)
    aud.patched.update(changed)
    try:
        return tape_game(aud, aud.rulings)
    finally:
        aud.patched = before


def tape_game(aud: Auditor, rulings: Any = None) -> Game:
    """The game the AI's own numbers play: the printed tape with the values it announced instead,
    under the readings it is seen to follow."""
    rulings = rulings if rulings is not None else aud.rulings
    if not aud.patched and rulings is None:
        return aud.own_run.game
    card = aud.card
    if aud.patched and getattr(card, "tape", None):
        tape = list(card.tape)
        for pos, value in aud.patched.items():
            if 1 <= pos <= len(tape):
                tape[pos - 1] = value
        card = replace(card, tape=tuple(tape))
    options = dict(aud.options, **({"rulings": rulings} if rulings is not None else {}))
    try:
        return aud.make_game(card, **options)
    except (CardError, ValueError):
        return aud.own_run.game


def announced_changes(aud: Auditor, ai_text: str | None) -> dict[int, int]:
    """The tape values the reply announces that are not the printed ones, by position."""
    printed: tuple[int, ...] = tuple(getattr(aud.card, "tape", None) or ())
    said = aud.adapter.announced(ai_text or "") if printed else {}
    return {p: v for p, v in said.items() if 1 <= p <= len(printed) and printed[p - 1] != v}


def announced_explains(aud: Auditor, ai_text: str | None, message: str, ai: dict[str, str], expected: Any) -> bool:
    """The reply announces a value that is not the printed one, and its numbers follow from it under
    the readings already followed: the tape breach explains them, so no other reading of the card is
    taken up for them (a value read as FAIR is no march left unbanded)."""
    changed = announced_changes(aud, ai_text)
    if not changed:
        return False
    variant = tape_game_with(aud, changed)
    trial = Run(variant, state=expected.before, pending=expected.pending, moved=True)
    st = take(trial, message, expected.action) if expected.action is not None else step(trial, message)
    shown = [aud.adapter.fields(aud.game, st.after), *aud.adapter.alternative_fields(aud.game, st)]
    return any(fields_equal(ai, f) for f in shown)


def replay_on_own_tape(aud: Auditor, expected: Any, message: str) -> None:
    """A reply whose numbers stand as the rules give them (its LEDGER shows the dusk, before the
    value it changed tells) is played again on its own tape, so what that value set going (a turtle
    to answer) waits on its line too."""
    trial = Run(tape_game(aud), state=expected.before, pending=expected.pending, moved=True)
    if expected.action is not None:
        take(trial, message, expected.action)
    else:
        step(trial, message)
    aud.own_run.state, aud.own_run.pending = trial.state, trial.pending

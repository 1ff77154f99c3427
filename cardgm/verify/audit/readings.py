"""Reading rules: another reading of a doubtful sentence the card allows (a Rulings switch), and
the player's words read from the AI's numbers."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from typing import TYPE_CHECKING

from cardgm.run import Run
from cardgm.verify.audit.adapter import first_line
from cardgm.verify.audit.decided import a_question
from cardgm.verify.audit.lines import fields_equal
from cardgm.verify.audit.steps import Step, step, take, undo
from cardgm.verify.audit.tape import tape_game

if TYPE_CHECKING:
    from cardgm.verify.audit.auditor import Auditor


def another_ruling(
    aud: Auditor, message: str, ai: dict[str, str], expected: Step, true_step: Step | None,
) -> tuple[Step, Step | None, str] | None:
    """The AI's numbers follow another reading of a doubtful sentence, one the card's words allow:
    from here on both lines play that reading, and the report says which the AI follows."""
    adapter = aud.adapter
    adopted = dict(aud._switches)
    offered = [r for r in adapter.readings() if r[0] not in adopted]
    # One reading, else two first seen on the same reply (a march cut short onto the tryst ground
    # a few days early shows ruling 14's and ruling 3's other readings at once).
    trials = [[r] for r in offered] + [list(pair) for pair in combinations(offered, 2)]
    for trial_readings in trials:
        switches = {**adopted, **{name: value for name, value, _ in trial_readings}}
        rulings = adapter.rulings(**switches)
        variant = tape_game(aud, rulings)
        trial = Run(variant, state=expected.before, pending=expected.pending, moved=True)
        st = step(trial, message)
        shown = [adapter.fields(aud.game, st.after), *adapter.alternative_fields(aud.game, st)]
        if not any(fields_equal(ai, f) for f in shown):
            continue
        aud._switches = switches
        aud.rulings = rulings
        on_true = true_step is not None and true_step.before == expected.before and true_step.pending == expected.pending
        undo(aud.own_run, expected)
        aud.own_run.game = variant
        new = step(aud.own_run, message)
        new_true = true_step
        aud.true_run.game = aud.make_game(aud.card, **dict(aud.options, rulings=rulings))
        if on_true and true_step is not None:
            undo(aud.true_run, true_step)
            new_true = step(aud.true_run, message)
        for _, _, one in trial_readings:
            if one not in aud.readings:
                aud.readings.append(one)
        said = "; ".join(one.split(": ", 1)[-1].split(". ")[0] for _, _, one in trial_readings)
        return new, new_true, "its numbers follow a reading the card allows: " + said
    return None


def other_reading(
    aud: Auditor, index: int, message: str, ai: dict[str, str], expected: Step, true_step: Step | None, *, asks: bool = False,
) -> tuple[Step, Step | None, str] | None:
    """The AI's numbers are not what cardgm's reading of the message gives. If the words allow a
    move whose outcome is exactly the AI's LEDGER, and the message is not a question or a remark
    naming no move, that move is taken on both lines, and the reply says how it was read. A reply
    that asks its own (yes/no) (`asks`) has run nothing yet: no move is read into it."""
    adapter = aud.adapter
    if not adapter.words_decide or a_question(adapter, message, expected.before, aud.last_action):
        return None
    named = adapter.named(message, expected.before, aud.last_action)
    if named is None:
        return None
    found = [(a, w) for a, w in ((a, adapter.move_words(a)) for a, _ in adapter.candidates(aud.game, expected.before, ai, aud.own_run.game))
             if adapter.words_allow(named, a, expected.before)]
    source = "from the AI's numbers, a move the words allow"
    still = adapter.fields(aud.game, expected.after)
    one_slip = sum(1 for k, v in still.items() if ai.get(k) != v and k not in adapter.counters) <= 1
    if not found and expected.action is None and not asks and not one_slip:
        # (A reply whose numbers moved one field from where nothing moves is a slip of arithmetic,
        # never a move read into the message.)
        # No move gives the AI's numbers; if the words name exactly one legal move, the reply
        # is judged against it (its LEDGER then shows where the AI's arithmetic went wrong).
        bumped = replace(expected.before, turn=expected.before.turn + 1)
        legal = [a for a in adapter.legal_moves(bumped) if adapter.words_allow(named, a, expected.before)]
        if len(legal) != 1:
            return None
        found, source = [(legal[0], adapter.move_words(legal[0]))], "from the words, the one move they name"
    if not found:
        return None
    action, words = found[0]
    if expected.action is not None and adapter.move_words(expected.action) == words:
        return None
    on_true = true_step is not None and true_step.before == expected.before and true_step.pending == expected.pending
    undo(aud.own_run, expected)
    new = take(aud.own_run, message, action)
    new_true = true_step
    if on_true and true_step is not None:
        undo(aud.true_run, true_step)
        new_true = take(aud.true_run, message, action)
    how = f"cardgm reads it as {adapter.move_words(expected.action)}" if expected.action is not None else (
        "cardgm asks instead: \"" + first_line(expected.reply.prose) + "\"")
    return new, new_true, f"read as {words} {source} ({how})"

"""Reading rules: another reading of a doubtful sentence the card allows (a Rulings switch), and
the player's words read from the AI's numbers."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from typing import TYPE_CHECKING, Any

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
    from here on both lines play that reading, and the report says which the AI follows. Where no
    reading gives them exactly, one under which they are a single number off, where the reading it
    follows leaves two or more, is taken: the reading shows on the same reply as a slip, which is
    then found alone."""
    return _another_ruling(aud, message, ai, expected, true_step, off=0) or _another_ruling(aud, message, ai, expected, true_step, off=1)


def _off_by(adapter: Any, ai: dict[str, str], shown: list[dict[str, str]]) -> int:
    return min(sum(1 for k, v in f.items() if ai.get(k) != v and k not in adapter.counters) for f in shown)


def _another_ruling(
    aud: Auditor, message: str, ai: dict[str, str], expected: Step, true_step: Step | None, *, off: int,
) -> tuple[Step, Step | None, str] | None:
    adapter = aud.adapter
    adopted = dict(aud._switches)
    if off and _off_by(adapter, ai, [adapter.fields(aud.game, expected.after), *adapter.alternative_fields(aud.game, expected)]) <= off:
        return None  # the reading it follows is as near: a slip on it, no other reading shown
    offered = [r for r in adapter.readings() if r[0] not in adopted]
    # One reading, else two first seen on the same reply (a march cut short onto the tryst ground
    # a few days early shows ruling 14's and ruling 3's other readings at once). A slip beside a
    # reading is looked for under one reading only: two readings and a slip explain too much.
    trials = [[r] for r in offered] + ([] if off else [list(pair) for pair in combinations(offered, 2)])
    for trial_readings in trials:
        switches = {**adopted, **{name: value for name, value, _ in trial_readings}}
        rulings = adapter.rulings(**switches)
        variant = tape_game(aud, rulings)
        trial = Run(variant, state=expected.before, pending=expected.pending, moved=True)
        st = step(trial, message)
        shown = [adapter.fields(aud.game, st.after), *adapter.alternative_fields(aud.game, st)]
        action = None
        if off:
            if expected.action is None or _off_by(adapter, ai, shown) != off:
                continue
        elif not any(fields_equal(ai, f) for f in shown):
            # A message cardgm asks about, run by the AI under this reading: the move its words allow
            # whose outcome under this reading is the AI's numbers.
            action = _read_under(aud, message, expected, ai, variant) if st.action is None else None
            if action is None:
                continue
        aud._switches = switches
        aud.rulings = rulings
        on_true = true_step is not None and true_step.before == expected.before and true_step.pending == expected.pending
        undo(aud.own_run, expected)
        aud.own_run.game = variant
        new = step(aud.own_run, message) if action is None else take(aud.own_run, message, action)
        new_true = true_step
        aud.true_run.game = aud.make_game(aud.card, **dict(aud.options, rulings=rulings))
        if on_true and true_step is not None:
            undo(aud.true_run, true_step)
            new_true = step(aud.true_run, message) if action is None else take(aud.true_run, message, action)
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
        # A move the words allow whose outcome is the AI's LEDGER but for one number: the move
        # read, that number a slip of arithmetic found on its own (cardgm asked, the AI ran it).
        near = [a for a in adapter.legal_moves(replace(expected.before, turn=expected.before.turn + 1))
                if adapter.words_allow(named, a, expected.before) and _off_by_one_field(aud, message, expected, a, ai)]
        if len(near) == 1:
            found, source = [(near[0], adapter.move_words(near[0]))], "from the AI's numbers but one, a move the words allow"
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


def _off_by_one_field(aud: Auditor, message: str, expected: Step, action: object, ai: dict[str, str]) -> bool:
    """Whether `action` from where the message found the game gives the AI's numbers but for one."""
    trial = Run(aud.own_run.game, state=expected.before, pending=expected.pending, moved=True)
    st = take(trial, message, action)  # a legal move from here: the Run plays it
    adapter = aud.adapter
    shown = [adapter.fields(aud.game, st.after), *adapter.alternative_fields(aud.game, st)]
    return any(sum(1 for k, v in f.items() if ai.get(k) != v and k not in adapter.counters) == 1 for f in shown)


def _read_under(aud: Auditor, message: str, expected: Step, ai: dict[str, str], variant: Any) -> Any:
    """The one move the message's words allow whose outcome on `variant` is the AI's numbers."""
    adapter = aud.adapter
    if not adapter.words_decide or a_question(adapter, message, expected.before, aud.last_action):
        return None
    named = adapter.named(message, expected.before, aud.last_action)
    if named is None:
        return None
    def allowed(play: Any) -> list[Any]:
        return [a for a, _ in adapter.candidates(aud.game, expected.before, ai, play) if adapter.words_allow(named, a, expected.before)]

    if allowed(aud.own_run.game):
        return None  # the reading it follows already gives its numbers: no other reading is shown
    found = allowed(variant)
    return found[0] if len({adapter.move_words(a) for a in found}) == 1 else None

"""Reading rule: the AI's own confirm line is part of the exchange.

An AI that is not sure what a message means may ask ("I read 'ful' as FULL. Run FULL, AWNING,
WATCH? (yes/no)"), moving nothing, as the card's confirm rule allows; the player's "yes" then runs
what that line named, and a "no" or a correction runs nothing of it. So:

- a reply that moves nothing and ends on a (yes/no) line is the AI asking back, never a move
  skipped, whatever cardgm itself made of the message;
- a yes to that line, answered by the move it named, is that move, never one decided for the player.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from cardgm.game import ReadAs
from cardgm.verify.audit.lines import fields_equal
from cardgm.verify.audit.steps import Step, step, take, undo
from cardgm.verify.audit.tape import announced_changes, tape_game, tape_game_with

if TYPE_CHECKING:
    from cardgm.verify.audit.auditor import Auditor

_CONFIRM = re.compile(r"\((?:yes\s*/\s*no|y\s*/\s*n)\)", re.I)
_YES = re.compile(r"^\s*(?:y|yes|yep|yeah|yup|sure|ok|okay|correct|right|do it|go ahead|aye)\b", re.I)
# Said in place of the player's message while the AI asks back: nothing moves, the turn counts.
_NOTHING = "?"


def confirm_line(text: str | None) -> str | None:
    """The (yes/no) line the AI's reply asks, if it asks one."""
    for line in reversed((text or "").splitlines()):
        if _CONFIRM.search(line):
            return line.strip()
    return None


# The same ask in a chat AI's own words, with no "(yes/no)": "SHORT, AWNING, BAIL — shall I go ahead?",
# "Fire on C2? Just say the word.", "I read that as FULL, SAIL, ROW. Is that right?"
_ASKS = re.compile(
    r"\b(?:confirm|shall i|should i (?:go ahead|run|fire|proceed)|is that (?:right|correct|what you (?:mean|want))|"
    r"did you mean|do you mean|want me to|say the word|sound right|go ahead|run (?:it|that|this)|proceed)\b|\b(?:correct|right|ok|okay)\?",
    re.I,
)


def asks_back(text: str | None) -> str | None:
    """The line with which the AI asks before it moves: its (yes/no) line, or a question in its own
    words among the reply's last three lines (above its LEDGER). Whether nothing moved, and what a
    yes then runs, is judged from the numbers (`asked_back`, `confirmed`)."""
    found = confirm_line(text)
    if found is not None:
        return found
    lines = [ln.strip() for ln in (text or "").splitlines() if ln.strip() and not ln.strip().startswith(("```", "[L]", "`[L]"))]
    for line in reversed(lines[-3:]):
        if ("?" in line or "say the word" in line.lower()) and _ASKS.search(line):
            return line
    return None


def is_yes(message: str) -> bool:
    return bool(_YES.match(message)) and len(message.split()) <= 6


def asked_back(
    aud: Auditor, message: str, ai_text: str, ai: dict[str, str], expected: Step, true_step: Step | None,
) -> tuple[Step, Step | None, str] | None:
    """The AI asks its own (yes/no) and moves nothing: both lines stand where they stood, the turn
    counted, and the next yes is read against its line."""
    asked = asks_back(ai_text)
    if asked is None or expected.action is None:
        return None
    on_true = _same_place(expected, true_step)
    kept = aud.own_run.state, aud.own_run.pending
    undo(aud.own_run, expected)
    new = step(aud.own_run, _NOTHING)
    still = aud.adapter.fields(aud.game, new.after)
    # Nothing moved on its numbers (a slip of one number besides is found as arithmetic).
    if new.action is not None or sum(1 for k, v in still.items() if ai.get(k) != v) > 1:
        aud.own_run.state, aud.own_run.pending = kept  # it moved after all: judged as the rules read it
        return None
    new_true = true_step
    if on_true and true_step is not None:
        undo(aud.true_run, true_step)
        new_true = step(aud.true_run, _NOTHING)
    return new, new_true, f"the AI asks before it moves (\"{asked[:80]}\"), as the card allows; nothing moves"


def confirmed(
    aud: Auditor, message: str, ai: dict[str, str], expected: Step, true_step: Step | None,
) -> tuple[Step, Step | None, str] | None:
    """A yes to the AI's own confirm line, answered by the move that line named."""
    asked = aud.asked
    if asked is None or not is_yes(message):
        return None
    adapter = aud.adapter
    found = adapter.candidates(aud.game, expected.before, ai, aud.own_run.game)
    named = adapter.named(asked, expected.before, aud.last_action)
    said = [a for a, _ in found if (named is not None and adapter.words_allow(named, a, expected.before))
            or adapter.move_words(a).lower() in asked.lower()]
    if not said:
        return None
    action = said[0]
    on_true = _same_place(expected, true_step)
    undo(aud.own_run, expected)
    new = take(aud.own_run, message, action)
    new_true = true_step
    if on_true and true_step is not None:
        undo(aud.true_run, true_step)
        new_true = take(aud.true_run, message, action)
    return new, new_true, f"a yes to the AI's own confirm line runs what it named: {adapter.move_words(action)}"


def confirm_skipped(
    aud: Auditor, message: str, ai: dict[str, str], expected: Step, true_step: Step | None, ai_text: str | None = None,
) -> tuple[Step, Step | None, str] | None:
    """cardgm answers the message with its own confirm line for the move the message names ("We
    can't be late. Push." — "Today: PUSH …? (yes/no)"), and the AI runs that very move at once.
    The player named it: no move is decided for them. The card's hedges (DROVER'S AUTUMN's ORDERS
    rule 3, rulings 24–26; a slip in BECALMED) are read two ways, and the AI took the other."""
    asked = aud.own_run.pending
    if expected.action is not None or asked is None or asked.kind is not ReadAs.CONFIRM or asked.action is None:
        return None
    kept = aud.own_run.state, aud.own_run.pending, aud.own_run.game
    adapter, adopted = aud.adapter, dict(aud._switches)
    # The move under the readings the AI follows so far, else under one more the card allows (a hedged
    # order run at once may be the first march cut short the AI leaves unbanded, ruling 14), its
    # LEDGER as cardgm prints it or as another allowed reading shows it (the day that ended, ruling 5).
    trials: list[tuple[dict[str, Any] | None, str | None]] = [(None, None)]
    trials += [({**adopted, name: value}, note) for name, value, note in adapter.readings() if name not in adopted]
    new = None
    for switches, note in trials:
        undo(aud.own_run, expected)
        rulings = adapter.rulings(**switches) if switches is not None else None
        aud.own_run.game = tape_game(aud, rulings) if rulings is not None else _on_its_tape(aud, ai_text, kept[2])
        try:
            new = take(aud.own_run, message, asked.action)
        except Exception:  # noqa: BLE001 - a move the rules refuse here is no reading of the message
            new = None
        shown = [adapter.fields(aud.game, new.after), *adapter.alternative_fields(aud.game, new)] if new is not None else []
        if any(fields_equal(f, ai) for f in shown):
            if switches is not None and rulings is not None and note is not None:
                aud._switches, aud.rulings = switches, rulings
                aud.true_run.game = aud.make_game(aud.card, **dict(aud.options, rulings=rulings))
                if note not in aud.readings:
                    aud.readings.append(note)
            break
        new = None
    if new is None:
        # The named move run at once with a slip in it (its LEDGER nearer the move than nothing) is that move:
        # judged against it, the slip is the finding, not every number the day moved.
        undo(aud.own_run, expected)
        aud.own_run.game = _on_its_tape(aud, ai_text, kept[2])
        try:
            new = take(aud.own_run, message, asked.action)
        except Exception:  # noqa: BLE001 - a move the rules refuse here is no reading of the message
            new = None
        if new is None or not _nearer(adapter, ai, adapter.fields(aud.game, new.after), adapter.fields(aud.game, expected.after)):
            aud.own_run.state, aud.own_run.pending, aud.own_run.game = kept
            return None
    new_true = true_step
    if _same_place(expected, true_step) and true_step is not None:
        undo(aud.true_run, true_step)
        new_true = take(aud.true_run, message, asked.action)
    words = aud.adapter.move_words(asked.action)
    return new, new_true, (
        f"the AI runs at once {words}, the move the message names, where cardgm asks its own confirm line first "
        f"(\"{expected.reply.prose.strip().splitlines()[0][:80]}\"): a reading the card allows")


def ran_unledgered(
    aud: Auditor, message: str, ai_text: str | None, expected: Step, true_step: Step | None,
) -> tuple[Step, Step | None, str] | None:
    """A reply with no LEDGER (its own finding) to a message cardgm answers with a confirm line for
    the one move it names: if the reply announces the value that move reads, the AI ran it at once,
    and the next reply is judged from there, not from a confirm line still waiting."""
    asked = aud.own_run.pending
    said = aud.adapter.announced(ai_text or "")
    if not said or expected.action is not None or asked is None or asked.kind is not ReadAs.CONFIRM or asked.action is None:
        return None
    kept = aud.own_run.state, aud.own_run.pending
    undo(aud.own_run, expected)
    try:
        new = take(aud.own_run, message, asked.action)
        read = range(int(aud.adapter.fields(aud.game, expected.before)["tape"]) + 1, int(aud.adapter.fields(aud.game, new.after)["tape"]) + 1)
    except Exception:  # noqa: BLE001 - a move the rules refuse here, or a LEDGER with no tape count
        aud.own_run.state, aud.own_run.pending = kept
        return None
    if not any(p in read for p in said):
        aud.own_run.state, aud.own_run.pending = kept
        return None
    new_true = true_step
    if _same_place(expected, true_step) and true_step is not None:
        undo(aud.true_run, true_step)
        new_true = take(aud.true_run, message, asked.action)
    return new, new_true, f"with no LEDGER, the reply reads the day's value: the AI ran {aud.adapter.move_words(asked.action)} at once"


def _on_its_tape(aud: Auditor, ai_text: str | None, game: Any) -> Any:
    """The game on the tape values this reply announces (its tape breach is reported apart)."""
    changed = announced_changes(aud, ai_text)
    return tape_game_with(aud, changed) if changed else game


def _nearer(adapter: Any, ai: dict[str, str], moved: dict[str, str], still: dict[str, str]) -> bool:
    """The AI's LEDGER is nearer the move's than nothing moving: the move ran, with a slip in it."""
    def off(fields: dict[str, str]) -> int:
        return sum(1 for k, v in fields.items() if ai.get(k) != v and k not in adapter.counters)
    return off(moved) < off(still)


def _same_place(expected: Step, true_step: Step | None) -> bool:
    return true_step is not None and true_step.before == expected.before and true_step.pending == expected.pending

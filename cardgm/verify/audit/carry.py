"""Reading rule: one error, one finding. A number the AI got wrong and then carries on in every
later LEDGER (a repeat shot counted, so shots stays one over) is listed under the finding that
first reported it, reply by reply, never reported again; so is the reply that puts it right."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from cardgm.run import Run
from cardgm.verify.audit.findings import Finding
from cardgm.verify.audit.lines import fields_equal
from cardgm.verify.audit.steps import Step, step, undo

if TYPE_CHECKING:
    from cardgm.verify.audit.auditor import Auditor


def _delta(ai: str, rules: str) -> int | None:
    return int(ai) - int(rules) if ai.isdigit() and rules.isdigit() else None


def fold(aud: Auditor, diffs: list[tuple[str, str, str]], number: int) -> list[tuple[str, str, str]]:
    """The differences that are new: one the AI carries from an earlier finding, by the same amount,
    goes under that finding as a consequence."""
    kept = []
    for key, ai, rules in diffs:
        carried = aud.carried.get(key)
        if carried is not None and _delta(ai, rules) == carried[1]:
            carried[0].consequences.append(f"reply {number}: {aud.adapter.diff_words(key, ai, rules)} (carried on)")
        else:
            kept.append((key, ai, rules))
    return kept


def remember(aud: Auditor, finding: Finding, key: str, ai: str, rules: str) -> None:
    delta = _delta(ai, rules)
    if delta is not None:
        aud.carried[key] = (finding, delta)


def settle(aud: Auditor, ai: dict[str, str], expected: dict[str, str]) -> None:
    """A field the AI shows right again carries nothing on."""
    for key in [k for k in aud.carried if ai.get(k) == expected.get(k)]:
        del aud.carried[key]


def without_carried(aud: Auditor, fields: dict[str, str], expected: dict[str, str]) -> dict[str, str]:
    """The AI's fields with each carried difference taken back out (to compare the rest)."""
    out = dict(fields)
    for key, (_, delta) in aud.carried.items():
        if out.get(key, "").isdigit() and expected.get(key, "").isdigit() and int(out[key]) - int(expected[key]) == delta:
            out[key] = expected[key]
    return out


# A correction the reply says it makes: a number dropped back without a word is a LEDGER that does
# not follow its own last one, and is found as such.
_SAYS_SO = re.compile(r"\b(correction|correcting|corrected|should have been|my mistake|I misstated|I made an error|sorry)\b", re.I)


def says_correction(text: str | None) -> bool:
    return bool(_SAYS_SO.search(text or ""))


def corrected(
    aud: Auditor, index: int, message: str, ai_text: str, ai: dict[str, str], expected: Step, true_step: Step | None,
) -> tuple[Step, Step | None, str] | None:
    """The AI says it puts last reply's slip right ("Correction: water should have been 22"), and its
    numbers are what the rules give from the line without the slip. The slip's finding says so; its
    own line goes on from the numbers put right."""
    if aud.unslipped is None or not says_correction(ai_text):
        return None
    finding, state, pending = aud.unslipped
    trial = Run(aud.own_run.game, state=replace(state, turn=expected.before.turn), pending=pending, moved=True)
    st = step(trial, message)  # the message read again from the numbers put right
    adapter = aud.adapter
    shown = [adapter.fields(aud.game, st.after), *adapter.alternative_fields(aud.game, st)]
    if not any(fields_equal(ai, f) for f in shown):
        return None
    undo(aud.own_run, expected)
    aud.own_run.state, aud.own_run.pending = trial.state, trial.pending
    finding.consequences.append(f"reply {index + 1}: the AI puts it right")
    for key in [k for k, (f, _) in aud.carried.items() if f is finding]:
        del aud.carried[key]
    return st, true_step, "its numbers put right the slip of the reply before"

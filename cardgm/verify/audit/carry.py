"""Reading rule: one error, one finding. A number the AI got wrong and then carries on in every
later LEDGER (a repeat shot counted, so shots stays one over) is listed under the finding that
first reported it, reply by reply, never reported again."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgm.verify.audit.findings import Finding

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

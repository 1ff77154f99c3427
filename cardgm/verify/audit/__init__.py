"""Audit a chat transcript in which an AI ran one of our cards: report only what every reading
of the card forbids (docs/audit.md).

Two Runs step through the player's messages side by side:

- the rules' Run: the rules on the player's messages, from the card (or a pasted SAVE) on;
- the AI's-numbers Run: the same rules, re-based on the AI's own LEDGER after every reply whose
  numbers differ, playing any tape value the AI announced in place of the printed one. Each reply
  is judged against what follows from the AI's *own* previous LEDGER, so one mistake is reported
  once, where it is made.

A message is read by the readers of play; one they cannot settle is read from the AI's numbers
when its words allow that move. A reply that follows another reading of a doubtful sentence the
card allows (a switch of the game's Rulings) is followed on both lines and named.

Findings, each at one AI reply numbered as the chat shows it (the opening is 1), with a stable
code for programs and plain sentences for the player: `ledger`, `ledger-missing`,
`ledger-format`, `ledger-not-last`, `decided-for-player`, `tape-changed`, `tape-out-of-turn`,
`third-value`, `hidden-revealed`, `result`, `save`, `save-format`, `save-followed`. A reply whose
numbers went wrong because of a breach reports the breach once, its LEDGER differences under it.
"""

from __future__ import annotations

from cardgm.verify.audit.adapter import Adapter, Context, adapter_for, auditable
from cardgm.verify.audit.auditor import Auditor, audit
from cardgm.verify.audit.cards import PastedCard, choose_card, find_card
from cardgm.verify.audit.findings import Audit, AuditError, Finding, ReplyAudit
from cardgm.verify.audit.lines import ai_ledger, ai_result, result_fields
from cardgm.verify.audit.saves import save_fields
from cardgm.verify.audit.steps import Step, copy_run, step, take, undo

__all__ = [
    "Adapter", "Audit", "AuditError", "Auditor", "Context", "Finding", "PastedCard", "ReplyAudit", "Step", "adapter_for",
    "ai_ledger", "ai_result", "audit", "auditable", "choose_card", "copy_run", "find_card", "result_fields", "save_fields",
    "step", "take", "undo",
]

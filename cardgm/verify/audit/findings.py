"""What the audit reports: one finding at one AI reply, each reply judged, the whole audit."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import Any

from cardgm.verify.plain import title


@dataclass
class Finding:
    kind: str  # the stable code (`code` in the JSON)
    reply: int  # the AI reply as the chat shows it: the first AI reply is 1
    where: str  # where in the transcript
    text: str  # plain sentences, for the player
    field: str | None = None
    ai: str | None = None
    rules: str | None = None
    consequences: list[str] = dc_field(default_factory=list)

    @property
    def code(self) -> str:
        return self.kind

    def as_json(self) -> dict[str, Any]:
        return {
            "reply": self.reply, "code": self.kind, "title": title(self.kind), "text": self.text,
            "where": self.where, "field": self.field, "ai": self.ai, "rules": self.rules,
            "consequences": self.consequences,
        }


@dataclass
class ReplyAudit:
    index: int  # 0 is the opening; the chat shows it as reply 1 (`number`)
    label: str  # "day 3", "turn 4": where the game stood
    message: str | None  # the player message it answers (None: the opening)
    message_where: str | None
    ai_text: str | None  # None: the transcript has no reply to this message
    ai_where: str | None
    ai_ledger: str | None
    true_ledger: str
    true_text: str
    own_ledger: str  # what the rules give from the AI's own previous LEDGER
    on_true_line: bool | None
    follows_own: bool | None
    differs_from_true: dict[str, tuple[str, str]] = dc_field(default_factory=dict)  # field: (ai, true)
    findings: list[Finding] = dc_field(default_factory=list)
    notes: list[str] = dc_field(default_factory=list)
    true_result: str | None = None
    ai_result: str | None = None
    ai_fields: dict[str, str] | None = None

    @property
    def number(self) -> int:
        """The reply as the chat shows it: the first AI reply is 1."""
        return self.index + 1

    def as_json(self) -> dict[str, Any]:
        return {
            "reply": self.number, "label": self.label, "message": self.message,
            "message_where": self.message_where, "ai_text": self.ai_text, "ai_where": self.ai_where,
            "ai_ledger": self.ai_ledger, "true_ledger": self.true_ledger, "true_text": self.true_text,
            "own_ledger": self.own_ledger, "on_true_line": self.on_true_line,
            "follows_own_numbers": self.follows_own,
            "differs_from_true": {k: {"ai": a, "true": t} for k, (a, t) in self.differs_from_true.items()},
            "findings": [f.as_json() for f in self.findings], "notes": self.notes,
            "true_result": self.true_result, "ai_result": self.ai_result,
        }


@dataclass
class Audit:
    game_id: str
    title: str
    version: str
    form: str
    card_from: str  # how the card was found
    replies: list[ReplyAudit]
    notes: list[str]
    skipped_card: bool
    resumed: bool
    readings: list[str] = dc_field(default_factory=list)  # readings the card allows that the AI followed
    parse: Callable[[str], dict[str, str]] = dc_field(default=lambda line: {}, repr=False)  # a LEDGER's fields

    @property
    def findings(self) -> list[Finding]:
        return [f for r in self.replies for f in r.findings]

    @property
    def first_divergence(self) -> ReplyAudit | None:
        return next((r for r in self.replies if r.on_true_line is False), None)

    @property
    def rejoined(self) -> list[ReplyAudit]:
        """Replies back on the true line after being off it."""
        out, off = [], False
        for r in self.replies:
            if r.on_true_line is False:
                off = True
            elif r.on_true_line and off:
                out.append(r)
                off = False
        return out

    def as_json(self) -> dict[str, Any]:
        first = self.first_divergence
        last = self.replies[-1] if self.replies else None
        off_own = [r.number for r in self.replies if r.follows_own is False]
        return {
            "game": self.game_id, "title": self.title, "version": self.version, "form": self.form,
            "card_from": self.card_from, "card_skipped": self.skipped_card, "resumed": self.resumed,
            "notes": self.notes, "readings": self.readings,
            "findings": [f.as_json() for f in self.findings],
            "first_divergence": first.number if first else None,
            "replies_not_following_own_numbers": off_own,
            "true_line": {
                "final_ledger": last.true_ledger if last else None,
                "result": next((r.true_result for r in reversed(self.replies) if r.true_result), None),
            },
            "ai_line": {
                "final_ledger": next((r.ai_ledger for r in reversed(self.replies) if r.ai_ledger), None),
                "result": next((r.ai_result for r in reversed(self.replies) if r.ai_result), None),
            },
            "replies": [r.as_json() for r in self.replies],
        }


class AuditError(ValueError):
    """The transcript cannot be audited (no card found, a card cardgm cannot run)."""

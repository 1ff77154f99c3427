"""Reading rule: a move the player did not make ("decided for the player")."""

from __future__ import annotations

import re
from typing import Any

from cardgm.game import ReadAs
from cardgm.verify.audit.adapter import Adapter, Context, first_line
from cardgm.verify.audit.findings import Finding
from cardgm.verify.audit.lines import fields_equal


def a_question(adapter: Adapter, message: str, state: Any, previous: Any) -> bool:
    """A message that asks rather than orders: every sentence of it that names a move is a question
    ("should we row or fish today?"), or it names no move and has a question mark."""
    sentences = [m.group(0) for m in re.finditer(r"[^.!?\n]+[.!?]*", message) if m.group(0).strip()]
    naming = [x for x in sentences if adapter.named(x, state, previous) is not None]
    if not naming:
        return "?" in message
    return all(x.rstrip().endswith("?") for x in naming)


def decided(adapter: Adapter, ctx: Context) -> Finding | None:
    """A move the player did not make: the message names no move (a question, a remark) or names
    another one, and the AI's numbers show a move all the same."""
    assert ctx.expected is not None and ctx.ai is not None
    counters = adapter.counters
    prev = ctx.ai_prev or ctx.before_fields
    rules_moved = not fields_equal(ctx.expected_fields, ctx.before_fields, counters)
    ai_moved = not fields_equal(ctx.ai, prev, counters)
    # Moves as the AI's own line plays them: under the reading it follows, a slip is not another move.
    found = adapter.candidates(ctx.game, ctx.expected.before, ctx.ai, ctx.play or ctx.game)
    ran = adapter.move_words(found[0][0]) if found else None
    message = ctx.message or ""
    said = _quote(message)
    cardgm = first_line(ctx.expected.reply.prose)
    if not rules_moved and ai_moved and found:
        # Only numbers a legal move gives are a move; a number off on a reply that moved nothing
        # (a save, a question, a slip asked back) is arithmetic, found as a LEDGER difference.
        if a_question(adapter, message, ctx.expected.before, ctx.previous):
            what = f"The player asked a question ({said}) and gave no order"
        elif ctx.expected.reply.read_as is ReadAs.CONFIRM:
            what = f"The player's message ({said}) names another move, one cardgm asks about first"
        elif (named := adapter.named(message, ctx.expected.before, ctx.previous)) is None:
            what = f"The player's message ({said}) names no move"
        else:
            gap = adapter.unnamed(named, found[0][0], ctx.expected.before) if found else None
            what = f"The player's message ({said}) " + (gap or "does not give the move the AI made")
        did = f"the AI ran {ran} for them" if ran else f"the AI moved the game anyway ({adapter.moved_words(ctx)})"
        return Finding("decided-for-player", ctx.index, ctx.ai_where, f"{what}; {did}. cardgm answers it: \"{cardgm}\"")
    ai = ctx.ai
    # Counted against the reading nearest the AI's numbers (a LEDGER that stops at the dusk differs
    # from the dawn in its day and tape, which is no move).
    nearest = min([ctx.expected_fields, *adapter.alternative_fields(ctx.game, ctx.expected)], key=lambda f: sum(1 for k, v in f.items() if ai.get(k) != v))
    differs = [k for k, v in nearest.items() if ai.get(k) != v and k not in counters]
    if rules_moved and ran and ctx.expected.action is not None and len(differs) >= 2:
        # One field off is read as a slip of arithmetic; two or more that are exactly another
        # move's numbers are that move, run for the player.
        called = adapter.move_words(ctx.expected.action)
        if ran != called:
            return Finding(
                "decided-for-player", ctx.index, ctx.ai_where,
                f"The player's message ({said}) calls {called}; the AI ran {ran} instead.",
            )
    return None


def _quote(message: str) -> str:
    flat = " ".join(message.split())
    return f"\"{flat[:80]}{'…' if len(flat) > 80 else ''}\""

"""Reading rule: the RESULT line, where the game ends and nowhere else, its fields what the rules give."""

from __future__ import annotations

from cardgm.run import Reply
from cardgm.verify.audit.adapter import Adapter, Context
from cardgm.verify.audit.findings import Finding
from cardgm.verify.audit.lines import result_fields


def result_findings(ctx: Context, adapter: Adapter, exp_reply: Reply, ai_line: str | None) -> list[Finding]:
    out: list[Finding] = []
    expected = exp_reply.result
    where = ctx.ai_where
    if ai_line is None:
        ended_here = (
            expected is not None
            and ctx.expected is not None
            and ctx.game.ending(ctx.expected.before) is None
        )
        if ended_here:
            out.append(Finding(
                "result", ctx.index, where,
                f"The game ends here (end:{exp_reply.end}, score {exp_reply.score}) and the card asks "
                "for its RESULT line; the reply has none.",
                field="RESULT", ai="(none)", rules=expected,
            ))
        return out
    if expected is None:
        out.append(Finding(
            "result", ctx.index, where,
            "A RESULT line, but by the rules the game has not ended" + (f" ({ctx.why_not_over})" if ctx.why_not_over else "") + ".",
            field="RESULT", ai=ai_line, rules="(no end yet)",
        ))
        return out
    given, rules = result_fields(ai_line), result_fields(expected)
    for key in dict.fromkeys([*rules, *given]):
        a, r = given.get(key, "(missing)"), rules.get(key, "(missing)")
        if a != r and not (key == "turns" and _turns_allowed(ctx, adapter, a, r)):
            why = f" ({exp_reply.end}: score {exp_reply.score} by the card's SCORING)" if key in ("score", "end") else ""
            out.append(Finding(
                "result", ctx.index, where,
                f"The RESULT line gives {key} {a}; the rules give {r}{why}.",
                field=f"RESULT {key}", ai=a, rules=r,
            ))
    return out


def _turns_allowed(ctx: Context, adapter: Adapter, given: str, rules: str) -> bool:
    """A `turns:` count another reading of the card allows (the adapter says which)."""
    if not (given.isdigit() and rules.isdigit()) or ctx.state is None:
        return False
    allowed = adapter.result_turns(ctx.state, int(rules))
    if ctx.turn_from:  # a new chat that may count its own replies: the same readings of its count
        allowed |= adapter.result_turns(ctx.state, int(rules) - ctx.turn_from)
    return int(given) in allowed

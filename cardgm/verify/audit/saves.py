"""Reading rule: every SAVE block the AI prints is checked like a LEDGER."""

from __future__ import annotations

import re
from typing import Any

from cardgm.game import SaveError
from cardgm.save import blocks as save_blocks
from cardgm.save import body_tokens
from cardgm.verify.audit.adapter import Adapter, Context
from cardgm.verify.audit.findings import Finding
from cardgm.verify.plain import sentence


def save_findings(ctx: Context, adapter: Adapter) -> list[Finding]:
    """Every SAVE block in the AI's reply, checked like a LEDGER: it must be readable, and its
    numbers what the rules give at this point of the game (the AI's own numbers, when it keeps them)."""
    out: list[Finding] = []
    for block in save_blocks(ctx.ai_text):
        want = ctx.state if ctx.ai is None else _state_or(adapter, ctx)
        given, rules = save_fields(block), save_fields(ctx.game.save(want))
        # A block of the state another reading shows (BECALMED 19 and 31: saved at the dusk, before
        # the next dawn is read) is judged as that reading's SAVE, the nearest to it; the rules' on a tie.
        others = [save_fields(ctx.game.save(s)) for s in adapter.alternatives(ctx.game, ctx.expected)] if ctx.expected is not None else []
        rules = min([rules, *others], key=lambda f: sum(1 for k, v in f.items() if k != "turn" and given.get(k) != v))
        # Compared as the LEDGER's fields are: a sunk list in the order sunk is the same list (as read).
        same = {k: adapter.save_value(k, v) == adapter.save_value(k, rules[k]) for k, v in given.items() if k in rules}
        wrong = [k for k in rules if not same.get(k, False) and not (k == "turn" and _turn_allowed(ctx, given.get(k), rules[k]))]
        if not given or [k for k in wrong if k not in given] or len(wrong) == len(rules):
            try:
                ctx.game.load(block)
            except SaveError as exc:
                out.append(Finding("save-format", ctx.index, ctx.ai_where, sentence(f"The SAVE block cannot be resumed: {exc}"), ai=block))
                continue
        for key in rules:
            a, r = given.get(key, "(missing)"), rules[key]
            if same.get(key, False) or (key == "turn" and _turn_allowed(ctx, a, r)):
                continue  # a save may count the reply that prints it, or not (and a new chat's replies only)
            out.append(Finding(
                "save", ctx.index, ctx.ai_where,
                f"The SAVE block gives {key}:{a}; the rules give {key}:{r} at this point of the game"
                + (", as its own LEDGER shows" if ctx.ai is not None and _state_or(adapter, ctx) is not ctx.state else "") + ".",
                field=f"SAVE {key}", ai=a, rules=r,
            ))
    return out


def _turn_allowed(ctx: Context, given: str | None, rules: str) -> bool:
    """A SAVE's turn the card allows: the rules' count, or one fewer; in a new chat that may count
    its own replies (ctx.turn_from), that count too."""
    if _turn_near(given, rules):
        return True
    return bool(ctx.turn_from and _TURN.fullmatch(rules) and _turn_near(given, str(int(rules) - ctx.turn_from)))


def _turn_near(given: str | None, rules: str) -> bool:
    # ASCII digits only, and few: str.isdigit takes '²' (which int() refuses) and int() refuses
    # 5,000 digits; such a turn is not near, and the block's own load says why.
    return bool(given and _TURN.fullmatch(given) and _TURN.fullmatch(rules) and int(rules) - 1 <= int(given) <= int(rules))


_TURN = re.compile(r"[0-9]{1,20}")


def _state_or(adapter: Adapter, ctx: Context) -> Any:
    """The state the AI's own LEDGER shows in this reply (its save must agree with it), else the rules'."""
    try:
        return adapter.state_from(ctx.game, ctx.ai, ctx.state) if ctx.ai is not None else ctx.state
    except (ValueError, TypeError, KeyError):
        return ctx.state


def save_fields(block: str) -> dict[str, str]:
    """A SAVE block's body as key:value fields, whatever its line breaks."""
    out: dict[str, str] = {}
    for token in body_tokens(block):  # as the loader reads it (a quoted block's marks aside)
        key, sep, value = token.partition(":")
        if sep:
            out[key] = value
    return out

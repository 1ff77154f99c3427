"""Generated chat transcripts of an AI running a card: honest runs played by cardgm's own engines,
re-voiced in the styles chat AIs write, in every export form the audit reads, with at most one
planted error at a known reply (docs/audit.md, "Generated transcripts").

>>> g = generate("becalmed", seed=3, style="table", form="labels", turns=4)
>>> (g.kind, g.at, g.code)
(None, None, None)
>>> g.text.startswith("User:")
True

The tests assert the audit's two properties over thousands of these: an honest transcript has no
finding; one planted error gives exactly one finding, at its reply. `cardgm bench-gm` drives the same
GM behind a fake endpoint.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cardgm import games
from cardgm.card import load_card
from cardgm.verify.audit import Adapter, adapter_for
from cardgm.verify.generate.forms import FORMS, write
from cardgm.verify.generate.gm import GM, KINDS, save_in
from cardgm.verify.generate.player import GREETING_ANSWERS, GREETINGS, Player
from cardgm.verify.generate.styles import STYLES

__all__ = ["FORMS", "GM", "KINDS", "STYLES", "Generated", "Player", "generate", "kinds_for"]


@dataclass(frozen=True)
class Generated:
    game_id: str
    seed: int
    style: str
    form: str
    text: str  # the transcript, in its form
    kind: str | None  # the planted error, None for an honest run
    at: int | None  # the reply it is planted at, numbered as the audit numbers them (the opening is 1)
    code: str | None  # the finding it must give
    replies: int  # AI replies after the card (the opening included)


def kinds_for(game_id: str) -> tuple[str, ...]:
    """The error kinds that can be planted in a game's chat (a hidden cell only where one hides)."""
    adapter = adapter_for(game_id)
    tape = bool(getattr(load_card(game_id), "tape", ()))
    return tuple(
        k for k in KINDS
        if (k != "hidden" or type(adapter).leak is not Adapter.leak) and (k not in ("tape-changed", "tape-out-of-turn") or tape)
    )


def generate(
    game_id: str, seed: int, style: str = "plain", form: str = "labels", *, kind: str | None = None,
    turns: int = 12, greeting: bool | None = None,
) -> Generated:
    """One chat of `turns` player messages after the card (fewer if the game ends), played from
    `seed`. With `kind`, one error of that kind is planted at the first reply it fits from a
    seeded point on; `at` is None if none fitted (the caller draws another seed)."""
    rng = random.Random(f"{game_id}:{seed}:{style}:{form}:{kind}")
    card = load_card(game_id)
    game = games.make_game(card)
    adapter = adapter_for(game_id)
    moves = games.part(games.entry(game_id), "moves")
    gm = GM(card, game, adapter, lambda c: games.make_game(c), style, rng)
    player = Player(moves, rng)
    unmarked = form == "unmarked"  # one paragraph a player message, the card first or not at all
    greeting = (rng.random() < 0.3 if greeting is None else greeting) and not unmarked

    confirming = rng.random() < 0.5  # this AI asks its own "(yes/no)" where a message has a slip
    turns_out: list[tuple[str, str]] = []
    if greeting:
        turns_out += [("player", rng.choice(GREETINGS)), ("ai", rng.choice(GREETING_ANSWERS))]
    lead = "" if unmarked else rng.choice(("", "Let's play this one:\n\n", "hey! run this for me please\n\n"))
    turns_out.append(("player", lead + games.card_text(game_id)))
    target = rng.randrange(0, max(1, turns // 2)) if kind else -1
    at: int | None = None
    opening, planted = gm.opening(kind if target == 0 else None)
    if planted:
        at = 1
    turns_out.append(("ai", opening))
    last_save: str | None = None

    def numbered() -> int:
        """The last AI reply's number, as the audit numbers them (the opening is 1; a greeting's answer is not counted)."""
        return sum(1 for role, _ in turns_out if role == "ai") - (1 if greeting else 0)

    for i in range(1, turns + 1):
        if gm.run.ended:
            break
        msg = player.next(game, gm.run.state, gm.run.pending, last_save if last_save and player.rng.random() < 0.5 else None)
        plant = kind if kind and at is None and i >= target else None
        shown = msg.text.replace("\n\n", "\n") if unmarked else msg.text
        if plant == "decided" and msg.kind not in ("move", "correction"):
            plant = None
        if plant in ("save", "save-format") and msg.kind not in ("save",):
            plant = None
        if confirming and msg.kind == "typo" and plant is None and msg.action is not None:
            turns_out += [("player", shown), ("ai", gm.confirm(shown, msg.action, moves.say(msg.action)))]
            continue
        reply, planted = gm.answer(shown, plant)
        if planted and kind == "decided":
            shown = rng.choice(("what would you do here?", "hmm, not sure. what do you think?", "what are the options?"))
        turns_out += [("player", shown), ("ai", reply)]
        if planted:
            at = numbered()
        if msg.kind == "save":
            last_save = save_in(reply)
        if kind in ("save", "save-format") and at is None and i >= target and not gm.run.ended and msg.kind != "save":
            # A save is asked for where the error is due: the player says it next.
            reply, planted = gm.answer("save", kind)
            turns_out += [("player", "save"), ("ai", reply)]
            if planted:
                at = numbered()
    if kind == "result" and at is None:
        # Play on to the end, where the RESULT line is printed.
        n = len(turns_out)
        while not gm.run.ended and n < 400:
            msg = player.next(game, gm.run.state, gm.run.pending, None)
            reply, planted = gm.answer(msg.text, kind if gm.run.ended is False else None)
            turns_out += [("player", msg.text), ("ai", reply)]
            n += 2
            if planted:
                at = numbered()
                break
    return Generated(
        game_id, seed, style, form, write(form, turns_out), kind if at else None, at, KINDS[kind] if kind and at else None, numbered(),
    )

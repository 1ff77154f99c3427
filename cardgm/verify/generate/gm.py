"""The AI's side of a generated chat: cardgm's own Run answers every message (so its numbers are
honest), re-voiced in a style; one planted error, when asked for, changes the AI's side at one
reply, after which the AI goes on from its own numbers, as a chat AI does.

Error kinds and the finding each must give (the audit's stable codes):

| kind | what the AI does | code |
|---|---|---|
| arithmetic | one number of its LEDGER off by one | ledger |
| slip-corrected | the same, put right in its next reply ("Correction: …") | ledger |
| skip | a rule skipped: a field this move changes left as it was | ledger |
| tape-changed | a tape value read as another number | tape-changed |
| tape-out-of-turn | the next position's value read in this one's place | tape-out-of-turn |
| decided | a move run for a player who asked a question | decided-for-player |
| ledger-format | a LEDGER field left out | ledger-format |
| save | one number of a SAVE block off by one | save |
| save-format | a SAVE block with a field left out | save-format |
| result | the RESULT's score off by one | result |
| hidden | a hidden cell named with words about it | hidden-revealed |
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any

from cardgm.card import Card
from cardgm.game import Game, ReadAs, SaveError
from cardgm.run import Reply, Run
from cardgm.save import blocks as save_blocks
from cardgm.verify.audit import Adapter
from cardgm.verify.generate.styles import Said, render

KINDS: dict[str, str] = {
    "arithmetic": "ledger", "skip": "ledger", "tape-changed": "tape-changed", "tape-out-of-turn": "tape-out-of-turn",
    "decided": "decided-for-player", "ledger-format": "ledger-format", "save": "save", "save-format": "save-format",
    "result": "result", "hidden": "hidden-revealed", "slip-corrected": "ledger",
}
# Fields no slip is planted in: the reply counter and the tape's own position are checked apart.
_STEADY = {"turn", "day", "tape"}


class GM:
    """One chat AI running a card: `opening()`, then `answer(message, plant)` for each message."""

    def __init__(self, card: Card, game: Game, adapter: Adapter, make: Any, style: str, rng: random.Random) -> None:
        self.card, self.game, self.adapter, self.make = card, game, adapter, make
        self.run = Run(game)
        self.style, self.rng = style, rng
        self.earlier = ""  # the previous reply's prose
        # A slip the state cannot hold (a count the grid gives), carried in every LEDGER after it, as
        # a chat AI carries its own number on.
        self.carried: dict[str, int] = {}
        self.awaiting: Any = None  # the move its own confirm line named, run on a yes
        self.unslip: tuple[Any, str] | None = None  # the state its slip hid, and the words that put it right

    # -- the replies -----------------------------------------------------------------------------

    def opening(self, plant: str | None = None) -> tuple[str, bool]:
        reply = self.run.start()
        text = reply.text
        planted = False
        if plant == "hidden":
            text, planted = self._leak(text)
        elif plant == "ledger-format":
            text, planted = self._format(text, reply)
        return self._voice(reply, text), planted

    def confirm(self, message: str, action: Any, words: str) -> str:
        """The AI's own confirm line for a message it is not sure of ("I read 'ful' as FULL … (yes/no)"):
        nothing moves, and a yes runs `action`, as the card's confirm rule allows."""
        correction = self._put_right()
        kept = self.run.state
        self.awaiting = None  # a new question drops the one before it
        reply = self.run.reply(message)
        if self.run.pending is not None and self.run.pending.kind is ReadAs.CONFIRM:
            # cardgm asks its own confirm line: that one
            return self._voice(reply, f"{correction}\n\n{reply.text}" if correction else reply.text)
        # The turn counts and nothing moves: what cardgm made of the message is not what this AI does.
        self.run.state = replace(kept, turn=kept.turn + 1)
        self.run.pending = None
        self.awaiting = action
        asked = f"I read \"{message}\" as {words}. Run {words}? (yes/no)"
        line = self._carry(self.game.ledger(self.run.state))
        text = "\n\n".join(p for p in (correction, asked, line) if p)
        return self._voice(reply, text)

    def answer(self, message: str, plant: str | None = None) -> tuple[str, bool]:
        """The AI's reply to `message`, and whether `plant` went in (a kind that fits this reply)."""
        run = self.run
        kept = (run.state, run.pending, run.game, run.moved)
        before = run.state
        correction = self._put_right()
        kept = (run.state, run.pending, run.game, run.moved)
        before = run.state
        awaiting, self.awaiting = self.awaiting, None
        yes = awaiting is not None and message.strip().lower().startswith(("yes", "yep", "y "))
        # A yes to its own confirm line runs what that line named.
        reply = run.play(message, awaiting) if yes else run.reply(message)
        text, planted = reply.text, False
        if plant in ("tape-changed", "tape-out-of-turn") and (patched := self._tape_plant(plant, before, reply)) is not None:
            run.state, run.pending, run.game, run.moved = kept
            run.game = patched
            reply = run.play(message, awaiting) if yes else run.reply(message)
            text, planted = reply.text, True
        elif plant in ("arithmetic", "skip", "slip-corrected"):
            text, planted = self._slip(plant, before, reply)
        elif plant == "decided":
            planted = reply.action is not None and not reply.ended
        elif plant == "ledger-format":
            text, planted = self._format(text, reply)
        elif plant in ("save", "save-format") and reply.save:
            text, planted = self._save(plant, text, reply.save)
        elif plant == "result" and reply.result:
            m = re.search(r"score:(\d+)", reply.result)
            if m:
                wrong = reply.result.replace(m.group(0), f"score:{int(m.group(1)) + 1}")
                text, planted = text.replace(reply.result, wrong), True
        elif plant == "hidden" and not reply.ended:
            text, planted = self._leak(text)
        if self.carried and reply.ledger in text:  # not yet carried by the plant itself
            text = text.replace(reply.ledger, self._carry(reply.ledger))
        if correction:
            text = f"{correction}\n\n{text}"
        return self._voice(reply, text), planted

    def _put_right(self) -> str:
        """Last reply's slip put right before it goes on: the state without it, and the words."""
        if self.unslip is None:
            return ""
        state, words = self.unslip
        self.run.state = replace(state, turn=self.run.state.turn)
        self.unslip = None
        return words

    def _carry(self, ledger: str) -> str:
        for key, delta in self.carried.items():
            value = self.adapter.parse(ledger).get(key, "")
            if value.isdigit():
                ledger = _retoken(ledger, key, value, str(int(value) + delta)) or ledger
        return ledger

    def _voice(self, reply: Reply, text: str) -> str:
        try:
            fields = self.adapter.parse(reply.ledger)
        except ValueError:
            fields = {}
        said = Said(text, self.adapter.label(self.run.state), fields, self.earlier)
        self.earlier = reply.prose
        return render(self.style, said, self.rng)

    # -- the planted errors -------------------------------------------------------------------------

    def _tape_plant(self, kind: str, before: Any, reply: Reply) -> Game | None:
        """The game with one value of the tape changed where this reply reads it, or None."""
        tape = getattr(self.game.card, "tape", ())
        lo, hi = getattr(before, "tape", None), getattr(self.run.state, "tape", None)
        if not tape or lo is None or hi is None or hi <= lo or reply.ended:
            return None
        p = lo + 1  # the first position this reply reads (1-based)
        printed = list(self.run.game.card.tape)
        if kind == "tape-out-of-turn":
            if p >= len(printed) or printed[p] == printed[p - 1]:
                return None
            value = printed[p]  # the next position's value, read in this one's place
        else:
            near = {printed[q - 1] for q in range(max(1, p - 2), min(len(printed), p + 2) + 1)}
            choices = [v for v in range(1, 21) if v not in near]
            value = self.rng.choice(choices)
        printed[p - 1] = value
        try:
            game: Game = self.make(replace(self.run.game.card, tape=tuple(printed)))
            return game
        except ValueError:
            return None

    def _slip(self, kind: str, before: Any, reply: Reply) -> tuple[str, bool]:
        adapter, run = self.adapter, self.run
        if reply.ended or reply.save or (kind == "skip" and reply.action is None):
            return reply.text, False
        printed = self._carry(reply.ledger)  # what it carries from an earlier slip stays carried
        try:
            old, new = adapter.parse(self._carry(self.game.ledger(before))), adapter.parse(printed)
        except ValueError:
            return reply.text, False
        moved = [k for k, v in new.items() if v.isdigit() and old.get(k) != v and k not in _STEADY and k not in adapter.counters]
        if kind == "skip":
            pick = [k for k in moved if old.get(k, "").isdigit()]
        else:
            pick = moved or [k for k, v in new.items() if v.isdigit() and k not in _STEADY and k not in adapter.counters]
        self.rng.shuffle(pick)
        for key in pick:
            value = old[key] if kind == "skip" else str(int(new[key]) + 1)
            shown = _retoken(printed, key, new[key], value)
            if shown is None:
                continue
            changed = {**new, key: value}
            try:
                if adapter.parse(shown) != changed:
                    continue
                state = adapter.state_from(self.game, changed, run.state)
            except (ValueError, TypeError, KeyError):
                continue
            if self.run.game.ending(state) is not None:
                continue
            if kind == "slip-corrected":
                if adapter.parse(self.game.ledger(state)).get(key) != value:
                    continue  # a count the state cannot hold puts itself right: nothing to correct
                self.unslip = (run.state, f"Correction: last time I gave {key} {value}; it should have been {new[key]}.")
            run.state = state
            held = adapter.parse(self.game.ledger(state))
            for k, v in changed.items():  # what the state cannot hold is carried in words from now on
                if v != held.get(k) and v.isdigit() and held.get(k, "").isdigit():
                    self.carried[k] = int(v) - int(held[k])
            return reply.text.replace(reply.ledger, shown), True
        return reply.text, False

    def _format(self, text: str, reply: Reply) -> tuple[str, bool]:
        """One field of the LEDGER left out of the line printed (the numbers stay the AI's own)."""
        ledger = self._carry(reply.ledger)
        text = text.replace(reply.ledger, ledger)
        try:
            fields = self.adapter.parse(ledger)
        except ValueError:
            return text, False
        keys = [k for k in fields if k not in ("turn",)]
        self.rng.shuffle(keys)
        for key in keys:
            m = re.search(r"\b" + re.escape(key) + r"\s*:?\s*" + re.escape(fields[key].split("/")[0]) + r"(?:/\d+)?", ledger)
            if m is None:
                continue
            line = ledger[: m.start()] + ledger[m.end() :]
            try:
                self.adapter.parse(line)
            except ValueError:
                return text.replace(ledger, line), True
        return text, False

    def _save(self, kind: str, text: str, block: str) -> tuple[str, bool]:
        tokens = [m for m in re.finditer(r"\b([a-z]+):(\d+)\b", block) if m.group(1) not in ("turn", "rules", "tape", "day")]
        if not tokens:
            return text, False
        m = self.rng.choice(tokens)
        if kind == "save":
            wrong = block[: m.start()] + f"{m.group(1)}:{int(m.group(2)) + 1}" + block[m.end() :]
        else:
            wrong = block[: m.start()] + block[m.end() :]
            try:
                self.game.load(wrong)
                return text, False  # a field the block can do without: not a format error
            except SaveError:
                pass
        return text.replace(block, wrong), True

    def _leak(self, text: str) -> tuple[str, bool]:
        said = self.adapter.leak(self.game, self.run.state, self.rng)
        if not said:
            return text, False
        lines = text.splitlines()
        return "\n".join([said, "", *lines]), True


def _retoken(line: str, key: str, old: str, new: str) -> str | None:
    """The LEDGER line with one field's value changed, or None where it cannot be found once."""
    pattern = re.compile(r"(\b" + re.escape(key) + r"\s*:?\s*)" + re.escape(old) + r"(?!\d)")
    found = list(pattern.finditer(line))
    if len(found) != 1:
        return None
    m = found[0]
    return line[: m.start()] + m.group(1) + new + line[m.end() :]


def save_in(text: str) -> str | None:
    """The SAVE block in a reply, if it prints one."""
    found = save_blocks(text)
    return found[-1] if found else None

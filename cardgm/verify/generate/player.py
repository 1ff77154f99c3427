"""A scripted casual player: seeded, plays legal moves of the state it is shown, and types as
people do: chatty wrappers, a typo now and then (answered "yes" when the GM confirms a reading),
a question, a correction in the same message, a save and the save pasted back.

It knows no game: the moves and their words come from the game's `moves` module
(`legal(game, state)`, `say(action)`), whose last legal move is the stand-down, never chosen."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

from cardgm.game import ReadAs, Reading

GREETINGS = ("hi! can you run a game for me?", "hey there :) want to play something?", "Hello! I found this game card, can you GM it?")
GREETING_ANSWERS = ("Of course! Paste the card and I'll run it exactly as written.", "Happy to. Send me the card.")
QUESTIONS = ("wait, how are we doing so far?", "hmm what are my options here?", "can you remind me how this works?", "is that good or bad?")
_WRAP = ("{m}", "ok, {m}", "let's do {m} please", "{m}!", "hmm... {m}", "{m}, I think")


@dataclass(frozen=True)
class Message:
    text: str  # what the player types
    kind: str  # move, typo, yes, ask, question, save, resume, correction, repeat
    action: Any = None  # the move meant (a typo's too)


class Player:
    """`next(game, state, pending, last_save)`: the next message, from the state the GM's numbers show."""

    def __init__(self, moves: Any, rng: random.Random, *, casual: bool = True) -> None:
        self.moves, self.rng, self.casual = moves, rng, casual
        self.saved = False
        self.last: str | None = None  # the last move's words, said again now and then

    def move(self, game: Any, state: Any) -> Any:
        legal = list(self.moves.legal(game, state))
        return self.rng.choice(legal[:-1] if len(legal) > 1 else legal)

    def next(self, game: Any, state: Any, pending: Reading | None, last_save: str | None) -> Message:
        rng = self.rng
        if pending is not None and pending.kind is ReadAs.CONFIRM:
            return Message(rng.choice(("yes", "yes", "yep, do it")), "yes")
        action = self.move(game, state)
        words = self.moves.say(action)
        if pending is not None or not self.casual:
            self.last = words
            return Message(words, "ask" if pending is not None else "move", action)
        roll = rng.random()
        if last_save is not None and not self.saved:
            self.saved = True
            return Message(f"ok I'm back. here's where we were:\n\n{last_save}", "resume")
        if roll < 0.06:
            return Message("save", "save")
        if roll < 0.14:
            return Message(rng.choice(QUESTIONS), "question")
        if roll < 0.22 and (typo := _typo(words, rng)) != words:
            return Message(typo, "typo", action)
        if roll < 0.27:
            other = self.moves.say(self.move(game, state))
            if other != words:
                return Message(f"{other}. actually no, {words}", "correction", action)
        if roll < 0.31 and self.last is not None:
            return Message(self.last, "repeat")  # the last move's words again (a cell already fired on)
        self.last = words
        return Message(rng.choice(_WRAP).format(m=words), "move", action)


def _typo(words: str, rng: random.Random) -> str:
    """One word of four letters or more, its last letter dropped and lower-cased ("FULL" → "ful")."""
    found = [m for m in re.finditer(r"[A-Za-z]{4,}", words)]
    if not found:
        return words
    m = rng.choice(found)
    return words[: m.start()] + m.group(0)[:-1].lower() + words[m.end() :]

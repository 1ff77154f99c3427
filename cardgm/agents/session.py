"""One run of a card played by a program: the player's words, or structured moves.

A `Session` is what the Gymnasium environments and `cardgm eval` drive. It owns a `Run` (so
every reply is the very reply `cardgm play` would print) and adds what a program needs: the
legal moves as objects, a fixed universe of moves with a mask, the best score the deal allows,
and the count of messages that moved nothing.

A structured move is played as its words (`moves.say`), so the transcript is one a person could
have typed. It stands alone: whatever the last reply was asking is dropped first (a held partial
call must not complete it into another move), and a confirm line that asks about this very move
is answered yes. A move that is not legal at this moment is refused before the Run sees it
(`IllegalMove`): the reader would read its words as whatever they mean here, which need not be
the move asked for.

>>> from cardgm.card import load_card
>>> s = Session(load_card("deadreckoning"), None)
>>> _ = s.start()
>>> [s.moves.say(a) for a in s.legal()][:3]
['fire A1', 'fire B1', 'fire C1']
>>> s.play(s.moves.from_json({"move": "fire", "cell": "H1"}))[-1].ledger.split(" | ")[0]
'[L] turn:2 shots:1 hits:0 sunk:none'
"""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any

from cardgm.agents import _games
from cardgm.agents.deal import Deal, best, deal
from cardgm.card import Card
from cardgm.game import ReadAs
from cardgm.run import Reply, Run

# A message read as one of these moved nothing: the reply asked back or answered.
NOTHING = (ReadAs.ASK, ReadAs.ANSWER)


class IllegalMove(ValueError):
    """A structured move that is not legal at this moment; nothing was sent."""


def key(moves: ModuleType, action: Any) -> str:
    """A move's identity: its JSON (a BECALMED call read on day 5 is the call of the universe)."""
    return json.dumps(moves.to_json(action), sort_keys=True)


_TABLES: dict[int, tuple[tuple[Any, ...], dict[str, int], dict[Any, int]]] = {}


def _tables(moves: ModuleType, universe: tuple[Any, ...]) -> tuple[tuple[Any, ...], dict[str, int], dict[Any, int]]:
    """The universe, each move's place by its JSON and by the move itself (moves are frozen, so
    hashable): worked out once per universe, which a game gives as one fixed tuple."""
    got = _TABLES.get(id(universe))
    if got is None or got[0] is not universe:
        fixed = tuple(universe)
        got = _TABLES[id(universe)] = (fixed, {key(moves, a): i for i, a in enumerate(fixed)}, {a: i for i, a in enumerate(fixed)})
    return got


class Session:
    """One run of `card`, dealt `n` (None: as printed). Call `start()` first."""

    def __init__(self, card: Card, n: int | None) -> None:
        self.deal: Deal = deal(card, n)
        self.card = self.deal.card
        self.game = self.deal.game
        self.run = Run(self.game)
        self.moves: ModuleType = _games.moves(card.game_id)
        self.universe, self.index, self._at = _tables(self.moves, self.moves.universe(self.game))
        self._cache: tuple[Any, list[Any], frozenset[int]] = (None, [], frozenset())
        self.reply: Reply | None = None
        self.messages = 0  # messages sent to the Run
        self.nothing = 0  # of them, read as an ask or an answer: nothing moved

    # -- playing -----------------------------------------------------------------------------

    def start(self) -> Reply:
        self.reply = self.run.start()
        return self.reply

    def send(self, message: str) -> Reply:
        """The player's words, exactly as typed."""
        reply = self.run.reply(message)
        self.messages += 1
        if reply.read_as in NOTHING:
            self.nothing += 1
        self.reply = reply
        return reply

    def play(self, action: Any) -> list[Reply]:
        """A structured move, as its words (and a yes to its confirm line). Raises IllegalMove."""
        _, legal, at = self._moment()
        i = self._at.get(action)
        if (i is None or i not in at) and key(self.moves, action) not in {key(self.moves, a) for a in legal}:
            raise IllegalMove(f"not a legal move at this moment: {self.moves.say(action)!r}")
        self.run.pending = None  # a structured move stands alone (see the module doc)
        replies = [self.send(self.moves.say(action))]
        pending = self.run.pending
        if replies[0].read_as is ReadAs.CONFIRM and pending is not None and self._same(pending.action, action):
            replies.append(self.send("yes"))
        return replies

    def _same(self, a: Any, b: Any) -> bool:
        """The same move (a BECALMED call the reader stamped with today's day is the day-free
        call of the universe: the same JSON)."""
        try:
            return bool(a == b) or key(self.moves, a) == key(self.moves, b)
        except TypeError:  # not a move of this game at all
            return False

    def legal(self) -> list[Any]:
        """The legal moves of this moment."""
        return list(self._moment()[1])

    def mask(self) -> list[bool]:
        """For each move of the universe: is it legal now."""
        out = [False] * len(self.universe)
        for i in self._moment()[2]:
            out[i] = True
        return out

    def _moment(self) -> tuple[Any, list[Any], frozenset[int]]:
        """(state, its legal moves, their places in the universe), worked out once per state:
        states are immutable, so the same object is the same moment."""
        state = self.run.state
        if self._cache[0] is not state:
            legal = [] if self.ended else list(self.moves.legal(self.game, state))
            at = frozenset(self._place(a) for a in legal)
            self._cache = (state, legal, at)
        return self._cache

    def _place(self, action: Any) -> int:
        i = self._at.get(action)
        return self.index[key(self.moves, action)] if i is None else i

    # -- where it stands ---------------------------------------------------------------------

    @property
    def ended(self) -> bool:
        return self.run.ended

    @property
    def score(self) -> int | None:
        ending = self.game.ending(self.run.state)
        return None if ending is None else ending.score

    @property
    def end(self) -> str | None:
        ending = self.game.ending(self.run.state)
        return None if ending is None else ending.end

    @property
    def turn(self) -> int:
        return int(self.run.state.turn)

    def best(self) -> int | None:
        """The best score this deal allows (an exact search the first time a tape is seen)."""
        return best(self.deal)

    def fields(self) -> dict[str, Any]:
        """The state as plain fields (a fresh dict): nothing hidden before the end."""
        return self.game.fields(self.run.state)

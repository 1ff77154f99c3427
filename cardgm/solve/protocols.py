"""What the solve tools ask of a game: a solver (`cardgm solve`, `cardgm review`, `play
--review`) and par policies (`cardgm par`). A game offers them through its registry entry
(`GameEntry.solver`, `GameEntry.par`), each a "module:attr" naming an object of these shapes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from cardgm.card import Card


class Solution(Protocol):
    """One exact search's answer."""

    @property
    def score(self) -> int: ...  # below 0 when no line reaches the end asked for
    @property
    def end(self) -> str | None: ...
    @property
    def line(self) -> tuple[Any, ...]: ...  # the actions of one best line, in order
    @property
    def searched(self) -> int: ...  # states expanded
    @property
    def seconds(self) -> float: ...


class Search(Protocol):
    """One tape's searches sharing a memo: the best from many states of one run (a review)."""

    def best(self, state: Any, below: int | None = None) -> tuple[int, Any]:
        """The best score from `state` and the first action of a line that reaches it; `below`,
        when known, is a score no line from `state` beats."""
        ...


@dataclass(frozen=True)
class Claim:
    """One of the card's own figures, checked against what the solver found."""

    words: str  # the card's words, quoted
    ok: bool
    found: str  # what the solver found, in words


# A solve's progress: told (states searched, the best score of a whole line found so far) now and then.
Progress = Callable[[int, int], None]


class Solver(Protocol):
    """Best lines by exact search over every line of play on a printed tape."""

    @property
    def ends(self) -> tuple[str, ...]: ...  # the card's ends, each solvable on its own

    def solve(self, tape: tuple[int, ...], end: str | None = None, progress: Progress | None = None) -> Solution:
        """The best line from the opening; with `end`, the best that ends that way. `progress`,
        when given, is told the states searched and the best whole line found so far, every 256 states."""
        ...

    def search(self, tape: tuple[int, ...]) -> Search:
        """A search that keeps its memo over many states of one tape (for a review)."""
        ...

    def message(self, action: Any) -> str:
        """What a player types for `action` in `cardgm play`."""
        ...

    def days(self, tape: tuple[int, ...], line: tuple[Any, ...]) -> list[tuple[int, list[str], str]]:
        """A line day by day: (day, the messages typed that day, the numbers at its end in words)."""
        ...

    def claims(self, card: Card, best: int, by_end: Mapping[str, Solution]) -> list[Claim]:
        """The card's figures that only this game's solver can check ("Five ashore is 100")."""
        ...


def _no_claims(card: Card, by_end: Mapping[str, Solution]) -> list[Claim]:
    return []


@dataclass(frozen=True)
class ModuleSolver:
    """A Solver made of a game module's own functions, the shape BECALMED and DROVER'S AUTUMN
    share: `solve(tape, end=, progress=)`, `Search(tape)`, `message(action)`, `days(tape, line)`
    giving (day, messages, state), and the state at a day's end put in words by `numbers`."""

    ends: tuple[str, ...]
    solve_line: Callable[..., Solution]
    searcher: Callable[[tuple[int, ...]], Search]
    say: Callable[[Any], str]
    by_day: Callable[[tuple[int, ...], tuple[Any, ...]], Sequence[tuple[int, list[str], Any]]]
    numbers: Callable[[Any], str]
    card_claims: Callable[[Card, Mapping[str, Solution]], list[Claim]] = _no_claims

    def solve(self, tape: tuple[int, ...], end: str | None = None, progress: Progress | None = None) -> Solution:
        return self.solve_line(tape, end=end, progress=progress)

    def search(self, tape: tuple[int, ...]) -> Search:
        return self.searcher(tape)

    def message(self, action: Any) -> str:
        return self.say(action)

    def days(self, tape: tuple[int, ...], line: tuple[Any, ...]) -> list[tuple[int, list[str], str]]:
        return [(day, said, self.numbers(s)) for day, said, s in self.by_day(tape, line)]

    def claims(self, card: Card, best: int, by_end: Mapping[str, Solution]) -> list[Claim]:
        return self.card_claims(card, by_end)


# A blind policy: it sees the state and the tape values read so far, never the tape itself.
Policy = Callable[[Any, tuple[int, ...], random.Random], Any]


class ParRules(Protocol):
    """What par needs of a card's rules: its policies, its opening, one step, the end."""

    @property
    def policies(self) -> Mapping[str, Policy]: ...  # by name: cautious, steady, greedy, random

    def new(self) -> Any:
        """The opening state."""
        ...

    def step(self, tape: tuple[int, ...], state: Any, action: Any) -> Any:
        """The state after one action (the rules' apply)."""
        ...

    def done(self, state: Any) -> bool: ...

    def outcome(self, state: Any) -> tuple[str, int]:
        """The end and the score of a finished state."""
        ...


def day_line(day: int, said: Sequence[str], summary: str) -> str:
    """One day of a best line as `cardgm solve` prints it."""
    return f"  day {day:2}  {' / '.join(said):34} {summary}"

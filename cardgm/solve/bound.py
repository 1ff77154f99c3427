"""The exact search a day game's solver runs: depth first through the game's own rules, with a
memo and branch and bound, so the best score it returns is exact.

A game's search subclasses `BranchAndBound` and says what only it knows: when a state is over
and what it scores (`over`, `value`), a score no line from a state can beat (`ceiling`), the state
as the rules will still read it (`key`), the morning's choices, already applied (`groups`), and
one step of the rules (`step`, to follow the best line). The search itself is here once:

- the memo keeps, for each key, an exact value or, for a branch cut short, a proven upper bound
  (`(value, exact, best action)`), so a position two lines reach is searched once;
- a branch whose ceiling is no better than the best already found (or than `alpha`, the floor the
  caller asks to beat) is not searched;
- choices come in groups, each with an optional ceiling of its own (DROVER'S AUTUMN groups a
  store's errands by the beasts sold: selling more leaves less, so once a group cannot beat the
  best found, no later group can, and the search stops opening them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

S = TypeVar("S")
# A choice, applied: (a score no line through it can beat, the action, the state after it).
Child = tuple[int, Any, S]
# A search's progress: (states searched, the best score of a whole line found so far).
Progress = Callable[[int, int], None]

UNREACHABLE = -1  # a search for one end scores every other end like this


@dataclass(kw_only=True)
class BranchAndBound(Generic[S]):
    memo: dict[tuple, tuple[int, bool, Any]] = field(default_factory=dict)
    searched: int = 0  # states expanded (each one's choices applied through the rules)
    progress: Progress | None = None  # told (states searched, best line found so far) now and then
    found: int = UNREACHABLE - 1  # the best score of any whole line reached so far

    # -- what a game's search says --------------------------------------------------------------

    def over(self, s: S) -> bool:
        raise NotImplementedError

    def value(self, s: S) -> int:
        """The score of a state that is over (UNREACHABLE for an end not asked for)."""
        raise NotImplementedError

    def ceiling(self, s: S) -> int:
        """No line from `s` scores more than this."""
        raise NotImplementedError

    def key(self, s: S) -> tuple:
        raise NotImplementedError

    def groups(self, s: S) -> Iterator[tuple[int | None, Callable[[], list[Child[S]]]]]:
        """This morning's choices in groups, the most promising first within each: (a ceiling for
        the whole group and every group after it, or None; the group's choices, applied)."""
        raise NotImplementedError

    def step(self, s: S, action: Any) -> S:
        """The state after `action`, through the rules."""
        raise NotImplementedError

    # -- the search -----------------------------------------------------------------------------

    def search(self, s: S, alpha: int) -> int:
        """The best value from `s` if it beats `alpha`; else an upper bound no more than alpha."""
        if self.over(s):
            v = self.value(s)
            if v > self.found:
                self.found = v
            return v
        k = self.key(s)
        hit = self.memo.get(k)
        if hit is not None:
            v, exact, _ = hit
            if exact or v <= alpha:
                return v
        top = self.ceiling(s)
        if top <= alpha:
            return top
        self.searched += 1
        if self.progress is not None and not self.searched & 255:
            self.progress(self.searched, self.found)
        best, best_action = UNREACHABLE - 1, None
        for group_top, children in self.groups(s):
            if group_top is not None:  # what this group and every later one could still make
                group_top = min(top, group_top)
                if group_top <= max(alpha, best):
                    best = max(best, group_top)
                    break
            for ceiling, action, after in children():
                floor = max(alpha, best)
                if ceiling <= floor:
                    best = max(best, ceiling)
                    continue
                v = self.search(after, floor)
                if v > best:
                    best, best_action = v, action
                if best >= top:
                    break
            if best >= top:
                break
        self.memo[k] = (best, best > alpha, best_action)
        return best

    def line(self, s: S) -> tuple[tuple[Any, ...], S]:
        """Follow the memo's best actions from `s` to the end."""
        actions = []
        while not self.over(s):
            _, exact, action = self.memo[self.key(s)]
            assert exact and action is not None, "the best line runs through exact entries only"
            actions.append(action)
            s = self.step(s, action)
        return tuple(actions), s

"""Tampered SAVE blocks, judged against the states play can really reach.

For each card, a bounded search walks every line of play from the opening (every legal action,
every answer to a dusk or a ship) through the first few days, and keeps each state a SAVE could
be taken in, in a canonical form: the SAVE block the state prints, with the turn set aside (a
turn is any count of replies at least the days need, and is checked on its own). Then blocks are
tampered with: one field at a time, or two at once, set to a value that field takes somewhere
else in the search, to a number just past it, or to a wild one (negative, 10**30). Each tampered
block is loaded by the game: a block it accepts must be a state the search reached, and a block
that describes a reached state must be accepted.

The generator knows the SAVE format only as `key:value` tokens, and reads the values each field
takes from the search itself, so what it tries is what a person editing a block by hand tries:
a day-one block with a later day's flag, a crew from another day, water from another voyage.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from cardgm.card import load_card
from cardgm.game import Game, GameError, SaveError
from cardgm.games import make_game

Canonical = str  # a SAVE block with its turn field set aside
TURN = 100  # the turn a sample block says: more replies than any searched state needs


@dataclass(frozen=True)
class Reached:
    """The states a bounded search reached, as SAVE blocks (turn aside)."""

    game: Game
    bound: int  # every state whose measure (`measure`) is at most this was searched
    measure: Callable[[Any], int]  # a state's day, or its shots
    saves: frozenset[Canonical]  # each reached state's SAVE, as the game prints it
    texts: frozenset[Canonical]  # those, and any other form of them the card allows (a dusk)
    samples: tuple[str, ...]  # real SAVE blocks, one per reached state (turn as printed)

    def holds(self, block: str) -> bool | None:
        """Is the state this block loads to one the search reached? None when it lies past the
        search's bound (nothing can be said). Raises SaveError when the game refuses it."""
        state = self.game.load(block)
        if self.measure(state) > self.bound:
            return None
        return canonical_save(self.game, state) in self.saves


def canonical_save(game: Game, state: Any) -> Canonical:
    return re.sub(r"\bturn:\d+", "turn:_", game.save(replace(state, turn=1)))


# -- the bounded searches, one per card ---------------------------------------------------------------


def becalmed(days: int) -> Reached:
    """Every BECALMED morning through day `days`: each day's legal calls, the turtle taken or
    not, every count of flares burnt for a ship. A dusk before its dawn is read (tape even, the
    card's other place for a reply to stop) is kept as a second form of the next morning."""
    from cardgm.games.becalmed import rules

    game = make_game(load_card("becalmed"))
    tape = game.card.tape  # type: ignore[attr-defined]
    frontier = {canonical_save(game, game.new()): game.new()}
    saves: dict[Canonical, Any] = dict(frontier)
    for _ in range(days - 1):
        nxt: dict[Canonical, Any] = {}
        for state in frontier.values():
            stack = [state]
            while stack:
                s = stack.pop()
                for action in rules.legal_actions(s):
                    after, _ = rules.apply(s, action, tape)
                    if after.end is not None:
                        continue
                    if after.phase != "calls":
                        stack.append(after)  # the dusk waits on the turtle or the signal
                        continue
                    key = canonical_save(game, after)
                    if key not in saves:
                        nxt[key] = saves[key] = after
        frontier = nxt
    dusks = {canonical_save(game, replace(s, day=s.day - 1, tape=s.tape - 1)) for s in saves.values() if s.day > 1}
    return _reached(game, days, lambda s: s.day, saves, dusks)


def cattle_trail(days: int) -> Reached:
    """Every DROVER'S AUTUMN morning through day `days`: every order and every business a
    morning's store allows (meal by the measure, selling by the beast), business done alone, the
    crossings by every boat, toll and ford."""
    from cardgm.games.cattle_trail import rules
    from cardgm.games.cattle_trail.actions import BusinessOnly
    from cardgm.games.cattle_trail.search import orders

    game = make_game(load_card("cattle-trail"))
    tape = game.card.tape  # type: ignore[attr-defined]
    start = game.new()
    frontier = {canonical_save(game, start): start}
    saves: dict[Canonical, Any] = dict(frontier)
    while frontier:  # business alone keeps the day, so the search runs until nothing is new
        nxt: dict[Canonical, Any] = {}
        for state in frontier.values():
            actions: list[Any] = list(orders(state, -1))
            actions += [BusinessOnly(o.business) for o in actions if o.business and not (o.business.roof or o.business.park)]
            for action in actions:
                try:
                    after, _ = rules.apply(state, action, tape, events=False)
                except GameError:
                    continue
                if after.end is not None or after.day > days:
                    continue
                key = canonical_save(game, after)
                if key not in saves:
                    nxt[key] = saves[key] = after
        frontier = nxt
    return _reached(game, days, lambda s: s.day, saves)


def deadreckoning(shots: int) -> Reached:
    """Every DEADRECKONING grid of up to `shots` salvos on the card's printed berth (the berth is
    printed in the card, so nothing is hidden from this search)."""
    from cardgm.games.deadreckoning.actions import Salvo
    from cardgm.games.deadreckoning.state import cell_name

    game = make_game(load_card("deadreckoning"))
    start = game.new()
    frontier = {canonical_save(game, start): start}
    saves: dict[Canonical, Any] = dict(frontier)
    for _ in range(shots):
        nxt: dict[Canonical, Any] = {}
        for state in frontier.values():
            for i, mark in enumerate(state.grid):
                if mark != ".":
                    continue
                after, _ = game.apply(state, Salvo(cell_name(i)))
                key = canonical_save(game, after)
                if game.ending(after) is None and key not in saves:
                    nxt[key] = saves[key] = after
        frontier = nxt
    return _reached(game, shots, lambda s: s.shots, saves)


def _reached(game: Game, bound: int, measure: Callable[[Any], int], saves: dict[Canonical, Any], other: Iterable[Canonical] = ()) -> Reached:
    # The rules do not count replies (the Run does), so the search's states all say turn 1; a real
    # block says a turn at least its days or shots need, and the tampering leaves it alone.
    samples = tuple(game.save(replace(s, turn=TURN)) for s in saves.values())
    return Reached(game, bound, measure, frozenset(saves), frozenset(saves) | frozenset(other), samples)


# -- the tampering -----------------------------------------------------------------------------------

_TOKEN = re.compile(r"(\S+?):(\S*)")
WILD = ("-1", "0", "1", "10", "99", str(10**30), "1e30", "x", "")


def fields(block: str) -> list[tuple[str, str]]:
    """The key:value tokens of a SAVE block, in order."""
    inner = block.split("\n", 1)[1].rsplit("\n", 1)[0]
    return [(m.group(1), m.group(2)) for m in _TOKEN.finditer(inner)]


def rebuild(block: str, changed: dict[str, str]) -> str:
    def sub(m: re.Match[str]) -> str:
        key = m.group(1)
        return f"{key}:{changed[key]}" if key in changed else m.group(0)

    head, rest = block.split("\n", 1)
    inner, tail = rest.rsplit("\n", 1)
    return f"{head}\n{_TOKEN.sub(sub, inner)}\n{tail}"


def _nearby(value: str) -> Iterator[str]:
    """A number just past this one, each way (and each part of an n/total)."""
    m = re.fullmatch(r"(-?\d+)(/\d+)?", value)
    if not m:
        return
    n, total = int(m.group(1)), m.group(2) or ""
    for k in (n - 1, n + 1, n + 5):
        yield f"{k}{total}"


def tampered(reached: Reached, count: int, seed: int = 0, fixed: Iterable[str] = ("game", "m", "rules", "v", "sha", "turn")) -> list[str]:
    """`count` tampered blocks: real SAVE blocks with one or two fields changed, to values each
    field takes elsewhere in the search, to neighbouring numbers, or to wild ones. The card's
    constant fields and the turn are left alone (the loader's own checks of those are tested
    with the notation)."""
    rng = random.Random(seed)
    values: dict[str, set[str]] = {}
    for block in reached.samples:
        for key, value in fields(block):
            values.setdefault(key, set()).add(value)
    keys = sorted(k for k in values if k not in fixed)
    pools = {k: sorted(values[k]) for k in keys}
    out: list[str] = []
    seen: set[str] = set()
    samples = sorted(reached.samples)
    attempts = 0
    while len(out) < count and attempts < count * 20:
        attempts += 1
        block = rng.choice(samples)
        own = dict(fields(block))
        changed: dict[str, str] = {}
        for key in rng.sample(keys, rng.choice((1, 1, 2))):
            roll = rng.random()
            if roll < 0.7:
                changed[key] = rng.choice(pools[key])
            elif roll < 0.9:
                near = list(_nearby(own[key]))
                changed[key] = rng.choice(near) if near else rng.choice(WILD)
            else:
                changed[key] = rng.choice(WILD)
        if all(own.get(k) == v for k, v in changed.items()):
            continue
        new = rebuild(block, changed)
        if new not in seen:
            seen.add(new)
            out.append(new)
    return out


@dataclass(frozen=True)
class Judged:
    block: str
    accepted: bool
    reached: bool | None  # None: past the search's bound
    reason: str  # the loader's reason for a refusal


def judge(reached: Reached, blocks: Iterable[str]) -> list[Judged]:
    out = []
    for block in blocks:
        try:
            holds = reached.holds(block)
        except SaveError as exc:
            out.append(Judged(block, False, _reached_anyway(reached, block), str(exc)))
            continue
        out.append(Judged(block, True, holds, ""))
    return out


def _reached_anyway(reached: Reached, block: str) -> bool:
    """A refused block: is its text, turn aside, one of a reached state's forms?"""
    return re.sub(r"\bturn:\S+", "turn:_", block) in reached.texts


# -- what the days played allow, field by field --------------------------------------------------------


def envelope(reached: Reached) -> dict[tuple[int, str], tuple[int, int] | frozenset[str]]:
    """For each day (or shot count) and field: the range of a number, or the set of other values,
    over every state the search reached then. A field outside it is one no line reaches that day."""
    out: dict[tuple[int, str], Any] = {}
    for block in reached.samples:
        measure = reached.measure(reached.game.load(block))
        for key, value in fields(block):
            number = re.fullmatch(r"(\d+)(?:/\d+)?", value)
            slot = (measure, key)
            if number:
                n = int(number.group(1))
                lo, hi = out.get(slot, (n, n))
                out[slot] = (min(lo, n), max(hi, n))
            else:
                out[slot] = out.get(slot, frozenset()) | {value}
    return out


def outside(reached: Reached, bounds: dict, block: str) -> list[str]:
    """The fields of an accepted block outside what its day allows (empty when all are inside)."""
    measure = reached.measure(reached.game.load(block))
    if measure > reached.bound or re.search(r"\btape:\d*[02468]\b", block):
        return []  # past the search, or a dusk before its dawn (a form of the next morning)
    out = []
    for key, value in fields(block):
        if key == "turn" or (measure, key) not in bounds:
            continue
        allowed = bounds[measure, key]
        number = re.fullmatch(r"(\d+)(?:/\d+)?", value)
        if isinstance(allowed, tuple):
            if not number or not allowed[0] <= int(number.group(1)) <= allowed[1]:
                out.append(f"{key}:{value} (day {measure} allows {allowed[0]}–{allowed[1]})")
        elif value not in allowed:
            out.append(f"{key}:{value} (day {measure} allows {', '.join(sorted(allowed))})")
    return out

"""Issue 19, item 1, after DROVER'S AUTUMN's held days: a block of day 9 to 21 is checked by a search
from every morning of day reach.EXACT_DAYS toward it (reach.toward), kept to the mornings that can
still come to it.

Checked three ways: the grouped search's day 9 against a plain state-by-state one (every morning
of day 8, every order, every errand by every count), and tampered day-9 blocks judged against
that plain set through the loader; every test the search sets a morning aside by is held on real
lines of random play (a morning a line passes through always passes toward any later morning of
the same line); and mornings of random play on days 9 to 12 resume. bench/bench_reach.py --late runs
the same on day 10 and on many more late mornings, with times.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from functools import cache

import pytest

from cardgm.card import load_card
from cardgm.game import SaveError
from cardgm.games import make_game
from cardgm.games.cattle_trail import notation as cn
from cardgm.games.cattle_trail import reach, rules
from cardgm.games.cattle_trail.actions import Business, BusinessOnly, TurnForHome
from cardgm.games.cattle_trail.events import Bought, Lodged, Sold
from cardgm.games.cattle_trail.state import MEAL_MAX, Drove

DROVE = load_card("cattle-trail")
TAPE = DROVE.tape
FIELD = re.compile(r"\b(mile|head|flesh|meal|silver|wear|spate|shod|crew|laid):")


def plain_next_day(today: set[reach.Key], day: int) -> set[reach.Key]:
    """The next day's mornings, one state at a time: every order, then every errand by every
    count the herd, the bag and the silver allow, one after another."""
    arrived: set[reach.Key] = set()
    for key in today:
        s = reach.drove(key, day)
        for order in reach._orders(s):
            if rules.refusal(s, order) is None:
                after, _ = rules.apply(s, order, TAPE, events=False)
                if after.end is None:
                    arrived.add(reach.key_of(after))
    out = set(arrived)
    stack = [reach.drove(k, day + 1) for k in arrived if rules.legal_business(reach.drove(k, day + 1))]
    while stack:
        s = stack.pop()
        offered = rules.legal_business(s)
        errands = [Business(meal=n) for n in range(1, min(MEAL_MAX - s.meal, s.silver) + 1)]
        errands += [Business(sell=n) for n in range(1, s.head + 1)] if "SELL" in offered else []
        errands += [Business(shoe=True)] if "SHOE" in offered and not s.shod else []
        errands += [Business(hire=1)] if "HIRE" in offered else []
        for b in errands:
            if rules.refusal(s, BusinessOnly(b)) is None:
                after, _ = rules.apply(s, BusinessOnly(b), TAPE, events=False)
                k = reach.key_of(after)
                if k not in out:
                    out.add(k)
                    stack.append(after)
    return out


@cache
def plain_day_9() -> frozenset[reach.Key]:
    day8 = reach.mornings(TAPE, 8)
    assert day8 is not None
    return frozenset(plain_next_day(set(day8.keys), 8))


def test_grouped_search_is_the_plain_one_on_day_9() -> None:
    day8 = reach.mornings(TAPE, 8)
    assert day8 is not None
    grouped = reach.next_day(day8, TAPE)
    assert len(grouped) == len(plain_day_9()) == 45_875
    assert grouped.keys == plain_day_9()


CHANGES = {
    "mile": lambda s, r: {"mile": max(0, s.mile + r.choice((-4, -1, 1, 4)))},
    "head": lambda s, r: {"head": max(1, s.head + r.choice((-3, -1, 1, 2)))},
    "flesh": lambda s, r: {"flesh": r.randrange(7)},
    "meal": lambda s, r: {"meal": r.randrange(13)},
    "silver": lambda s, r: {"silver": max(0, s.silver + r.choice((-3, -1, 1, 3)))},
    "wear": lambda s, r: {"wear": r.randrange(5)},
}


def test_day_9_tampered_blocks_resume_exactly_when_the_plain_search_reaches_them() -> None:
    game, plain, rng = make_game(DROVE), plain_day_9(), random.Random(9)
    counts = {"reached": 0, "unreached": 0}
    for key in rng.sample(sorted(plain, key=repr), 4):
        s = reach.drove(key, 9)
        for change in CHANGES.values():
            t = replace(s, turn=30, **change(s, rng))
            block = cn.save(t)
            if reach.key_of(t) in plain:
                counts["reached"] += 1
                game.load(block)
            else:
                counts["unreached"] += 1
                with pytest.raises(SaveError) as exc:
                    game.load(block)
                assert FIELD.search(str(exc.value)), str(exc.value)
    assert counts["reached"] >= 2 and counts["unreached"] >= 10, counts


@cache
def played(games: int = 200, seed: int = 19) -> tuple[tuple[tuple[Drove, rules.Action], ...], ...]:
    """`games` random drives on the printed tape, each to its end (any order or errand the rules
    list, one at a time; a SAVE may be taken between errands): each morning with the action
    taken from it."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        s, line = Drove(), []
        while not s.ended:
            actions = [a for a in rules.legal_actions(s) if not isinstance(a, TurnForHome)]
            action = rng.choice(actions)
            line.append((s, action))
            s, _ = rules.apply(s, action, TAPE, events=False)
        out.append(tuple(line))
    return tuple(out)


@cache
def lines(games: int = 200, seed: int = 19) -> tuple[tuple[Drove, ...], ...]:
    """The mornings of `played`'s drives."""
    return tuple(tuple(s for s, _ in line) for line in played(games, seed))


def test_every_test_the_search_sets_a_morning_aside_by_holds_on_real_lines() -> None:
    """Toward any later morning of its own line, a morning of day EXACT_DAYS on passes every test:
    were one not a fact of the rules, some line would break it."""
    pairs = 0
    for line in lines()[:80]:
        late = [s for s in line if s.day >= reach.EXACT_DAYS]
        for i, before in enumerate(late):
            for after in late[i + 1 :: 4]:
                goal = reach._Toward(after, rules.RULED)  # the parts: the test below
                assert goal.keep(reach.rest_of(before), 1 << before.silver, before.day), (cn.save(before), cn.save(after), goal.cut)
                pairs += 1
    assert pairs > 1_000


def test_each_part_of_a_real_line_comes_to_that_of_its_later_mornings() -> None:
    """The flesh, larder, herd and body tests on their own, every morning of day EXACT_DAYS on
    toward every later morning of its line: a part that could not come to a later one of its own
    line would be a move the rules make that the parts' probes leave out."""
    parts = {"flesh": reach.flesh_of, "larder": reach.larder_of, "herd": reach.herd_of, "body": reach.body_of}
    pairs = 0
    for line in lines()[80:120]:
        late = [s for s in line if s.day >= reach.EXACT_DAYS]
        for i, before in enumerate(late):
            for after in late[i + 1 :: 2]:
                goal = reach._Toward(after, rules.RULED, TAPE)
                for name, part_of in parts.items():
                    assert goal.comes(name, before.day, part_of(reach.rest_of(before))), (name, cn.save(before), cn.save(after))
                pairs += 1
    assert pairs > 1_000


def _late_blocks(days: range, count: int, seed: int) -> list[Drove]:
    """Mornings of random play on `days` and a tamper of each (one field moved, as CHANGES do)."""
    rng = random.Random(seed)
    late = [s for line in lines() for s in line if s.day in days]
    out = []
    for s in rng.sample(late, count):
        out += [s, replace(s, **rng.choice(list(CHANGES.values()))(s, rng))]
    return out


def test_the_parts_never_change_an_answer() -> None:
    """The search with the flesh, larder, herd and body tests answers as the search without them;
    depth first to the end, a day at a time from the start, and the two in turn answer alike; on
    blocks of days 9 to 11 (where the search without the parts is short)."""
    answers = {True: 0, False: 0}
    for t in _late_blocks(range(9, 12), 8, 31):
        found = reach.toward(t, TAPE).reached
        assert reach.toward(t, TAPE, depth_first=0).reached == found, cn.save(t)
        assert reach.toward(t, TAPE, depth_first=None).reached == found, cn.save(t)
        assert reach.toward(t, TAPE, parts=False, depth_first=None).reached == found, cn.save(t)
        answers[found] += 1
    assert answers[True] >= 8 and answers[False] >= 2, answers


def test_late_blocks_are_answered_alike_depth_first_and_a_day_at_a_time() -> None:
    """Days 12 to 14, past where the search without the parts is short: depth first and a day at a
    time answer alike (a day at a time is slow on a block play reaches: it goes through every
    morning kept)."""
    answers = {True: 0, False: 0}
    for t in _late_blocks(range(12, 15), 4, 37):
        found = reach.toward(t, TAPE).reached
        assert reach.toward(t, TAPE, depth_first=0).reached == found, cn.save(t)
        answers[found] += 1
    assert answers[True] >= 4, answers


def test_day_9_blocks_are_found_exactly_as_the_plain_set_holds_them() -> None:
    """The search toward a day-9 block against every morning of day 9, state by state."""
    plain, rng = plain_day_9(), random.Random(39)
    counts = {True: 0, False: 0}
    for key in rng.sample(sorted(plain, key=repr), 6):
        s = reach.drove(key, 9)
        for change in CHANGES.values():
            t = replace(s, **change(s, rng))
            inside = reach.key_of(t) in plain
            assert reach.toward(t, TAPE).reached == inside, cn.save(t)
            counts[inside] += 1
    assert counts[True] >= 6 and counts[False] >= 18, counts


def test_mornings_of_random_play_on_late_days_resume() -> None:
    """A sample from days 9 to 12, where the search is short (a later block can take it minutes:
    bench/bench_reach.py --late times days 9 to 21)."""
    game, rng = make_game(DROVE), random.Random(21)
    late = [s for line in lines() for s in line if s.day > reach.EXACT_DAYS]
    assert {s.day for s in late} >= set(range(reach.EXACT_DAYS + 1, 22))
    for s in rng.sample([s for s in late if s.day <= 12], 8):
        game.load(cn.save(replace(s, turn=40)))


def test_a_late_block_no_line_reaches_is_refused_naming_the_field() -> None:
    """A day-12 morning of random play with one more silver than any line of it leaves (found by
    the search, which the test above holds to the rules)."""
    game = make_game(DROVE)
    for line in lines():
        s = next((m for m in line if m.day == 12 and m.mile < 90), None)
        if s is None:
            continue
        t = replace(s, turn=40, silver=s.silver + 7)
        if reach.toward(t, TAPE).reached:
            continue
        with pytest.raises(SaveError) as exc:
            game.load(cn.save(t))
        assert "silver:" in str(exc.value) and "day 12" in str(exc.value), str(exc.value)
        return
    pytest.fail("no day-12 morning to tamper")


def test_the_search_is_for_later_days_only() -> None:
    with pytest.raises(ValueError):
        reach.toward(Drove(day=reach.EXACT_DAYS), TAPE)


def _paid_and_lost(s: Drove, action: rules.Action) -> tuple[int, int]:
    """What one real action pays for the larder (meal bought, at any price it was bought; a
    ROOF's share of a lodging, the PARK's own price left to the flesh) and the beasts it loses
    (head gone but not sold)."""
    after, events = rules.apply(s, action, TAPE)
    paid = sum(e.cost for e in events if isinstance(e, Bought))
    paid += sum(e.cost - (rules.PARK_PRICE if e.park else 0) for e in events if isinstance(e, Lodged) and e.roof)
    sold = sum(e.head for e in events if isinstance(e, Sold))
    return paid, s.head - after.head - sold


def test_what_a_real_line_pays_and_loses_is_within_the_searched_bounds() -> None:
    """The silver bound's facts on real lines: from a morning of day EXACT_DAYS on toward any
    later morning of its own line, the larder's least and most spending (`keep_spends`) hold what
    the line paid for meal and ROOFs in between, and the herd's most beasts lost (`most_lost`)
    holds what it lost; and the morning, with its own silver, is kept by every test the search
    sets a morning aside by (the silver bound among them)."""
    pairs, spent, lost_any = 0, 0, 0
    for line in played()[120:140]:
        costs = [(0, 0)] + [_paid_and_lost(s, a) for s, a in line]
        paid = [sum(c[0] for c in costs[: i + 1]) for i in range(len(line))]  # paid before morning i
        lost = [sum(c[1] for c in costs[: i + 1]) for i in range(len(line))]
        late = [i for i, (s, _) in enumerate(line) if s.day >= reach.EXACT_DAYS]
        for n, i in enumerate(late):
            before = line[i][0]
            for j in late[n + 1 :: 5]:
                after = line[j][0]
                goal = reach._Toward(after, rules.RULED, TAPE)
                rest = reach.rest_of(before)
                least, most = goal.keep_spends(before.day, reach.larder_of(rest))
                assert least <= paid[j] - paid[i] <= most, (cn.save(before), cn.save(after), least, most, paid[j] - paid[i])
                assert lost[j] - lost[i] <= goal.most_lost(before.day, reach.herd_of(rest)), (cn.save(before), cn.save(after))
                assert goal.keep(rest, 1 << before.silver, before.day), (cn.save(before), cn.save(after), goal.cut)
                pairs += 1
                spent += paid[j] > paid[i]
                lost_any += lost[j] > lost[i]
    assert pairs > 400 and spent > 150 and lost_any > 200, (pairs, spent, lost_any)


def test_the_silver_bound_never_changes_an_answer() -> None:
    """The search with the least and most a line can still spend and lose (`_Toward._dear`)
    answers as the search without it, on blocks of days 9 to 14 (random play's and a tamper of
    each): every verdict identical. bench/bench_reach.py --agree runs more."""
    answers = {True: 0, False: 0}
    for t in _late_blocks(range(9, 15), 6, 43):
        found = reach.toward(t, TAPE).reached
        assert reach.toward(t, TAPE, spends=False).reached == found, cn.save(t)
        answers[found] += 1
    assert answers[True] >= 6 and answers[False] >= 2, answers


def smiddy_block(silver: int) -> Drove:
    """Day 21 at the Smiddy, the herd sold but one beast, Hector hired and Ewan laid up: a block
    the search without the silver bound took minutes over (every sale the Smiddy allows stayed in
    it, since no part test read what a sale leaves)."""
    return Drove(
        turn=37, day=21, mile=90, head=1, flesh=6, meal=12, silver=silver, wear=1, spate=0,
        crew=("you", "Calum", "Bran", "Hector"), laid=("Ewan",), tape=20,
    )  # fmt: skip


def test_the_smiddy_block_with_163_silver_resumes() -> None:
    block = cn.save(smiddy_block(163))
    assert make_game(DROVE).load(block) is not None


@pytest.mark.parametrize("silver", [163, 183])
def test_the_smiddy_blocks_are_answered_in_a_few_groups(silver: int) -> None:
    """Without the silver bound the search held 409,633 groups of mornings for 163 silver (47 s)
    and 140,000 for 183 (43 s); with it, under a thousand."""
    assert reach.toward(smiddy_block(silver), TAPE).searched < 1_000


def test_the_smiddy_block_with_183_silver_is_refused_naming_silver() -> None:
    """183 silver and one beast are 186 of silver and head together (3 a beast); no morning of
    day 8 has more than 200, and none has enough over 186 for what every line from it must still
    pay (Hector, and the meal and ROOFs that bring its larder to the block's)."""
    with pytest.raises(SaveError) as exc:
        make_game(DROVE).load(cn.save(smiddy_block(183)))
    assert "silver:" in str(exc.value) and "day 21" in str(exc.value), str(exc.value)


def _day_12_block() -> Drove:
    """A morning of day 12 from random play, as a player would paste it."""
    return next(s for line in lines() for s in line if s.day == 12 and s.mile == 57)


def test_the_part_searches_are_asked_only_of_mornings_the_search_goes_to(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A block play reaches is most often found in a few groups; the flesh, larder, herd and silver
    searches are asked only of a morning the search goes to, not of every morning of day 8 and
    every sibling it ranks (thousands, where most of a check's time went)."""
    asked: list[tuple[int, reach.Rest]] = []
    apart = reach._Toward._apart

    def counting(self: reach._Toward, rest: reach.Rest, day: int) -> str | None:
        asked.append((day, rest))
        return apart(self, rest, day)

    monkeypatch.setattr(reach._Toward, "_apart", counting)
    found = reach.toward(_day_12_block(), TAPE)
    assert found.reached and found.searched < 50, found.searched
    assert len(asked) < 100, (len(asked), found.searched)  # asked of every morning ranked: about 600


def test_the_search_shows_the_day_it_is_on(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A late check can take seconds: in a terminal a status line says so, with the day searched
    (cardgm.progress draws it only when stderr is a terminal; here the task is counted instead)."""
    from contextlib import contextmanager

    from cardgm.progress import Task

    seen: list[str] = []
    statuses: list[str] = []

    class Recording(Task):
        def status(self, text: str) -> None:
            statuses.append(text)

    @contextmanager
    def task(description: str, total: int | None = None, *, quiet: bool = False):  # type: ignore[no-untyped-def]
        seen.append(description)
        yield Recording()

    monkeypatch.setattr(reach, "task", task)
    block = _day_12_block()
    assert reach.toward(block, TAPE).reached
    assert seen == ["Checking the SAVE against every line of play"]
    days = [int(re.match(r"day (\d+) of 12", s).group(1)) for s in statuses]  # type: ignore[union-attr]
    assert set(days) == set(range(reach.EXACT_DAYS, 13)), days
    statuses.clear()
    assert reach.toward(block, TAPE, depth_first=0).reached  # a day at a time: each day said as it is worked out
    assert [int(re.match(r"day (\d+) of 12", s).group(1)) for s in statuses] == list(range(reach.EXACT_DAYS + 1, 13))  # type: ignore[union-attr]


def test_a_late_block_of_random_play_far_past_the_smiddy_is_found_depth_first() -> None:
    """Day 20 at the Town, 4 head and 131 silver, shod, Hector and Morag hired, Ewan and Calum laid
    up: random play's own morning (seed 19's drives). Depth first finds its line in 62,754 groups
    (about 20 s of CPU); with a budget of 60,000 moves the search went on a day at a time from day
    8 instead and was still at it after 4 minutes (past the Smiddy's sales a day holds hundreds of
    thousands of groups)."""
    block = next(s for line in lines() for s in line if (s.day, s.mile, s.head, s.silver) == (20, 143, 4, 131))
    found = reach.toward(block, TAPE)
    assert found.reached and found.searched < 100_000, found.searched

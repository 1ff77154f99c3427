"""The best score a tape allows, by exhaustive search over the card's own rules.

The card claims "96 is the best line this tape allows, checked against every line". `best_line`
checks that claim: a depth-first search over every order and every morning's business, through
`rules.apply` itself, that skips a branch only when no line from it could beat the best found so
far (HEAD never rises, so a drove's score is at most HEAD × 10 ÷ 6 − 10 per hand laid up), or
when it can no longer reach the tryst ground by day 21. States already searched are not searched
twice. `rulings` swaps in a rival reading of a doubtful sentence (see rules.Rulings), which is how
docs/rulings.md (DROVER'S AUTUMN, Part 1) shows which readings agree with the card's 96.

One thing is left out on purpose, and the proof of it is one line: HIRE needs a hand laid up
first (at most two hands on their feet), and a hand laid up costs 10, so no line with a hire can
beat 90; the search skips HIRE once its best is above that. TRADE is SELL then MEAL, which the
search already tries together.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from cardgm.games.cattle_trail import rules
from cardgm.games.cattle_trail.actions import Business, DayOrder
from cardgm.games.cattle_trail.state import FINAL_DAY, LAST_DAY, MEAL_MAX, TRYST_MILE, Drove


@dataclass(frozen=True)
class Best:
    score: int
    line: tuple[DayOrder, ...]  # the orders of one line that scores it
    searched: int  # states expanded


@cache
def min_days(mile: int) -> int:
    """The fewest days from `mile` to the tryst ground, by the fastest orders (PUSH, the toll)."""
    if mile >= TRYST_MILE:
        return 0
    if mile in (12, 57):
        return 1 + min_days(mile + 1)
    if mile == 118:
        return 1 + min(min_days(119 + miles) for miles in (8, 12, 16))
    stop, _ = rules.next_landmark(mile)
    return 1 + min_days(min(mile + 16, stop))


def bound(s: Drove) -> int:
    """No line from `s` scores more than this."""
    if s.ended:
        return rules.score(s)
    days = s.day - 1 + min_days(s.mile)
    if days > FINAL_DAY:
        return 0
    flesh = 5 if days > LAST_DAY else 6  # sold on day 21: FLESH counts one less
    return max(0, min(100, s.head * (flesh + 4) // 6 - 10 * len(s.laid)))


def orders(s: Drove, best: int) -> list[DayOrder]:
    """Every order for this morning, with every business the morning's store allows."""
    base = [DayOrder(o, toll_pace=p) for o in rules.legal_orders(s) for p in ((*rules.MARCH_PACES, rules.REST) if o == "TOLL" else (None,))]
    offered = rules.legal_business(s)
    if not offered:
        return base
    out: list[DayOrder] = []
    top_sell = s.head if "SELL" in offered else 0
    for sell in range(top_sell + 1):
        if sell and (s.head - sell) * 10 // 6 - 10 * len(s.laid) <= best:
            break  # selling more only lowers the ceiling
        silver = s.silver + 3 * sell
        head = s.head - sell
        for shoe in ((False, True) if "SHOE" in offered and not s.shod else (False,)):
            shoe_cost = rules.per_ten(head) if shoe else 0
            if shoe_cost > silver:
                continue
            hires = range(0, 3) if "HIRE" in offered and best < 90 else range(1)
            for hire in hires:
                if hire and (len(s.hands) + hire > 2 or silver - shoe_cost < 4 * hire):
                    continue
                left = silver - shoe_cost - 4 * hire
                for order in base:
                    lodgings = [(False, False)]
                    if order.order == rules.REST:
                        if left >= 2:
                            lodgings.append((True, False))
                        if "PARK" in offered and left >= 3:
                            lodgings.append((False, True))
                        if "PARK" in offered and left >= 5:
                            lodgings.append((True, True))
                    for roof, park in lodgings:
                        cost = (5 if roof and park else 2 if roof else 3 if park else 0)
                        room = min(MEAL_MAX - s.meal, left - cost)
                        for meal in range(max(0, room) + 1):
                            business = Business(meal=meal, roof=roof, shoe=shoe, hire=hire, sell=sell, park=park)
                            out.append(DayOrder(order.order, business, order.toll_pace))
    return out


def best_line(
    tape: tuple[int, ...], rulings: rules.Rulings = rules.RULED, start: Drove | None = None, above: int = -1
) -> Best | None:
    """The best score from `start` (the opening by default) over every line, and one line for it;
    only lines scoring more than `above` are looked for (None if there are none), which is what
    keeps the search small: to beat 95 a drove can lose at most two beasts on the whole road."""
    seen: set[Drove] = set()
    best_score = above
    best: tuple[DayOrder, ...] = ()
    path: list[DayOrder] = []

    def search(s: Drove) -> None:
        nonlocal best_score, best
        if s.ended:
            sc = rules.score(s)
            if sc > best_score:
                best_score, best = sc, tuple(path)
            return
        if bound(s) <= best_score or s in seen:
            return
        seen.add(s)
        children = []
        for order in orders(s, best_score):
            after, _ = rules.apply(s, order, tape, rulings, checked=False, events=False)
            children.append((bound(after), order, after))
        children.sort(key=lambda c: -c[0])
        for ceiling, order, after in children:
            if ceiling <= best_score:
                break
            path.append(order)
            search(after)
            path.pop()

    search(start or Drove())
    if best_score <= above:
        return None
    return Best(best_score, best, len(seen))

"""Playing cardgm's DROVER'S AUTUMN and the independent engine (`cattle_trail_ref`) side by side.

cardgm is driven only through its public surface: `make_game`, a `Run`, the Game's
`legal_actions` / `refusal` / `save` / `load`, the action records of
`cardgm.games.cattle_trail.actions`, the game's `moves` (`legal`, and `say`: the words for a move),
and `rules.LISTED_SALE`, the bound `legal_actions`'s docstring names for SELL and TRADE. Each move goes in as the player's words, as the
card plays: an order runs at once (one reply); an errand on its own and "turn for home" are read as
a confirm line and then a bare "yes" (two replies, ORDERS rules 0 and 4).

After every move both sides are compared: the LEDGER line byte for byte, the SAVE block, whether
and how the drove ended, the RESULT line and the score; and at every morning, which moves each
side allows.

By hand: `.venv/bin/python -m tests.independent.cattle_trail_diff GAMES [FIRST_SEED] [--load]
[--seed=SEED]` plays GAMES games and prints what they went through; `--load` also resumes the
engine's SAVE block in cardgm every morning (slow: `load` checks the morning can be reached);
`--seed=SEED` plays a card file printing the tape derived from SEED instead.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgm import Run, load_card, make_game
from cardgm.game import Game, ReadAs, SaveError
from cardgm.games import card_text
from cardgm.games.cattle_trail import moves
from cardgm.games.cattle_trail.actions import Business, BusinessOnly, DayOrder, TurnForHome
from cardgm.games.cattle_trail.rules import LISTED_SALE
from tests.independent import cattle_trail_ref as ref

CgAction = DayOrder | BusinessOnly | TurnForHome


def new_game(tape: tuple[int, ...] = ref.TAPE, folder: Path | None = None) -> Game[Any, CgAction]:
    """cardgm's game of the shipped card, or of a card file in `folder` that prints `tape`
    instead (a card of one's own: cardgm plays the tape a card prints)."""
    if tape == ref.TAPE:
        return make_game(load_card("cattle-trail"))
    assert folder is not None and len(tape) == 40
    text = card_text("cattle-trail")
    printed = " ".join(map(str, ref.TAPE))
    assert text.count(printed) == 1
    path = folder / "cattle-trail-other-tape.md"
    path.write_text(text.replace(printed, " ".join(map(str, tape))), encoding="utf-8")
    return make_game(load_card(str(path)))


# ---- the two action vocabularies -------------------------------------------------------------


def to_ref(a: CgAction) -> ref.Act:
    if isinstance(a, TurnForHome):
        return ref.Act(home=True)
    b = a.business
    order, pace = (None, None) if isinstance(a, BusinessOnly) else (a.order, a.toll_pace)
    return ref.Act(order=order, pace=pace, meal=b.meal, sell=b.sell, trade=b.trade, shoe=b.shoe, hire=b.hire, roof=b.roof, park=b.park)


def to_cardgm(a: ref.Act) -> CgAction:
    if a.home:
        return TurnForHome()
    b = Business(meal=a.meal, roof=a.roof, shoe=a.shoe, hire=a.hire, sell=a.sell, trade=a.trade, park=a.park)
    if a.order is None:
        return BusinessOnly(b)
    return DayOrder(a.order, b, a.pace) if b else DayOrder(a.order, toll_pace=a.pace)


# ---- the engine's own list of moves, bounded as cardgm's `moves` module documents its list ---


def ref_moves(s: ref.Drove) -> list[ref.Act]:
    """What `moves.legal` lists (the moves for programs), from the engine, within the bound that
    module documents: the day's orders (TOLL once per pace), a REST under a ROOF, a PARK or both
    where the store has them and the purse holds them, each errand alone that changes something
    (MEAL 1-12, SELL 1-13, TRADE 1-4, one HIRE), and "turn for home"."""
    if s.end is not None:
        return []
    out = ref.orders_here(s)
    errands = ref.errands_here(s)
    if "roof" in errands and s.silver >= 2:
        out.append(ref.Act(order="REST", roof=True))
    if "park" in errands and s.silver >= 3:
        out.append(ref.Act(order="REST", park=True))
    if "park" in errands and s.silver >= 5:
        out.append(ref.Act(order="REST", roof=True, park=True))
    if "meal" in errands:
        out += [ref.Act(meal=n) for n in range(1, min(12, 12 - s.meal, s.silver) + 1)]
    if "shoe" in errands and not s.shod and s.silver >= ref.per_ten(s.head):
        out.append(ref.Act(shoe=True))
    if "hire" in errands and s.hired < 2 and len(s.hands) < 2 and s.silver >= 4:
        out.append(ref.Act(hire=1))
    if "sell" in errands:
        out += [ref.Act(sell=n) for n in range(1, min(13, s.head) + 1)]
    if "trade" in errands:
        out += [ref.Act(trade=n) for n in range(1, min(4, s.head) + 1)]
    out.append(ref.Act(home=True))
    return out


def ref_legal_actions(s: ref.Drove) -> list[ref.Act]:
    """What the Game's `legal_actions` lists, from the engine, within the bound its docstring
    gives: every order, TOLL once with each pace; at a store REST with ROOF, with PARK, with both
    where the store sells them; each errand alone: MEAL 1 up to what the bag holds and the silver
    buys, SHOE, HIRE 1, SELL and TRADE 1 to 12 beasts (no more than the herd); "turn for home"."""
    if s.end is not None:
        return []
    out = ref.orders_here(s)
    errands = ref.errands_here(s)
    if "roof" in errands:
        out.append(ref.Act(order="REST", roof=True))
    if "park" in errands:
        out += [ref.Act(order="REST", park=True), ref.Act(order="REST", roof=True, park=True)]
    if "meal" in errands:
        out += [ref.Act(meal=n) for n in range(1, min(12 - s.meal, s.silver) + 1)]
    if "shoe" in errands and not s.shod:
        out.append(ref.Act(shoe=True))
    if "hire" in errands:
        out.append(ref.Act(hire=1))
    if "sell" in errands:
        out += [ref.Act(sell=n) for n in range(1, min(LISTED_SALE, s.head) + 1)]
    if "trade" in errands:
        out += [ref.Act(trade=n) for n in range(1, min(LISTED_SALE, s.head) + 1)]
    out.append(ref.Act(home=True))
    return out


def probe_moves(s: ref.Drove) -> list[ref.Act]:
    """A wider net than either list: every order with and without each errand, so that both sides
    are asked about moves one of them should refuse (a pace at a crossing, boats or a toll past
    the purse, business away from a store, a ROOF with a march, a SELL past the herd)."""
    orders: list[tuple[str | None, str | None]] = [(o, None) for o in (*ref.MARCHES, "REST", "ONE BOAT", "TWO BOATS", "FORD")]
    orders += [("TOLL", p) for p in (*ref.MARCHES, "REST")] + [("TOLL", None), (None, None)]
    errand_sets: list[dict[str, Any]] = [
        {}, {"meal": 3}, {"meal": 12}, {"roof": True}, {"park": True}, {"roof": True, "park": True},
        {"shoe": True}, {"hire": 1}, {"hire": 2}, {"sell": 2}, {"sell": s.head}, {"sell": s.head + 1},
        {"trade": 1}, {"sell": 5, "meal": 4, "shoe": True}, {"trade": 2, "roof": True},
    ]
    out = [ref.Act(order=o, pace=p, **e) for o, p in orders for e in errand_sets if o is not None or e]
    out.append(ref.Act(home=True))
    return out


def say(a: ref.Act) -> str:
    return moves.say(to_cardgm(a))


def ref_allows(s: ref.Drove, a: ref.Act) -> bool:
    try:
        ref.legal_check(s, a)
    except ref.Refused:
        return False
    return True


# ---- one game, both sides --------------------------------------------------------------------


@dataclass
class Mismatch(AssertionError):
    game: int
    step: int
    what: str
    moves: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        said = "; ".join(self.moves)
        return f"game {self.game}, move {self.step}: {self.what}\n  moves: {said}"


@dataclass
class Tally:
    games: int = 0
    moves: int = 0
    days: int = 0
    mornings: int = 0
    ends: dict[str, int] = field(default_factory=dict)
    seen: dict[str, int] = field(default_factory=dict)  # what the games went through

    def saw(self, what: str) -> None:
        self.seen[what] = self.seen.get(what, 0) + 1


def features(before: ref.Drove, a: ref.Act, after: ref.Drove) -> Iterator[str]:
    """Named situations a move went through, to show what the games covered."""
    if a.order is not None and a.has_business:
        yield f"errands with the order: {sum(bool(getattr(a, e)) for e in ('meal', 'sell', 'trade', 'shoe', 'hire', 'roof', 'park'))}"
    if a.roof and a.park and 2 <= before.silver < 5:
        yield "ROOF and PARK asked, silver for one"
    if a.park and not a.roof and before.silver < 3:
        yield "PARK refused: a plain REST"
    if a.hire and after.hired == before.hired:
        yield "HIRE refused, free"
    if a.shoe and not after.shod:
        yield "SHOE refused, free"
    if a.order is not None:
        yield f"order {a.order}{' ' + a.pace if a.pace else ''}"
    for errand in ("meal", "sell", "trade", "shoe", "hire", "roof", "park"):
        if getattr(a, errand):
            yield f"{errand}{' alone' if a.order is None else ''}"
    if a.order == "FORD" and before.mile == ref.BRIDGE:
        yield "bridge FORD"
    if before.bran and not after.bran:
        yield "Bran runs off home"
    if not before.bran and before.mile >= 119 and before.mile < ref.TOWN and after.head < before.head and a.order in ref.MARCHES:
        yield "strath without the dog"
    if len(after.laid) > len(before.laid):
        yield f"laid up: {after.laid[-1]}"
    if after.hired > before.hired:
        yield f"hired: {ref.HIRES[after.hired - 1]}"
    if after.hired - before.hired == 2:
        yield "two hired in one morning"
    if after.end in ("laid-up", "scattered") and after.mile == ref.TRYST:
        yield f"{after.end} on the tryst ground"
    if before.spate >= 2 and a.order == "FORD":
        yield f"a FORD at SPATE {before.spate}"
    if after.end == "sold":
        yield f"sold at dusk on day {after.day - 1}"
        if after.laid:
            yield "sold with hands laid up"
        if after.score == 1:
            yield "sold, score clamped to 1"
    if after.mile == ref.TRYST and after.day - before.day > 1:
        yield f"reached the tryst early: {after.day - before.day - 1} REST days"
    if after.shod and ref.TOWN <= after.mile:
        yield "shod on the low road"
    if after.end is not None and a.order is None and not a.home:
        yield f"{after.end} after business alone"
    if a.sell + a.trade and after.head == 0:
        yield "the whole herd sold"
    if after.meal == 0 and before.meal == 0 and a.order:
        yield "no meal to eat"




def check_same_moves(game: Game[Any, CgAction], cg_state: Any, s: ref.Drove, fail: Callable[[str], None]) -> list[CgAction]:
    """Both directions: cardgm's list is the engine's list; every move either lists passes the
    other's check; and on the wider probe both agree which moves are refused."""
    cg_list = list(game.legal_actions(cg_state))
    for name, theirs_list, ours_list in (
        ("legal_actions", cg_list, ref_legal_actions(s)),
        ("moves.legal", moves.legal(game, cg_state), ref_moves(s)),
    ):
        theirs = {to_ref(a) for a in theirs_list}
        ours = set(ours_list)
        if theirs != ours:
            fail(f"{name} differs: only cardgm {sorted(map(say, theirs - ours))}; only the engine {sorted(map(say, ours - theirs))}")
    for a in set(ref_legal_actions(s)) | set(ref_moves(s)) | set(probe_moves(s)):
        cg_ok = game.refusal(cg_state, to_cardgm(a)) is None
        if cg_ok != ref_allows(s, a):
            fail(f"{a}: cardgm {'allows' if cg_ok else 'refuses'} it, the engine {'refuses' if cg_ok else 'allows'} it")
    return cg_list


def compare(run: Run, reply: Any, s: ref.Drove, fail: Callable[[str], None], check_load: bool = False) -> None:
    if reply.ledger != ref.ledger(s):
        fail(f"LEDGER\n  cardgm: {reply.ledger}\n  engine: {ref.ledger(s)}")
    ended = s.end is not None
    if reply.ended != ended or reply.end != s.end:
        fail(f"end: cardgm {reply.end!r} (ended {reply.ended}), engine {s.end!r}")
    if ended:
        if reply.score != s.score:
            fail(f"score: cardgm {reply.score}, engine {s.score}")
        if reply.result != ref.result_line(s):
            fail(f"RESULT\n  cardgm: {reply.result}\n  engine: {ref.result_line(s)}")
    else:
        block = run.game.save(run.state)
        if block != ref.save_block(s):
            fail(f"SAVE\n--- cardgm\n{block}\n--- engine\n{ref.save_block(s)}")
        if not check_load:
            return
        # The engine's SAVE, resumed by cardgm, stands where the engine stands. (Optional: `load`
        # checks that the morning can be reached, a search that takes seconds on some mornings.)
        try:
            back = run.game.ledger(run.game.load(ref.save_block(s)))
        except SaveError as exc:
            fail(f"cardgm refuses the engine's SAVE: {exc}\n{ref.save_block(s)}")
        if back != ref.ledger(s):
            fail(f"the engine's SAVE resumed by cardgm\n  cardgm: {back}\n  engine: {ref.ledger(s)}")


def play_move(run: Run, a: CgAction) -> Any:
    """The move as the player's words: one reply for an order, a confirm line and "yes" for an
    errand alone or "turn for home"."""
    words = moves.say(a)
    reply = run.reply(words)
    if isinstance(a, DayOrder):
        if reply.read_as is not ReadAs.MOVE or reply.action != a:
            raise AssertionError(f"{words!r} was read as {reply.read_as} {reply.action}, not {a}")
        return reply
    if reply.read_as is not ReadAs.CONFIRM:
        raise AssertionError(f"{words!r} was read as {reply.read_as}, not a confirm line")
    reply = run.reply("yes")
    if reply.action != a:
        raise AssertionError(f"yes to {words!r} ran {reply.action}, not {a}")
    return reply


Chooser = Callable[[random.Random, list[CgAction], list[ref.Act], ref.Drove], CgAction]


def uniform_cardgm(rng: random.Random, cg: list[CgAction], _: list[ref.Act], s: ref.Drove) -> CgAction:
    return rng.choice(cg)


def uniform_engine(rng: random.Random, _: list[CgAction], ours: list[ref.Act], s: ref.Drove) -> CgAction:
    return to_cardgm(rng.choice(ours))


def onward(rng: random.Random, cg: list[CgAction], ours: list[ref.Act], s: ref.Drove) -> CgAction:
    """Uniform among cardgm's list, but "turn for home" only one time in 200: uniform play turns
    home in the first few days, and the road's far end is where most of the rules are."""
    stay = [a for a in cg if not isinstance(a, TurnForHome)]
    if not stay or rng.random() < 0.005:
        return rng.choice(cg)
    return rng.choice(stay)


def orders_first(rng: random.Random, cg: list[CgAction], ours: list[ref.Act], s: ref.Drove) -> CgAction:
    """Uniform among the engine's list without "turn for home", an errand alone one time in four:
    the day's orders then come up as often as the morning's many errands."""
    stay = [a for a in ours if not a.home]
    days = [a for a in stay if a.order is not None]
    if not stay:
        return to_cardgm(rng.choice(ours))
    if days and rng.random() < 0.75:
        return to_cardgm(rng.choice(days))
    return to_cardgm(rng.choice(stay))


def drover(rng: random.Random, cg: list[CgAction], ours: list[ref.Act], s: ref.Drove) -> CgAction:
    """A drover who means to reach the tryst, at random: onward more often than not, a REST
    when the party is worn, meal bought when the bag runs low, other errands now and then,
    "turn for home" almost never. Some droves push and arrive early, some dawdle into day 21."""
    stay = [a for a in ours if not a.home]
    if not stay:
        return to_cardgm(rng.choice(ours))
    errands = [a for a in stay if a.order is None]
    meal = [a for a in errands if a.meal]
    if meal and s.meal < 6 and rng.random() < 0.8:
        return to_cardgm(max(meal, key=lambda a: a.meal) if rng.random() < 0.7 else rng.choice(meal))
    if errands and rng.random() < 0.2:
        return to_cardgm(rng.choice(errands))
    days = [a for a in stay if a.order is not None]
    rests = [a for a in days if a.order == "REST"]
    if rests and s.wear >= 4 and rng.random() < 0.8:
        return to_cardgm(rng.choice(rests))
    weight = {"EASY": 2, "STEADY": 6, "PUSH": 3, "REST": 0.5, "ONE BOAT": 2, "TWO BOATS": 3, "FORD": 3, "TOLL": 4}
    names = sorted({a.order or "" for a in days})
    name = rng.choices(names, weights=[weight[n] for n in names])[0]
    return to_cardgm(rng.choice([a for a in days if a.order == name]))


def make_sprinter(push: float, worn: int, hire: float, extras: float) -> Chooser:
    """A drover who means to be at the tryst early: PUSH (with chance `push`) or STEADY while the
    party holds, a REST (under a roof where there is one) from WEAR `worn`, the bag filled with
    the toll kept in hand, a hand hired when one is down (chance `hire`), the other errands (SHOE,
    PARK, TOLL at any pace) with chance `extras`, both boats; one morning in ten something else
    at random. Reaches the tryst before day 20 often enough to play its REST days there."""

    def choose(rng: random.Random, cg: list[CgAction], ours: list[ref.Act], s: ref.Drove) -> CgAction:
        stay = [a for a in ours if not a.home]
        if not stay or rng.random() < 0.1:
            return to_cardgm(rng.choice(stay or ours))

        def first(*wanted: ref.Act) -> CgAction | None:
            for a in wanted:
                if a in stay:
                    return to_cardgm(a)
            return None

        keep = ref.per_ten(s.head) if s.mile < ref.BRIDGE else 0
        room = min(12 - s.meal, s.silver - keep)
        if room > 0 and (got := first(ref.Act(meal=room))):
            return got
        if len(s.hands) < 2 and s.silver - keep >= 4 and rng.random() < hire and (got := first(ref.Act(hire=1))):
            return got
        if s.silver - keep >= 6 and rng.random() < extras and (got := first(ref.Act(shoe=True))):
            return got
        if s.wear >= worn or (s.wear == worn - 1 and rng.random() < 0.3):
            lodgings = [ref.Act(order="REST", roof=True, park=True), ref.Act(order="REST", park=True)] if rng.random() < extras else []
            if got := first(*lodgings, ref.Act(order="REST", roof=True), ref.Act(order="REST")):
                return got
        pace = "PUSH" if s.wear < worn - 1 and rng.random() < push else "STEADY"
        toll = rng.choice((*ref.MARCHES, "REST")) if rng.random() < extras else pace
        got = first(
            ref.Act(order=pace), ref.Act(order="TWO BOATS"), ref.Act(order="ONE BOAT"), ref.Act(order="TOLL", pace=toll),
            ref.Act(order="FORD"), ref.Act(order="REST"),
        )
        return got or to_cardgm(rng.choice(stay))

    return choose


sprinter = make_sprinter(push=0.6, worn=4, hire=0.7, extras=0.1)
hard_driver = make_sprinter(push=0.9, worn=5, hire=1.0, extras=0.5)


def line(text: str) -> tuple[ref.Act, ...]:
    """A line of play written "STEADY / MEAL 4, EASY / TOLL STEADY / ...": one reply each."""
    out = []
    for move in text.split(" / "):
        meal = 0
        words = move.split(", ")
        if words[0].startswith("MEAL "):
            meal = int(words.pop(0).split()[1])
        order = words[0] if words else None
        pace = None
        if order and order.startswith("TOLL "):
            order, pace = "TOLL", order.split()[1]
        out.append(ref.Act(order=order, pace=pace, meal=meal))
    return tuple(out)


# The line docs/rulings.md gives for the card's "96 is the best line this tape allows".
BEST_LINE = line(
    "STEADY / TWO BOATS / EASY / STEADY / STEADY / STEADY / FORD / EASY / STEADY / STEADY / MEAL 4, EASY / REST / "
    "EASY / STEADY / TOLL STEADY / STEADY / MEAL 2, EASY / EASY / STEADY / EASY"
)
# A line found with the engine that reaches the tryst at dusk on day 17: days 18 to 20 are RESTs there.
EARLY_LINE = line(
    "STEADY / TWO BOATS / STEADY / STEADY / MEAL 7 / PUSH / STEADY / FORD / PUSH / PUSH / MEAL 6 / STEADY / PUSH / "
    "FORD / STEADY / STEADY / MEAL 3 / STEADY / STEADY / STEADY"
)


def make_follower(moves_: tuple[ref.Act, ...], off: float) -> Chooser:
    """Follow a line while the drove stands where the line stood (day and mile), with chance `off`
    something else at random (never "turn for home"); off the line, the sprinter."""
    plan, s = {}, ref.Drove()
    for a in moves_:
        plan[(s.day, s.mile, s.meal)] = a
        s = ref.apply(s, a)

    def choose(rng: random.Random, cg: list[CgAction], ours: list[ref.Act], s: ref.Drove) -> CgAction:
        planned = plan.get((s.day, s.mile, s.meal))
        if planned is not None and not ref_allows(s, planned):
            planned = None
        stay = [a for a in ours if not a.home]
        if planned is not None and rng.random() >= off:
            return to_cardgm(planned)
        if planned is not None and stay:
            return to_cardgm(rng.choice(stay))
        return sprinter(rng, cg, ours, s)

    return choose


near_best = make_follower(BEST_LINE, 1 / 6)
near_early = make_follower(EARLY_LINE, 1 / 8)


def shopper(rng: random.Random, cg: list[CgAction], ours: list[ref.Act], s: ref.Drove) -> CgAction:
    """At a store, several errands at once with the day's order, in one message (ruling 7: they
    run SELL, TRADE, SHOE, HIRE, ROOF/PARK, MEAL, the sale paying for the rest); elsewhere the
    sprinter. The errands and counts are drawn at random among what the store offers."""
    errands = ref.errands_here(s)
    if not errands or rng.random() < 0.15:
        return sprinter(rng, cg, ours, s)
    pick: dict[str, Any] = {}
    for errand in errands:
        if rng.random() < 0.4:
            if errand == "meal":
                pick["meal"] = rng.randint(1, 12)
            elif errand in ("sell", "trade"):
                pick[errand] = rng.randint(1, max(1, min(6, s.head // 3)))
            elif errand == "hire":
                pick["hire"] = rng.choice((1, 1, 2))
            else:
                pick[errand] = True
    orders = [a.order for a in ref.orders_here(s)]
    order = "REST" if pick.get("roof") or pick.get("park") else rng.choice(orders)
    a = ref.Act(order=order, **pick)
    return to_cardgm(a) if ref_allows(s, a) else sprinter(rng, cg, ours, s)


CHOOSERS: tuple[Chooser, ...] = (
    uniform_cardgm, uniform_engine, onward, orders_first, drover, sprinter, hard_driver, near_best, near_early, near_best,
    shopper,
)


def play_one(
    game: Game[Any, CgAction], seed: int, choose: Chooser, tally: Tally, check_load: bool = False, tape: tuple[int, ...] = ref.TAPE
) -> None:
    rng = random.Random(seed)
    run = Run(game, keep=False)
    said: list[str] = []
    step = 0

    def fail(what: str) -> None:
        raise Mismatch(seed, step, what, said)

    s = ref.Drove()
    compare(run, run.start(), s, fail)
    while s.end is None:
        tally.mornings += 1
        cg_list = check_same_moves(game, run.state, s, fail)
        ours = ref_legal_actions(s)
        a = choose(rng, cg_list, ours, s)
        said.append(moves.say(a))
        step += 1
        day_before = s.day
        before = s
        s = ref.apply(s, to_ref(a), tape)
        for what in features(before, to_ref(a), s):
            tally.saw(what)
        reply = play_move(run, a)
        compare(run, reply, s, fail, check_load)
        tally.moves += 1
        tally.days += s.day - day_before
    check_same_moves(game, run.state, s, fail)
    tally.games += 1
    tally.ends[s.end] = tally.ends.get(s.end, 0) + 1


def play_many(n: int, first_seed: int = 0, check_load: bool = False, tape: tuple[int, ...] = ref.TAPE, folder: Path | None = None) -> Tally:
    """`n` games, the players taken in turn from CHOOSERS, game i on seed `first_seed + i`, on
    the printed tape or on a card file printing `tape` (written in `folder`)."""
    game = new_game(tape, folder)
    tally = Tally()
    for i in range(n):
        play_one(game, first_seed + i, CHOOSERS[i % len(CHOOSERS)], tally, check_load, tape)
    return tally


if __name__ == "__main__":
    import sys

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    seeds = [a.split("=", 1)[1] for a in sys.argv if a.startswith("--seed=")]
    if seeds:
        import tempfile

        with tempfile.TemporaryDirectory() as folder:
            last = play_many(count, first, tape=ref.derive_tape(seeds[0]), folder=Path(folder))
    else:
        last = play_many(count, first, check_load="--load" in sys.argv)
    print(f"{last.games} games, {last.moves} moves, {last.days} days, ends {last.ends}")
    for what, n in sorted(last.seen.items()):
        print(f"  {n:6d}  {what}")

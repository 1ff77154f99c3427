"""DROVER'S AUTUMN: a player's message, read by the card's ORDERS section, into a Reading.

`read(game, state, message, pending)` is pure: it decides what the message IS — a command, an
order that runs at once (MOVE), a hedged order (CONFIRM: "Today: …? (yes/no)"), an ASK naming only
the options or asking how many, business alone (its CONFIRM line), or no order at all (ANSWER, and
a request for the order; no day used). What an order would do comes from the rules. It never
raises on a player's words. Rulings: docs/rulings.md (DROVER'S AUTUMN, Part 2).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from cardgm.chatter import asks_for_save
from cardgm.game import ReadAs, Reading, asked_again
from cardgm.games.cattle_trail import questions, rules
from cardgm.games.cattle_trail.actions import Business, BusinessOnly, DayOrder, TurnForHome, place_kind
from cardgm.games.cattle_trail.orders_parse import Errand, Hit, Parsed, correction_openers, parse, put_off
from cardgm.games.cattle_trail.orders_say import (
    ask_order,
    business_words,
    choices,
    confirm_line,
    how_many,
    or_list,
    store_lacks,
    tips,
    what_would_happen,
)
from cardgm.games.cattle_trail.orders_words import (
    MARCH,
    NO_SAID,
    NONE_SAID,
    PACES,
    PUT_OFF,
    YES_SAID,
    Tok,
    bare_number,
    bare_word,
    is_word,
)
from cardgm.games.cattle_trail.state import Drove

CROSSINGS = ("kyle", "ford", "bridge")
CROSSING_OPTIONS = {"kyle": ("ONE BOAT", "TWO BOATS", "REST"), "ford": ("FORD", "REST"), "bridge": ("TOLL", "FORD", "REST")}

LOST_BEASTS = "They are not seen again on this road."
NOT_ON_THIS_ROAD = "Not on this road."
ORDERS_ARE_YOURS = "The orders are yours."


# -- the plan: what the message orders, before it is judged -----------------------------------------


@dataclass(frozen=True)
class Plan:
    """A message's orders and business, as the reader will judge them."""

    orders: tuple[str, ...] = ()  # distinct named orders, in the order named
    toll_paces: tuple[str, ...] = ()  # at the bridge, with TOLL: the paces found anywhere
    errands: tuple[Errand, ...] = ()  # business that counts (not negated)
    hedged: bool = False  # rule 3: the order becomes a confirm line
    put_off: bool = False  # rule 3: the order is put off (tomorrow, later)
    settled: bool | None = None  # an if/unless/when as the Ledger or tape settles it; None: not settled
    settle_note: str = ""  # what settled it
    branch: str | None = None  # the order of the other branch (otherwise, else)
    home: bool = False  # turn for home, go home, give up or quit, inside a longer message
    remarks: tuple[str, ...] = field(default=())  # lines said before the reading's own
    either_lodging: bool = False  # "park or roof?": ROOF and PARK offered as alternatives, not together

    @property
    def business(self) -> Business:
        b: dict[str, Any] = {}
        for e in self.errands:
            if e.kind == "MEAL":
                b["meal"] = e.count or 0
            elif e.kind in ("SELL", "TRADE", "HIRE"):
                b[e.kind.lower()] = e.count or 0
            else:
                b[e.kind.lower()] = True
        return Business(**b)


def _kinds(p: Plan) -> set[str]:
    return {e.kind for e in p.errands}


# Words a condition may be about that are neither the sky nor the river: such an if is not settled by them.
_LEDGER_WORDS = frozenset({
    "flesh", "wear", "head", "meal", "silver", "crew", "herd", "cattle", "beasts", "ewan", "calum", "bran", "hector",
    "morag", "hands", "score", "toll", "food", "money",
})  # fmt: skip


def _condition(p: Parsed, state: Drove, raw: int) -> tuple[bool | None, str]:
    """An if/unless/when the Ledger or tape settles: the day's sky from the tape (reading ahead is
    allowed), the river from the Ledger at dawn. None when the words are not about either."""
    for word, toks in p.conditions:
        words = {t.low for t in toks}
        if words & _LEDGER_WORDS:
            continue  # "steady if wear is low", "push if flesh is fine": not the sky or the river

        stemmed = [t for t in toks]
        negate = (word == "unless") ^ any(t.low in ("not", "no") or t.low.endswith("n't") for t in toks)
        value: bool | None = None
        note = ""
        sky = rules.sky(raw)
        if any(is_word(t, "storm", "stormy") for t in stemmed):
            value, note = sky == "STORM", f"day {state.day}'s value is {raw}, {sky}"
        elif any(is_word(t, "rain", "rainy", "wet", "shower") for t in stemmed):
            value, note = sky == "RAIN", f"day {state.day}'s value is {raw}, {sky}"
        elif words & {"fair", "dry", "clear", "fine", "sunny"} or "weather" in words and "good" in words:
            value, note = sky == "FAIR", f"day {state.day}'s value is {raw}, {sky}"
        elif words & {"river", "water", "spate", "burn", "ford", "flood", "low", "high"} or any(
            is_word(t, "drop", "fall", "rise") for t in stemmed
        ):
            river = rules.river(state.spate)
            note = f"the river is {river} this morning, SPATE {state.spate}"
            if words & {"high", "flood"} or any(is_word(t, "rise", "flood") for t in stemmed):
                value = state.spate >= 2
            elif "up" in words:
                value = state.spate >= 1
            elif words & {"low", "down"} or any(is_word(t, "drop", "fall") for t in stemmed):
                value = state.spate == 0
        if value is not None:
            return value ^ negate, note
    return None, ""


def _opener_toks(p: Parsed) -> set[int]:
    """The tokens of the correction openers ("no", ",", "actually"…), found again from the parse."""
    return {k for s, e in correction_openers(p.toks) for k in range(s, e)}


def _joined_by_or(p: Parsed, a: Hit, b: Hit) -> bool:
    lo, hi = (a, b) if a.start < b.start else (b, a)
    between = p.toks[lo.end : hi.start]
    return bool(between) and all(t.low in ("and", "or", "but", ",") for t in between) and any(t.low == "or" for t in between)


def _in_clause_with(p: Parsed, i: int, e: Errand) -> bool:
    """Does token i stand in the errand's clause (no , . : ; ! ? between them)?"""
    lo, hi = (e.end, i) if i >= e.end else (i + 1, e.start)
    return not any(t.kind == "p" and t.low != "-" for t in p.toks[lo:hi])


def plan(p: Parsed, state: Drove, raw: int) -> Plan:
    """Rules 1–3 on a parsed message: the named orders, the business, the hedges."""
    named = list(p.named)
    # A correction withdraws what was named before it (rule 3: "the order after a correction").
    if p.corrections:
        last = max(p.corrections)
        named = [h for h in named if h.start > last]
    branch_hits = [h for h in named if h.why == "branch"]
    named = [h for h in named if h.why != "branch"]
    kind = p.place
    if kind == "kyle" and p.corrections and any(h.order == "ONE BOAT" for h in p.hits) and not named:
        # "cross with one boat... no, two": after a correction a bare two (or both) is the boats' count
        last = max(p.corrections)
        rest = [t for t in p.toks[last:] if t.kind != "p" and t.i not in _opener_toks(p)]
        if len(rest) == 1 and rest[0].low in ("two", "2", "both"):
            named = [Hit("TWO BOATS", rest[0].i, rest[0].i + 1, named=True, why="correction")]
    if kind == "kyle" and any(h.order == "TWO BOATS" for h in p.hits):
        # "at the Kyle, two/both/2 boats anywhere is TWO BOATS": cross, swim, boat go with it.
        named = [replace(h, order="TWO BOATS") if h.order == "ONE BOAT" and not h.phrase else h for h in named]
        if not named and any(h.order == "TWO BOATS" for h in p.hits):
            named = [h for h in p.hits if h.order == "TWO BOATS"]
    toll_paces: list[str] = []
    if kind == "bridge" and any(h.order == "TOLL" for h in named):
        # "at the bridge, a pace anywhere is TOLL's pace" — but REST offered with "or" is the
        # bridge's own REST, an alternative (ruling 27).
        tolls = [h for h in named if h.order == "TOLL"]
        keep = []
        for h in p.hits:
            if h.order not in PACES:
                continue
            if h.order == "REST" and any(_joined_by_or(p, h, t) for t in tolls):
                continue
            if h.order not in toll_paces:
                toll_paces.append(h.order)
        for h in named:
            if h.order in PACES and h.order in toll_paces:
                continue
            keep.append(h)
        named = keep
    orders: list[str] = []
    for h in named:
        if h.order not in orders:
            orders.append(h.order)
    if len(orders) >= 2:
        # "Let's rest today; push tomorrow": an order put off is not a second order for today (one day each)
        today = [o for o in orders if not any(put_off(p, h) for h in named if h.order == o)]
        if len(today) == 1:
            orders, named = today, [h for h in named if h.order == today[0]]
    branch = None
    for h in branch_hits:
        if h.order not in orders:
            branch = h.order
            break
    settled, note = _condition(p, state, raw) if p.conditions else (None, "")
    putoff = False
    if len(named) >= 1 and len(orders) == 1:
        putoff = any(put_off(p, h) for h in named)
        if orders[0] == "TOLL" and len(toll_paces) == 1 and not putoff:  # "pay the toll and push tomorrow": its one pace put off puts it off
            putoff = any(put_off(p, h) for h in p.hits if h.order in PACES)
    if not orders and p.business and any(_in_clause_with(p, t.i, e) for t in p.toks if t.low in PUT_OFF for e in p.business):
        putoff = True  # "buy 4 meal tomorrow", "park tomorrow": business put off is asked, not confirmed for today
    return Plan(
        orders=tuple(orders),
        toll_paces=tuple(toll_paces),
        errands=p.business,
        hedged=p.hedged,
        put_off=putoff,
        settled=settled,
        settle_note=note,
        branch=branch,
        home=_holds_home(p.toks),
        remarks=_remarks(p),
        either_lodging=_either_lodging(p),
    )


def _either_lodging(p: Parsed) -> bool:
    """ROOF and PARK joined by "or" ("park or roof?"): two errands offered as alternatives."""
    lodging = sorted((e for e in p.business if e.kind in ("ROOF", "PARK")), key=lambda e: e.start)
    if len(lodging) != 2:
        return False
    between = {t.low for t in p.toks[lodging[0].end : lodging[1].start]}
    return "or" in between and "and" not in between


# -- things said about the message, whatever it orders ---------------------------------------------

_HOME = (("turn", "for", "home"), ("go", "home"), ("give", "up"), ("quit",), ("head", "home"), ("going", "home"), ("turn", "back"))


def _holds_home(toks: tuple[Tok, ...]) -> bool:
    firsts = {phrase[0] for phrase in _HOME}
    for i in range(len(toks)):
        if toks[i].low not in firsts:
            continue
        for phrase in _HOME:
            if all(i + k < len(toks) and toks[i + k].low == w for k, w in enumerate(phrase)):
                after = toks[i + len(phrase)] if i + len(phrase) < len(toks) else None
                if phrase in (("quit",), ("give", "up")) and after is not None and (after.low.endswith("ing") or after.low == "on"):
                    continue  # "I quit pushing", "give up on pushing": a pace given up, not the drove
                before = toks[max(0, i - 3) : i]
                if not any(t.low in ("not", "never", "no") or t.low.endswith("n't") or t.low in ("dont", "wont") for t in before):
                    return True
    return False


_LOSS = ("lost", "stray", "strayed", "strays", "missing", "swept", "broke", "heifers", "gone")
_STRAY = ("stray", "strayed", "strays")  # "will cattle stray?" asks the rule, not after lost beasts
_SEEK = ("where", "find", "fetch", "search", "look", "back", "recover", "happened", "again", "return", "about", "come", "bring")
_CHANGE = re.compile(
    r"\b((?:swap|swapp?ing)(?![^.?!,;]* for (?:meal|oats|oatmeal|food)\b)|re-?roll|roll again|split (the|our|my)? ?(herd|drove|cattle|beasts)|"
    r"(change|set|make|alter|bump|raise|lower|edit) (the |my |our |today's |that )?"
    r"(value|tape|dice|die|roll|number|numbers|head|flesh|meal|silver|wear|spate|band|score|ledger)|"
    r"skip (a|the|that|this|today's) (value|roll|number)|re-?read|pick (a|another|the) (value|number)|choose (a|another|the) (value|number)|"
    r"add (a|an|another|some|more|extra) (?!meal|oats|oatmeal|food|bag|room|roof)\w+|give (us|me) (more |some |extra )?\w+|"
    r"(another|a second|a third|a new|a better) (boat|value|roll|dog|hand|road|store|day)|a horse|a cart|a wagon|a train|a railway)\b"
)


# "does rain raise the spate?", "does push lower the flesh?": the card's own causes, not a request to change a number.
_CAUSE_BEFORE = re.compile(
    r"\b(?:rain|rains|storm|storms|sky|weather|fair|push|pushing|easy|steady|rest|resting|roof|park|ford|fording|crossing|"
    r"band|bad|hard|good|it|that|this|what|which|who|meal|eating)\s+$"
)


def _remarks(p: Parsed) -> tuple[str, ...]:
    low = " ".join(t.low for t in p.toks if t.kind != "p")
    out = []
    words = low.split()
    lost = [w for w in words if w in _LOSS]
    seeking = any(w in words for w in _SEEK)
    if lost and (p.question and any(w not in _STRAY for w in lost) or seeking) and not {"bran", "dog"} & set(words):
        out.append(LOST_BEASTS)  # of beasts; Bran is no beast ("can bran get lost?" is the strath's BAD)
    change = _CHANGE.search(low)
    if change and not _CAUSE_BEFORE.search(low[: change.start()]):
        out.append(NOT_ON_THIS_ROAD)
    return tuple(out)


_WHAT_TO_DO = re.compile(
    r"\b(what (should|shall|do|would|must|can) (we|i|you) (do|choose|pick|order)|what now|what next|"
    r"any (advice|suggestions?|tips?)|(your )?advice|suggest|recommend|which (is|would be|order is) (best|better|wisest)|"
    r"what would you do|what('s| is) (best|the best (order|move|choice|plan|pace|option|idea|way|thing))|help me (decide|choose)|should we|"
    r"you (choose|decide|pick)|(it'?s )?your call|up to you|whatever you (think|say|like|want)|you tell me)\b"
)


def _is_question(message: str, toks: tuple[Tok, ...]) -> bool:
    words = [t.low for t in toks if t.kind != "p"]
    return "?" in message or bool(words) and words[0] in (
        "what", "how", "why", "when", "where", "which", "who", "can", "could", "should", "is", "are", "do",
        "does", "will", "would", "tell", "explain", "what's", "whats", "how's", "hows", "who's", "whos",
        "where's", "wheres", "how'd", "what're", "show", "print", "list", "display",
    )  # fmt: skip


def _answer(game: Any, state: Drove, message: str, toks: tuple[Tok, ...]) -> str:
    """The answer part of "No order named: answer, ask for the order"."""
    low = " ".join(t.low for t in toks if t.kind != "p")
    if _WHAT_TO_DO.search(low):
        return "\n\n".join(x for x in (ORDERS_ARE_YOURS, tips(game.card)) if x)
    if not _is_question(message, toks):
        return ""
    ahead = questions.answer_ahead(game, state, low)
    if ahead:
        return ahead
    if re.search(r"\bwhat (?:if|happens|would happen|would)\b|\bwhat'?d happen\b|\bif (?:we|i) \w+", low):
        what_if = _what_if(game, state, message)  # "what if we ford?": the day worked, not the table
        if what_if:
            return what_if
    text = questions.answer(game, state, message)  # the tape, the tables, the numbers
    if text:
        return text
    what_if = _what_if(game, state, message)
    if what_if:
        return what_if
    return "That is not something this card answers."


def _what_if(game: Any, state: Drove, message: str) -> str:
    """A what-if for one order the question mentions ("What if we push?"), worked by the rules on
    a copy of the morning: the same arithmetic a confirm line shows."""
    p = parse(message, place_kind(state.mile))
    orders = {h.order for h in p.hits}
    if place_kind(state.mile) == "bridge" and "TOLL" in orders:
        paces = [h.order for h in p.hits if h.order in PACES]
        if len(set(paces)) != 1:
            return ""
        action = DayOrder("TOLL", toll_pace=paces[0])
    elif len(orders) == 1 and place_kind(state.mile) == "bridge" and next(iter(orders)) in MARCH:
        action = DayOrder("TOLL", toll_pace=orders.pop())  # "what if we push?" at the bridge: the toll's pace
    elif len(orders) == 1:
        action = DayOrder(orders.pop())
    else:
        return ""
    why = rules.refusal(state, action)
    if why is not None:
        # the order is not open this morning: say why, in the card's terms, rather than nothing
        kind = place_kind(state.mile)
        if action.order in MARCH and kind in CROSSINGS and state.landmark:  # "what if we push?" at the Kyle
            return f"{state.landmark[0].upper()}{state.landmark[1:]} takes the day: {or_list(list(CROSSING_OPTIONS[kind]))}."
        return why if action.order == "TOLL" or action.order in ("ONE BOAT", "TWO BOATS") else ""
    return f"If {what_would_happen(game.card, state, action)}."


# -- judging a plan ---------------------------------------------------------------------------------------


def _validated(game: Any, state: Drove, action: Any, reading: Reading) -> Reading:
    """A reading that would run is first checked against the rules: refused, it asks, saying why."""
    why = rules.refusal(state, action)
    if why is not None:
        return Reading(ReadAs.ASK, text=f"{why} {ask_order(state)}", detail={"ask": "refused"})
    return reading


def _options(state: Drove, base: Plan, opts: Sequence[tuple[str, Plan, tuple[frozenset[str], ...]]], lead: str = "") -> Reading:
    labels = [label for label, _, _ in opts]
    text = (lead + " " if lead else "") + or_list(labels) + "?"
    return Reading(ReadAs.ASK, text=text, detail={"ask": "options", "options": tuple(opts), "plan": base})


def _day_order(p: Plan, order: str) -> DayOrder:
    pace = p.toll_paces[0] if order == "TOLL" and p.toll_paces else None
    return DayOrder(order, p.business, pace)


def decide(game: Any, state: Drove, p: Plan) -> Reading:
    """Rules 2–4 on a plan: ask, confirm, run, or answer."""
    kind = place_kind(state.mile)
    lead = " ".join(p.remarks)

    def said(r: Reading) -> Reading:
        return replace(r, text=f"{lead}\n\n{r.text}" if lead and r.text else lead or r.text)

    # Business this place does not offer is refused, with the reason (ruling 33).
    offered = rules.legal_business(state)
    lacking = [e.kind for e in p.errands if e.kind not in offered]
    if lacking:
        lacks = store_lacks(state, lacking)
        rest = replace(p, errands=tuple(e for e in p.errands if e.kind in offered))
        if len(rest.orders) == 1 and not rest.put_off and rest.orders[0] in _allowed(state):
            march = _day_order(rest, rest.orders[0])
            if not (march.order == "TOLL" and march.toll_pace is None) and rules.refusal(state, march) is None:
                return said(Reading(ReadAs.CONFIRM, text=f"{lacks} {confirm_line(game.card, state, march)}", action=march))
        return said(Reading(ReadAs.ASK, text=f"{lacks} {ask_order(state)}", detail={"ask": "refused"}))

    # Rule 4: two named orders — ask, naming only those.
    if len(p.orders) >= 2:
        opts: list[tuple[str, Plan, tuple[frozenset[str], ...]]] = [
            (o, replace(p, orders=(o,), hedged=False, put_off=False), (frozenset({o}),)) for o in p.orders
        ]
        return said(_options(state, p, opts))

    # An if/unless/when with the other branch: the Ledger or tape settles which (rule 3).
    if len(p.orders) == 1 and p.branch:
        if p.settled is None:
            opts = [(o, replace(p, orders=(o,), branch=None, hedged=False, settled=None), (frozenset({o}),)) for o in (p.orders[0], p.branch)]
            return said(_options(state, p, opts))
        if p.settled is False:
            p = replace(p, orders=(p.branch,), branch=None, settled=True)

    order = p.orders[0] if p.orders else None
    if order is not None and p.put_off:  # put off: ask, before any crossing's options (they are today's)
        return said(Reading(ReadAs.ASK, text=ask_order(state), detail={"ask": "put off"}))

    if kind in CROSSINGS:
        if order in MARCH:  # "a pace alone at a crossing"
            pace = order
            opts = []
            for o in CROSSING_OPTIONS[kind]:
                label = f"TOLL, then {pace} up the strath" if o == "TOLL" else o
                sub = replace(p, orders=(o,), toll_paces=(pace,) if o == "TOLL" else (), hedged=False)
                opts.append((label, sub, (frozenset({o}),)))
            return said(_options(state, p, opts, lead=f"{state.landmark[0].upper()}{state.landmark[1:]} takes the day:" if state.landmark else ""))
        if order == "TOLL":
            if len(p.toll_paces) > 1:
                opts = [
                    (f"TOLL, then {x}" if x != "REST" else "TOLL, then REST at 119", replace(p, toll_paces=(x,), hedged=False), (frozenset({x}),))
                    for x in p.toll_paces
                ]
                return said(_options(state, p, opts))
            price = rules.toll(state)
            if state.silver < price:  # "No part toll, no credit: short of it, say so and ask FORD or REST."
                opts = [(o, replace(p, orders=(o,), toll_paces=(), hedged=False), (frozenset({o}),)) for o in ("FORD", "REST")]
                return said(_options(state, p, opts, lead=f"The toll is {price} silver and you have {state.silver}."))
            if not p.toll_paces:  # "TOLL with no pace"
                opts = [
                    (label, replace(p, toll_paces=(x,), hedged=False), (frozenset({x}),))
                    for x, label in (("EASY", "EASY"), ("STEADY", "STEADY"), ("PUSH", "PUSH"), ("REST", "REST at 119"))
                ]
                return said(_options(state, p, opts, lead=f"TOLL, {price} silver, then:"))

    kinds = _kinds(p)
    if p.either_lodging and {"ROOF", "PARK"} <= kinds:  # "park or roof?": which, not both (5 silver)
        opts = [
            (f"{k} (that day's REST)", replace(p, orders=("REST",), errands=tuple(e for e in p.errands if e.kind != other),
                                               hedged=False, either_lodging=False), (frozenset({k}),))
            for k, other in (("ROOF", "PARK"), ("PARK", "ROOF"))
        ]  # fmt: skip
        return said(_options(state, p, opts))
    # "ROOF or PARK with a march": ask.
    if order in MARCH and kinds & {"ROOF", "PARK"}:
        lodging = " and ".join(k for k in ("ROOF", "PARK") if k in kinds)
        keep = tuple(e for e in p.errands if e.kind not in ("ROOF", "PARK"))
        opts = [
            (f"{lodging} (that day's REST)", replace(p, orders=("REST",), hedged=False), (frozenset({"ROOF"}), frozenset({"PARK"}), frozenset({"REST"}))),
            (order, replace(p, errands=keep, hedged=False), (frozenset({order}),)),
        ]
        return said(_options(state, p, opts))

    # "meal in a SELL": SELL or TRADE?
    for e in p.errands:
        if e.kind == "SELL" and e.for_meal:
            n = "" if e.count is None else f" {e.count}"
            sell = replace(p, errands=tuple(replace(x, for_meal=False) if x is e else x for x in p.errands), hedged=False)
            trade = replace(p, errands=tuple(replace(x, kind="TRADE", for_meal=False) if x is e else x for x in p.errands), hedged=False)
            opts = [(f"SELL{n}", sell, (frozenset({"SELL"}),)), (f"TRADE{n}", trade, (frozenset({"TRADE"}),))]
            return said(_options(state, p, opts))

    # "MEAL, SELL or TRADE with no number: ask how many".
    for e in p.errands:
        if e.kind in ("MEAL", "SELL", "TRADE") and e.count is None:
            return said(Reading(ReadAs.ASK, text=how_many(state, e.kind), detail={"ask": "how-many", "kind": e.kind, "plan": p}))

    if order is None:
        if p.errands and p.put_off:
            return said(Reading(ReadAs.ASK, text=ask_order(state), detail={"ask": "put off"}))
        if p.errands:  # "Business alone: its confirm line."
            b = p.business
            action: Any = DayOrder("REST", b) if (b.roof or b.park) else BusinessOnly(b)
            why = rules.refusal(state, action)
            if why is not None:
                return said(Reading(ReadAs.ASK, text=f"{why} {ask_order(state)}", detail={"ask": "refused"}))
            return said(Reading(ReadAs.CONFIRM, text=confirm_line(game.card, state, action), action=action))
        if p.home:
            return said(Reading(ReadAs.CONFIRM, text="Turn for home? (yes/no)", action=TurnForHome(), detail={"confirm": "turn for home"}))
        return said(Reading(ReadAs.ANSWER, text=ask_order(state)))

    if order not in _allowed(state):
        return said(_validated(game, state, _day_order(p, order), Reading(ReadAs.ASK)))

    action = _day_order(p, order)
    if p.put_off:
        return said(Reading(ReadAs.ASK, text=ask_order(state), detail={"ask": "put off"}))
    if p.settled is False:  # the condition fails today and no other branch was given: put off
        return said(Reading(ReadAs.ASK, text=f"{p.settle_note[0].upper()}{p.settle_note[1:]}. {ask_order(state)}", detail={"ask": "put off"}))
    why = rules.refusal(state, action)
    if why is not None:
        return said(Reading(ReadAs.ASK, text=f"{why} {ask_order(state)}", detail={"ask": "refused"}))
    if p.hedged:
        note = f"{p.settle_note[0].upper()}{p.settle_note[1:]}. " if p.settled and p.settle_note else ""
        return said(Reading(ReadAs.CONFIRM, text=note + confirm_line(game.card, state, action), action=action))
    return said(Reading(ReadAs.MOVE, action=action))


def _allowed(state: Drove) -> tuple[str, ...]:
    kind = place_kind(state.mile)
    if kind in CROSSINGS:
        return CROSSING_OPTIONS[kind]
    return PACES


# -- the whole message ----------------------------------------------------------------------------


_ONE_WORD = {
    **dict.fromkeys(("tape", "forecast", "weather", "the tape"), lambda game, state: questions.answer_tape(game, state)),
    **dict.fromkeys(("status", "ledger", "numbers", "stats", "recap", "inventory", "summary"), lambda game, state: questions.answer_numbers(state)),
    **dict.fromkeys(("map", "road", "route", "the road"), lambda game, state: questions.ROAD_TEXT),
}
_HELP = {"help", "help me", "commands", "instructions", "how do i play", "how to play", "what can i say", "what do i say"}
HELP = (
    "Each morning, one order: EASY, STEADY, PUSH or REST; at the Kyle ONE BOAT or TWO BOATS, at the "
    "ford FORD, at the bridge TOLL with its pace. At a store, business comes first: MEAL n, ROOF, SHOE, "
    "HIRE, SELL n, TRADE n, PARK, where the store has them. Ask about the tape, the road or the numbers, "
    "or what an order would do. \"save\" on its own banks the drove; \"turn for home\" ends it."
)
SAVE_ALONE = "To save, send \"save\" on its own; the SAVE block comes between days."

_TURN_FOR_HOME = {"turn for home", "let's turn for home", "lets turn for home", "let us turn for home", "we turn for home", "go turn for home"}
_GO_HOME = {"go home", "give up", "quit", "i give up", "we give up", "let's go home", "lets go home", "i quit", "we quit", "quit game"}


def _pick(game: Any, state: Drove, message: str, pending: Reading) -> Reading | None:
    """An answer to an ask that named options: one option named completes the asked message."""
    opts = pending.detail.get("options") or ()
    p = parse(message, place_kind(state.mile))
    raw = game.card.tape[state.day - 1] if 0 < state.day <= len(game.card.tape) else 0
    mine = plan(p, state, raw)
    mentions = set(mine.orders) | set(mine.toll_paces) | _kinds(mine)
    if place_kind(state.mile) == "bridge":
        mentions |= {h.order for h in p.hits if h.order in PACES}
    if not mentions:
        return None
    every = set().union(*(k for _, _, keys in opts for k in keys))
    chosen = [sub for _, sub, keys in opts if any(k <= mentions for k in keys)]
    if len(chosen) != 1 or (set(mine.orders) - every):
        return None
    sub = replace(chosen[0], hedged=mine.hedged, put_off=mine.put_off, remarks=mine.remarks)
    extra = tuple(
        e for e in mine.errands if e.kind not in {x.kind for x in sub.errands} and frozenset({e.kind}) not in {k for _, _, keys in opts for k in keys}
    )
    if extra:
        sub = replace(sub, errands=sub.errands + extra)
    return decide(game, state, sub)


def read(game: Any, state: Drove, message: str, pending: Reading | None, history: tuple[object, ...] = ()) -> Reading:
    """Read one message by ORDERS (see the module doc). Never raises on a player's words.

    A question still waiting (a confirm line, a how-many, options) is never dropped without a
    word: an order given in answer that says nothing of the business asked about carries that
    business to a confirm line, or says plainly that it is not done."""
    reading = _read(game, state, message, pending, history)
    return _keep_pending(game, state, message, pending, reading)


def _pending_business(pending: Reading | None) -> Business | None:
    """The business a pending question holds: a confirm line's errands, or an ask's plan's."""
    if pending is None:
        return None
    action = pending.action
    if pending.kind is ReadAs.CONFIRM and isinstance(action, (BusinessOnly, DayOrder)) and action.business:
        return action.business
    plan = pending.detail.get("plan") if pending.kind is ReadAs.ASK else None
    if isinstance(plan, Plan) and plan.either_lodging:
        return None  # "park or roof?" asked which: neither is held for a later order
    if isinstance(plan, Plan) and plan.errands and all(e.count is not None or e.kind not in ("MEAL", "SELL", "TRADE") for e in plan.errands):
        return plan.business
    return None


def _still_asked(state: Drove, pending: Reading, reading: Reading) -> Reading:
    """A question or remark answered while a confirm line, a how-many or options wait: the answer,
    then the question asked above, asked again as it was (a yes or a number still answers it)."""
    paragraphs = [x for x in reading.text.split("\n\n") if x]
    while paragraphs and paragraphs[-1] in (ask_order(state), f"Day {state.day}'s order?") or (
        paragraphs and paragraphs[-1].startswith(f"Day {state.day}'s choices: ")
    ):
        paragraphs.pop()
    return asked_again(pending, "\n\n".join(paragraphs))


def _keep_pending(game: Any, state: Drove, message: str, pending: Reading | None, reading: Reading) -> Reading:
    if pending is None or whole_command(message) or reading.detail.get("declined"):
        return reading
    holds = (pending.kind is ReadAs.CONFIRM and pending.action is not None) or (
        pending.kind is ReadAs.ASK and pending.detail.get("ask") in ("how-many", "options")
    )
    if holds and reading.kind is ReadAs.ANSWER and reading.action is None:
        return _still_asked(state, pending, reading)  # "what's the tape today?" drops nothing asked
    parsed = parse(message, place_kind(state.mile))
    if parsed.errands:  # the player spoke of business again: their words stand
        return reading
    if pending.kind is ReadAs.ASK and pending.detail.get("ask") == "how-many":
        # "buy meal" asked how many; "steady" is not an answer to it: ask again, order held.
        p: Plan = pending.detail["plan"]
        mine = plan(parsed, state, game.card.tape[state.day - 1] if 0 < state.day <= len(game.card.tape) else 0)
        if len(mine.orders) == 1 and isinstance(reading.action, DayOrder):
            kind = pending.detail["kind"]
            held = replace(p, orders=mine.orders, toll_paces=mine.toll_paces or p.toll_paces, hedged=mine.hedged)
            word = {"MEAL": "no meal", "SELL": "no sale", "TRADE": "no trade"}[kind]
            return Reading(
                ReadAs.ASK,
                text=f"{how_many(state, kind)} {mine.orders[0]} waits on it; say \"{word}\" to go without.",
                detail={"ask": "how-many", "kind": kind, "plan": held},
            )
        return reading
    business = _pending_business(pending)
    action = reading.action
    if business is None or not isinstance(action, DayOrder) or action.business:
        return reading
    if reading.kind not in (ReadAs.MOVE, ReadAs.CONFIRM):
        return reading
    waiting = " and ".join(business_words(business))
    merged = DayOrder(action.order, business, action.toll_pace)
    why = rules.refusal(state, merged)
    if why is None:
        return Reading(
            ReadAs.CONFIRM,
            text=f"{waiting}, asked above, still waits on a yes. {confirm_line(game.card, state, merged)} "
            f"For {action.order} alone, say no, then the order.",
            action=merged,
        )
    note = f"{waiting}, asked above, is not done: {why}"
    return replace(reading, text=f"{note}\n\n{reading.text}" if reading.text else note)


# Words a question may open with before its question word ("wait what does…", "so how far…").
_LEAD_IN = re.compile(r"^(?:(?:wait|hmm+|so|ok|okay|oh|um|and|but|also|hey|hi|hello|quick question|sorry|right|well)\b[\s,.!-]*)+")
_ASKS = re.compile(
    r"^(?:if\b.*\b(?:what|how)\b|what|whats|what's|how|hows|how's|why|when|where|which|who|tell me|explain|remind me|"
    r"is|are|can|could|should|shall|would|will|do|does|did)\b"
)
_PRICE = re.compile(
    r"\bhow much (?:is|are|does|do|for|will|would|to)\b(?!.{0,20}\b(?:have|left|got|hold|holds)\b)|"
    r"\bprices?\b|\bcosts?\b|\bget for\b|\bworth\b|\bwhat(?:'s| is|s)? the toll\b|\bhow many silver\b"
)
_FAR = re.compile(r"\bhow far\b|\bhow many miles\b|\bdistance\b|\bmiles (?:to|from|till|until)\b")
_WORD_ASKED = re.compile(
    r"\b(?:(?:what(?:'s| is|s| are)?|whats)\s+(?:a|an)\s+|define\s+(?:a\s+|an\s+|the\s+)?|meaning of\s+(?:a\s+|the\s+)?|what does\s+(?:a\s+|the\s+)?)(\w+)"
)
_GIVE_UP_ASKED = re.compile(r"\b(?:give up|giving up|quit|turn for home|go home|turn back)\b")
_SCORE_ASKED = re.compile(r"\b(?:score|scores|points)\b")


def _asked(game: Any, state: Drove, message: str, parsed: Parsed, p: Plan) -> Reading | None:
    """A message that opens as a question (after "wait", "so", "hmm"…) is a question, whatever order
    or store word it holds: answered from the card and the state, and nothing moves. A question
    about an order ("tell me the odds for one boat vs two boats") is answered for each order it
    names, and the order is asked for. Messages with only a question mark keep rule 3's confirm."""
    low = " ".join(message.lower().replace("’", "'").split())
    lead = _LEAD_IN.match(low)
    low = low[lead.end() :] if lead else low
    if not _ASKS.match(low) or "?" not in message and _SAME.search(low):
        return None  # "do the same again" refers back; it asks nothing
    if lead:  # "wait what does…": the question is read without the word it opened with
        rest = " ".join(message.replace("’", "'").split())[lead.end() :]
        parsed = parse(rest, place_kind(state.mile))
        p = plan(parsed, state, game.card.tape[state.day - 1] if 0 < state.day <= len(game.card.tape) else 0)
        message = rest
    lines: list[str] = list(p.remarks)
    kinds = set(p.orders) | {e.kind for e in parsed.errands}
    about = _ABOUT_ORDER.search(low) or _DOES_ORDER.match(low)
    if re.search(r"\bhow\b.{0,20}\b(?:save|saving|resume|resuming|load|come back|continue later)\b|^(?:can|could|may) (?:we|i|you) save\b", low):
        lines.append(questions.SAVE_HOW)
    elif _HOW_TO_PLAY.search(low):
        lines.append(HELP)
    elif newcomer := questions.answer_newcomer(state, low):
        lines.append(newcomer)
    elif re.search(r"\b(?:hands?|crew|drovers?|people)\b", low) and re.search(r"\bneeds?\b", low):
        lines.append(questions.answer_crew_need(state))
    elif about is not None and p.orders == () and _order_named(about.group(1)) is not None:
        order = _order_named(about.group(1))
        assert order is not None
        lines.append(questions.ORDER_TEXT[order] + (f" At {state.head} head: {rules.toll(state)} silver." if order == "TOLL" else ""))
        said = _what_if(game, state, order) if order in _allowed(state) else ""
        if said:
            lines.append(said)  # "If PUSH (value …)": today's what-if, worked
    elif (biz := _ABOUT_BUSINESS.search(low)) is not None:
        lines.append(questions.answer_prices(state, {_BUSINESS_NAMED.get(biz.group(1), biz.group(1).upper())}, low))
    elif _GIVE_UP_ASKED.search(low):
        lines.append(questions.GIVE_UP)
        if _SCORE_ASKED.search(low):
            lines.append(questions.score_if_sold(state))
    elif _SCORE_ASKED.search(low) and re.search(r"\b(?:if|now|sold|sell|would)\b", low):
        lines.append(questions.score_if_sold(state))
    elif _FAR.search(low) and questions.answer_distance(state, low):
        lines.append(questions.answer_distance(state, low))
    elif (
        _PRICE.search(low)
        and questions.answer_prices(state, kinds, low)
    ):
        lines.append(questions.answer_prices(state, kinds, low))
    elif (m := _WORD_ASKED.search(low)) and questions.answer_glossary(m.group(1)) and not p.orders:
        lines.append(questions.answer_glossary(m.group(1)))
    elif p.orders:
        named = list(p.orders)
        if place_kind(state.mile) == "kyle" and re.search(r"\bone boat\b", low) and "TWO BOATS" in named and "ONE BOAT" not in named:
            named.insert(0, "ONE BOAT")  # "one boat vs two boats": both are asked about
        if len(named) == 1:
            # one order in a question: rule 3's confirm line, whether or not it ends with a "?"
            return decide(game, state, replace(p, hedged=True))
        for order in named:
            said = _what_if(game, state, order)
            if said:
                lines.append(said)
        lines.append(f"Which, if either: {or_list(named)}? The orders are yours; nothing is done until you give one.")
        return Reading(ReadAs.ANSWER, text="\n\n".join(lines))
    elif p.errands:
        return decide(game, state, replace(p, hedged=True))  # business in a question: its confirm line states the price (ruling 33)
    else:
        answer = _answer(game, state, message, parsed.toks)
        if answer and answer not in lines:  # a remark already said (lost beasts) is said once
            lines.append(answer)
        if ORDERS_ARE_YOURS in " ".join(lines):
            lines.append(f"Day {state.day}'s choices: {choices(state)}.")
            lines.append(f"Day {state.day}'s order?")
            return Reading(ReadAs.ANSWER, text="\n\n".join(lines))
    lines.append(ask_order(state))
    return Reading(ReadAs.ANSWER, text="\n\n".join(lines))


# "same as yesterday", "same again", "repeat yesterday's order": the last order that ran.
_SAME = re.compile(
    r"\b(?:same (?:again|as (?:yesterday|before|last time|last)|order|orders|pace|thing|plan)|repeat(?: it| that| yesterday'?s?(?: order| orders)?| the last)?|"
    r"(?:like|as) yesterday|yesterday'?s (?:order|orders|pace)|ditto|as before|do it again)\b"
)
_NOT_SAME = re.compile(r"\b(?:not|no|never|don'?t|dont|nothing)\b(?: (?:do|the|like|as))* (?:the )?same\b|\bnot (?:like|as) yesterday\b")
_SAVE_WORDS = frozenset({"save", "saving"})  # not "bank": a river has banks
_DROVE_WORDS = frozenset({"drove"})  # "save the drove" asks for the block, beside cardgm.chatter's chatter


def casual_save(message: str) -> bool:
    """"save pls", "save pls, gotta go", "i want to save", "can you save the game": the SAVE asked
    for with chatter around it; "save the beasts", "don't save", "how do I save?" are not
    (cardgm.chatter)."""
    return asks_for_save(re.findall(r"[a-z']+|[,;.!?]", message.lower().replace("’", "'")), _SAVE_WORDS, _DROVE_WORDS)


_ABOUT_ORDER = re.compile(
    r"\b(?:what does|what do|what is|what's|whats|explain|define)\s+(?:a\s+|the\s+)?"
    r"(easy|steady|push|rest|one boat|two boats)\b(?:\s+(?:do|does|mean|cost))?\s*\??$"
)


_HOW_TO_PLAY = re.compile(
    r"\bhow (?:do (?:i|we)|to) play\b|\bhow (?:does|do) (?:this|it|the game) work\b|\bhow do (?:i|we) (?:give|make) (?:an )?orders?\b"
)
# "does push lower the flesh?", "will two boats save beasts?": a question about what an order does.
_DOES_ORDER = re.compile(r"^(?:does|do|will|would) (?:a |the )?(easy|steady|push|rest|ford|toll|one boat|two boats)\b(?! (?:of|is|are)\b)(?=\s+\w)")


_ABOUT_BUSINESS = re.compile(
    r"\b(?:what does|what do|what is|what's|whats|explain)\s+(?:a\s+|the\s+)?"
    r"(roof|park|shoe|shod|shoes|hire|meal|sell|trade)\b(?:\s+(?:do|does|mean|get us|give us))?\s*\??$"
)


_BUSINESS_NAMED = {"shod": "SHOE", "shoes": "SHOE"}


def _order_named(word: str) -> str | None:
    return {"easy": "EASY", "steady": "STEADY", "push": "PUSH", "rest": "REST", "one boat": "ONE BOAT",
            "two boats": "TWO BOATS", "ford": "FORD", "toll": "TOLL"}.get(word)  # fmt: skip


_ONE_OR_TWO = re.compile(r"\bone boat\b.{0,12}\b(?:or|vs|versus)\b\s*(?:two|2|both)\b", re.I)


def _either(state: Drove, message: str, parsed: Parsed, p: Plan) -> Reading | None:
    """"one boat or two?", "Steady? Or easy?": two orders offered as alternatives across a question
    mark are asked about, naming both (rule 4), never confirmed as the first alone."""
    kind = place_kind(state.mile)
    if kind == "kyle" and _ONE_OR_TWO.search(message):
        named = ["ONE BOAT", "TWO BOATS"]
    elif len(p.orders) == 1 and parsed.question:
        words = [t.low for t in parsed.toks]
        later = [h for h in parsed.hits if h.order != p.orders[0] and h.start > 0 and "or" in words[max(0, h.start - 2) : h.start]]
        if not later:
            return None
        named = [p.orders[0], later[0].order]
    else:
        return None
    opts = [(o, replace(p, orders=(o,), hedged=False, put_off=False), (frozenset({o}),)) for o in named]
    return _options(state, p, opts)


def _offers_rest(pending: Reading) -> bool:
    """Did the ask name a plain REST among its options (then "wait" picks it)? "REST at 119", after the
    toll, is no plain REST: a "wait" there spends no silver unasked."""
    return any(label == "REST" for label, _, _ in pending.detail.get("options") or ())


def whole_command(message: str) -> bool:
    whole = bare_word(message)
    return whole == "save" or whole in _TURN_FOR_HOME or whole in _GO_HOME or whole in YES_SAID or whole in NO_SAID


def _read(game: Any, state: Drove, message: str, pending: Reading | None, history: tuple[object, ...] = ()) -> Reading:
    whole = bare_word(message)
    if whole != "save" and casual_save(message):
        if not parse(message, place_kind(state.mile)).named:
            return Reading(ReadAs.COMMAND, command="save")  # "save pls, gotta go": the card's "at any pause" (ruling 48)
        # "push, then save": the order runs ("whatever reason follows") and the save is not dropped unsaid
        message_said_save = True
    else:
        message_said_save = False

    # 0) Only a whole message is a command.
    if whole == "save":
        return Reading(ReadAs.COMMAND, command="save")
    if whole in _TURN_FOR_HOME:
        return Reading(
            ReadAs.CONFIRM,
            text="Turn for home: the drove ends here, end:turned-home, score 0? (yes/no)",
            action=TurnForHome(),
            detail={"confirm": "turn for home"},
        )
    if whole in _GO_HOME:
        return Reading(ReadAs.CONFIRM, text="Turn for home? (yes/no)", action=TurnForHome(), detail={"confirm": "turn for home"})

    # A bare yes, ok, sure or aye answers only the confirm line just printed.
    if whole in YES_SAID:
        if pending is not None and pending.kind is ReadAs.CONFIRM and pending.action is not None:
            if isinstance(pending.action, TurnForHome):
                return Reading(ReadAs.COMMAND, command="end", action=pending.action)
            return _validated(game, state, pending.action, Reading(ReadAs.MOVE, action=pending.action))
        return Reading(ReadAs.ANSWER, text=f"Nothing is waiting on a yes. {ask_order(state)}")
    if whole in NO_SAID and pending is not None and pending.kind is ReadAs.CONFIRM:
        return Reading(ReadAs.ANSWER, text=f"Nothing is done. {ask_order(state)}")
    if whole == "wait" and pending is not None and pending.kind in (ReadAs.CONFIRM, ReadAs.ASK) and not _offers_rest(pending):
        # "wait" answering a question: REST, or "hold on"? Its confirm line shows which it would be (ruling 58)
        rest = Plan(orders=("REST",), hedged=True)
        return decide(game, state, rest)
    if pending is not None and pending.kind is ReadAs.ASK and pending.detail.get("ask") == "how-many" and (
        whole in NONE_SAID or whole in NO_SAID or bare_number(message) == 0
    ):
        # "say "no meal" to go without": the errand asked about is dropped; what else was said stands
        held: Plan = pending.detail["plan"]
        kind = pending.detail["kind"]
        rest_of_it = replace(held, errands=tuple(e for e in held.errands if not (e.kind == kind and e.count is None)))
        if rest_of_it.orders or rest_of_it.errands:
            return decide(game, state, rest_of_it)
        return Reading(ReadAs.ANSWER, text=f"Nothing is done. {ask_order(state)}", detail={"declined": True})

    # A bare number answers only "how many?", completing that message.
    n = bare_number(message)
    if n is not None and whole and (whole.split()[0].isdigit() or len(whole.split()) == 1):
        if pending is not None and pending.kind is ReadAs.ASK and pending.detail.get("ask") == "how-many":
            p: Plan = pending.detail["plan"]
            kind = pending.detail["kind"]
            done = replace(p, errands=tuple(replace(e, count=n) if e.kind == kind and e.count is None else e for e in p.errands))
            return decide(game, state, done)
        return Reading(ReadAs.ANSWER, text=ask_order(state))

    parsed = parse(message, place_kind(state.mile))
    raw = game.card.tape[state.day - 1] if 0 < state.day <= len(game.card.tape) else 0
    p = plan(parsed, state, raw)
    if message_said_save:
        p = replace(p, remarks=p.remarks + (SAVE_ALONE,))
    asked = _asked(game, state, message, parsed, p)
    if asked is not None:
        return asked
    offered = _either(state, message, parsed, p)
    if offered is not None:
        return offered
    same = _SAME.search(low_message := " ".join(message.lower().replace("’", "'").split()))
    if not p.orders and same and not _NOT_SAME.search(low_message[: same.end()]):
        last = next((a for a in reversed(history) if isinstance(a, DayOrder)), None)
        if last is None:
            return Reading(ReadAs.ANSWER, text=f"No order has run in this run yet, so there is nothing to repeat. {ask_order(state)}")
        pace = (last.toll_pace,) if last.order == "TOLL" and last.toll_pace else ()
        said = f"Yesterday's order: {last.order}" + (f", then {last.toll_pace}" if pace else "") + "."
        p = replace(p, orders=(last.order,), toll_paces=pace or p.toll_paces, remarks=p.remarks + (said,))
        # "same as yesterday but push": another order word beside it is a second order, asked (rule 4)
        other = next((h.order for h in parsed.hits if h.order not in (last.order, last.toll_pace)), None)
        if other is not None and other in MARCH and last.order in MARCH and place_kind(state.mile) in CROSSINGS:
            return decide(game, state, replace(p, orders=(other,)))  # a pace alone at a crossing: its options, with that pace
        if other is not None:
            opts = [(o, replace(p, orders=(o,), hedged=False), (frozenset({o}),)) for o in (last.order, other)]
            return replace(_options(state, p, opts), text=f"{said}\n\n{or_list([last.order, other])}?")
        if any(t.low in PUT_OFF for t in parsed.toks):  # "same again tomorrow": put off
            p = replace(p, put_off=True)
        return decide(game, state, p)

    if pending is not None and pending.kind is ReadAs.ASK and pending.detail.get("ask") == "options":
        picked = _pick(game, state, message, pending)
        if picked is not None:
            return picked

    if not p.orders and not p.errands and not p.home:
        # No order named: answer, ask for the order; no day used.
        lines = list(p.remarks)
        words = whole.split()
        if whole in _HELP:
            lines.append(HELP)
        elif whole in _ONE_WORD:  # "tape", "status", "map": a question in one word
            lines.append(_ONE_WORD[whole](game, state))
        elif "save" in words:  # rule 0: only the whole message "save" is the command; say so
            lines.append(SAVE_ALONE)
        if not lines:
            answer = _answer(game, state, message, parsed.toks)
            if answer:
                lines.append(answer)
        if ORDERS_ARE_YOURS in " ".join(lines):
            lines.append(f"Day {state.day}'s choices: {choices(state)}.")
            lines.append(f"Day {state.day}'s order?")
        else:
            lines.append(ask_order(state))
        return Reading(ReadAs.ANSWER, text="\n\n".join(lines))
    return decide(game, state, p)

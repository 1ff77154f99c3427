"""DROVER'S AUTUMN, ORDERS rules 1–3: what a message holds, before anything is decided.

`parse(message, place)` finds the order words (`Hit`s: which are named, which are ordinary words),
the business (`Errand`s, negated or not, with their numbers) and the hedges. The reader turns that
into a Reading. docs/rulings.md (DROVER'S AUTUMN, Part 2) gives the reading chosen where ORDERS can be
read two ways; the rule numbers in comments are the card's ORDERS rules 0) to 4).
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field, replace
from functools import lru_cache

from cardgm.games.cattle_trail.orders_words import (
    BEASTS,
    CLAUSE_STOPS,
    CONDITIONS,
    CROSSING_PHRASES,
    CROSSING_WORDS,
    FILLER,
    HIRE_NAMES,
    JOINERS,
    LEADING,
    MEAL_NOUNS,
    MEAL_VERBS,
    NAMERS,
    PACE_PHRASES,
    PACE_WORDS,
    PACES,
    PUT_OFF,
    ROOF_WORDS,
    SHOE_WORDS,
    Tok,
    holds_not,
    is_word,
    negates,
    number,
    stems,
    tokenize,
)

ERRANDS = ("SELL", "TRADE", "SHOE", "HIRE", "ROOF", "PARK", "MEAL")
COUNTED = frozenset({"SELL", "TRADE", "HIRE", "MEAL"})  # errands a count adds up


@dataclass(frozen=True)
class Hit:
    """An order word in the message: `named` when rule 2 says it names an order."""

    order: str  # EASY STEADY PUSH REST ONE BOAT TWO BOATS FORD TOLL
    start: int
    end: int
    named: bool = False
    why: str = ""  # first, caps, namer, joined, anywhere, correction, branch
    phrase: bool = False  # a listed phrase ("one boat"), not a single word


@dataclass(frozen=True)
class Errand:
    """Business named in the message (rule 1: it "counts anywhere unless negated")."""

    kind: str  # MEAL ROOF SHOE HIRE SELL TRADE PARK
    count: int | None  # None: MEAL, SELL or TRADE with no number
    start: int
    end: int
    negated: bool = False
    for_meal: bool = False  # "meal in a SELL"


@dataclass(frozen=True)
class Parsed:
    message: str
    place: str  # the place kind: township kyle ford bridge store tryst leg
    toks: tuple[Tok, ...]
    hits: tuple[Hit, ...]
    errands: tuple[Errand, ...]
    question: bool  # the message has ?
    condition: bool  # if or unless
    first_clause_hold: str | None  # the word in the first clause that holds not, n't, never, …
    corrections: tuple[int, ...]  # token indexes where a clause opens with a correction
    conditions: tuple[tuple[str, tuple[Tok, ...]], ...] = ()  # (if/unless/when, the condition's words)
    picked: tuple[str, ...] = field(default=())  # orders chosen by answering an ask

    @property
    def named(self) -> tuple[Hit, ...]:
        return tuple(h for h in self.hits if h.named)

    @property
    def business(self) -> tuple[Errand, ...]:
        """The errands that count: not negated; an errand said twice counts twice ("Hire a hand.
        Hire a hand." hires two, as "hire two hands" does), unless a correction stands between
        them, when the last stands. A count not yet given stays unknown (asked for)."""
        last: dict[str, Errand] = {}
        for e in self.errands:
            if e.negated:
                continue
            before = last.get(e.kind)
            if (
                before is not None
                and e.kind in COUNTED
                and before.count is not None
                and e.count is not None
                and not any(before.start < c < e.start for c in self.corrections)
            ):
                e = replace(e, count=before.count + e.count)
            last[e.kind] = e
        return tuple(sorted(last.values(), key=lambda e: ERRANDS.index(e.kind)))

    @property
    def hedged(self) -> bool:
        return self.question or self.condition or self.first_clause_hold is not None or bool(self.corrections)

    def with_count(self, kind: str, n: int) -> Parsed:
        """The message completed by a bare number answering "how many?" for `kind`."""
        errands = tuple(replace(e, count=n) if e.kind == kind and e.count is None and not e.negated else e for e in self.errands)
        return replace(self, errands=errands)


# -- business -------------------------------------------------------------------------------------


def _negations(toks: tuple[Tok, ...]) -> list[bool]:
    """For every token i, in one pass: does a negating word stand between the start of token i's
    clause (after punctuation or and/but/or) and i? ("no meal", "don't sell")"""
    out = [False] * len(toks)
    seen = False
    for i, t in enumerate(toks):
        out[i] = seen
        if t.kind == "p" or t.low in JOINERS:
            seen = False
        elif negates(t):
            seen = True
    return out


def _count_after(toks: tuple[Tok, ...], i: int, reach: int = 3) -> tuple[int | None, int]:
    """A number within `reach` words after token i (fillers between): (count, index after it)."""
    j = i
    for _ in range(reach):
        if j >= len(toks) or toks[j].kind == "p":
            break
        n = number(toks[j])
        if n is not None:
            return n, j + 1
        if toks[j].low not in FILLER and toks[j].low != "them":
            break
        j += 1
    return None, i


def _extend(toks: tuple[Tok, ...], j: int, words: tuple[str, ...]) -> int:
    """Carry a span over fillers and any of `words` (beasts, "for meal", …)."""
    while j < len(toks) and toks[j].kind == "w" and (toks[j].low in FILLER or is_word(toks[j], *words)):
        j += 1
    return j


def _verb_before(toks: tuple[Tok, ...], i: int, verbs: tuple[str, ...]) -> int:
    """Pull a span's start back over a verb and fillers before it ("get a room", "get them shod")."""
    j = i
    k = i - 1
    while k >= 0 and toks[k].kind == "w" and (toks[k].low in FILLER or toks[k].low in ("them", "the", "herd", "in", "all")):
        k -= 1
    if k >= 0 and toks[k].kind == "w" and toks[k].low in verbs:
        j = k
    return j


def find_errands(toks: tuple[Tok, ...]) -> tuple[Errand, ...]:
    out: list[Errand] = []
    n = len(toks)
    used: set[int] = set()
    negated = _negations(toks)
    for i, t in enumerate(toks):
        if t.kind != "w" or i in used:
            continue
        if is_word(t, "sell", "trade"):
            kind = "TRADE" if is_word(t, "trade") else "SELL"
            count, j = _count_after(toks, i + 1)
            j = _extend(toks, max(j, i + 1), BEASTS)
            for_meal = False
            if j + 1 < n and toks[j].low == "for" and is_word(toks[j + 1], *MEAL_NOUNS):
                for_meal = kind == "SELL"
                j += 2
            # "sell nothing", "sell none", "trade no beasts": the errand said with its own no
            nothing = count is None and j < n and toks[j].low in ("nothing", "none", "no", "zero", "0")
            out.append(Errand(kind, count, i, j, negated[i] or nothing, for_meal))
            used.update(range(i, j))
        elif is_word(t, "hire"):
            count, j = _count_after(toks, i + 1)
            k = i + 1
            while k < n and (toks[k].low in FILLER or number(toks[k]) is not None):
                k += 1
            if k < n and is_word(toks[k], "boat"):
                continue  # "hire two boats", "hire a boat": the Kyle's boats, not a hand
            names = 0
            k = i + 1
            while k < n and toks[k].kind != "p" and (
                toks[k].low in HIRE_NAMES or toks[k].low in FILLER or toks[k].low in ("and", "both", "hand", "hands", "help") or number(toks[k]) is not None
            ):
                names += toks[k].low in HIRE_NAMES
                if toks[k].low == "both":
                    count = 2
                k += 1
            while k > i + 1 and toks[k - 1].low == "and":
                k -= 1
            hires = count if count is not None else max(1, names)
            out.append(Errand("HIRE", max(1, min(hires, 2)), i, max(j, k), negated[i]))
            used.update(range(i, max(j, k)))
        elif is_word(t, *SHOE_WORDS):
            start = _verb_before(toks, i, ("get", "have", "had"))
            end = _extend(toks, i + 1, ("them", "herd", "all", "lot") + BEASTS)
            if end + 1 < n and toks[end].low == "for":  # "shoes for the cattle"
                past = _extend(toks, end + 1, ("them", "herd", "all", "lot") + BEASTS)
                if past > end + 1 and is_word(toks[past - 1], "them", "herd", "all", "lot", *BEASTS):
                    end = past
            out.append(Errand("SHOE", None, start, end, negated[start]))
            used.update(range(start, end))
        elif is_word(t, *ROOF_WORDS) or (t.low == "room" and i > 0 and toks[i - 1].low == "a"):
            start = _verb_before(toks, i, ("get", "take", "book", "buy", "find", "under"))
            if t.low == "room":
                start = min(start, i - 1)
            out.append(Errand("ROOF", None, start, i + 1, negated[start]))
            used.update(range(start, i + 1))
        elif is_word(t, "park"):
            start = _verb_before(toks, i, ("get", "take", "use", "put", "rent", "book"))
            end = _extend(toks, i + 1, ("them",))
            out.append(Errand("PARK", None, start, end, negated[start]))
            used.update(range(start, end))
    # MEAL n: "buy, get or n" with "meal, oatmeal, oats, food, bag"; or MEAL in capitals.
    for i, t in enumerate(toks):
        if t.kind != "w" or i in used or not is_word(t, *MEAL_NOUNS):
            continue
        start, count, verb, priced = i, None, False, False
        k = i - 1
        while k >= 0 and toks[k].kind != "p" and k not in used:
            if toks[k].low in ("silver", "worth", "silvers"):
                priced = True  # "4 silver of meal": a price, not a count; asked how many
            elif number(toks[k]) is not None and priced:
                verb, start = True, k
            elif number(toks[k]) is not None and count is None:
                count, start = number(toks[k]), k
            elif toks[k].low in MEAL_VERBS:
                verb, start = True, k
                break
            elif toks[k].low in FILLER or is_word(toks[k], "bag", "sack") or toks[k].low in _NO_COUNT:
                pass
            else:
                break
            k -= 1
        end = i + 1
        if end + 1 < n and toks[end].low == "of" and is_word(toks[end + 1], *MEAL_NOUNS):
            end += 2
        if count is None and end < n and number(toks[end]) is not None and toks[end].kind == "n":
            count, end = number(toks[end]), end + 1  # "MEAL 4"
        if count is None and end + 1 < n and toks[end].low in ("x", ":") and number(toks[end + 1]) is not None:
            count, end = number(toks[end + 1]), end + 2
        if not (verb or count is not None or t.low == "meal" and t.caps):
            continue  # a meal word alone orders nothing (ruling 32)
        # "a dozen" is not a count, and neither is a number that is plainly the day's ("day 4 meal")
        if count is not None and start > 0 and toks[start - 1].low == "day":
            continue
        out.append(Errand("MEAL", count, start, end, negated[start]))
        used.update(range(start, end))
    return tuple(sorted(out, key=lambda e: e.start))


# -- order words --------------------------------------------------------------------------------------


@lru_cache(maxsize=16)
def _phrases(place: str) -> dict[str, tuple[tuple[tuple[str, ...], str], ...]]:
    """The place's phrases by first word, longest first: a token is tried only against the
    phrases that can start with it."""
    out: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    for phrase, order in sorted(list(PACE_PHRASES) + list(CROSSING_PHRASES.get(place, ())), key=lambda p: -len(p[0])):
        out.setdefault(phrase[0], []).append((phrase, order))
    return {k: tuple(v) for k, v in out.items()}


@lru_cache(maxsize=16)
def _words(place: str) -> dict[str, str]:
    """Each listed word of the place to its order (the first order listing it wins)."""
    listed = dict(PACE_WORDS)
    listed.update(CROSSING_WORDS.get(place, {}))
    out: dict[str, str] = {}
    for order, words in listed.items():
        for w in words:
            out.setdefault(w, order)
    return out


def _order_of(t: Tok, words: dict[str, str]) -> tuple[str, str] | None:
    """(order, the listed word) for a token that is an order word here, else None."""
    best: tuple[int, str, str] | None = None
    orders = list(dict.fromkeys(words.values()))
    for stem in stems(t.low):
        order = words.get(stem)
        if order is not None:
            rank = orders.index(order)
            if best is None or rank < best[0]:
                best = (rank, order, stem)
    return None if best is None else (best[1], best[2])


def _phrase_at(toks: tuple[Tok, ...], i: int, phrase: tuple[str, ...]) -> bool:
    if i + len(phrase) > len(toks):
        return False
    for k, word in enumerate(phrase):
        t = toks[i + k]
        if t.kind == "p":
            return False
        if not (t.low == word or word in stems(t.low)):
            return False
    return True


# "buy a dozen meal", "get a few oats": a quantity that is no number; the MEAL is asked how many.
_NO_COUNT = frozenset({"dozen", "few", "couple", "lot", "lots", "load", "loads", "bit", "little", "enough", "plenty"})
_INTERJECTIONS = frozenset({"no", "wait", "oh", "ah", "hmm", "um", "erm", "er"})
_SAID_AS_CORRECTION = (
    ("scratch", "that"), ("on", "second", "thought"), ("on", "second", "thoughts"), ("second", "thought"),
    ("change", "of", "plan"), ("change", "of", "plans"), ("make", "that"), ("hang", "on"), ("sorry", ","), ("oops",),
)  # fmt: skip


def correction_openers(toks: tuple[Tok, ...]) -> tuple[tuple[int, int], ...]:
    """Rule 3: where a clause opens with "no," "wait," actually, I mean or hold on: (start, end)."""
    out: list[tuple[int, int]] = []
    for i, t in enumerate(toks):
        if t.kind == "p":
            continue
        chained = bool(out) and out[-1][1] == i  # "actually no, steady": a correction opens the clause again
        if i > 0 and toks[i - 1].kind != "p" and toks[i - 1].low not in JOINERS and not t.opens and not chained:
            continue  # not where a clause opens
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        after = toks[i + 2] if i + 2 < len(toks) else None
        said = next((len(w) for w in _SAID_AS_CORRECTION if tuple(x.low for x in toks[i : i + len(w)]) == w), 0)
        if said:
            # "scratch that", "on second thought", "sorry,": the card's correction said in other
            # words; a day the player took back must not run (ruling 56)
            end = i + said
            out.append((i, end + 1 if end < len(toks) and toks[end].low == "," else end))
        elif t.low in ("no", "wait", "nope", "nah") and nxt is not None and nxt.low == ",":
            out.append((i, i + 2))
        elif t.low in _INTERJECTIONS and nxt is not None and nxt.low in ("wait", "no") and nxt.low != t.low and (after is None or after.kind == "p"):
            # "no wait," "oh wait," "wait no": the card's "no," "wait," said as one interjection,
            # its comma after the pair (or the message ending on it) (ruling 52)
            out.append((i, i + 3 if after is not None and after.low == "," else i + 2))
        elif t.low == "actually":
            out.append((i, i + 1))
        elif t.low == "i" and nxt is not None and nxt.low == "mean":
            out.append((i, i + 2))
        elif t.low == "hold" and nxt is not None and nxt.low == "on":
            out.append((i, i + 2))
    return tuple(out)


def _recounts(toks: tuple[Tok, ...], openers: tuple[tuple[int, int], ...], errands: tuple[Errand, ...]) -> tuple[Errand, ...]:
    """A bare count after a correction ("buy 4 meal - no wait, 2", "sell 10. actually make it 5")
    is the count of the counted errand said just before the correction: the last stands (ruling 46)."""
    out = []
    for start, end in openers:
        j = end
        while j < len(toks) and toks[j].low in ("make", "it", "that", "only", "just", ","):
            j += 1
        if j >= len(toks) or number(toks[j]) is None or (j + 1 < len(toks) and toks[j + 1].kind != "p"):
            continue  # "2 meal" is an errand of its own; "two boats" is no count
        if any(e.start <= j < e.end for e in errands):
            continue
        said = [e for e in errands if e.end <= start and e.kind in COUNTED and e.count is not None and not e.negated]
        if said:
            out.append(Errand(said[-1].kind, number(toks[j]), j, j + 1))
    return tuple(out)


def find_hits(toks: tuple[Tok, ...], place: str, skip: set[int]) -> list[Hit]:
    """Every order word of this place in the message, named or not (naming is decided after)."""
    hits: list[Hit] = []
    words = _words(place)
    phrases = _phrases(place)
    i = 0
    while i < len(toks):
        t = toks[i]
        if t.kind == "p" or i in skip:
            i += 1
            continue
        matched = False
        for stem in stems(t.low):
            for phrase, order in phrases.get(stem, ()):
                if _phrase_at(toks, i, phrase):
                    hits.append(Hit(order, i, i + len(phrase), phrase=True))
                    i += len(phrase)
                    matched = True
                    break
            if matched:
                break
        if matched:
            continue
        # "stay or keep before a pace is that pace"
        if t.low in ("stay", "keep", "keeping", "staying"):
            j = i + 1
            if j < len(toks) and toks[j].low == "it":
                j += 1
            if j < len(toks):
                for order in PACES:
                    if is_word(toks[j], *PACE_WORDS[order]):
                        hits.append(Hit(order, i, j + 1))
                        i = j + 1
                        matched = True
                        break
            if matched:
                continue
        found = _order_of(t, words) if t.kind == "w" else None
        if found is not None:
            order, _ = found
            prev = toks[i - 1].low if i > 0 else ""
            nxt = toks[i + 1].low if i + 1 < len(toks) else ""
            if order == "REST" and is_word(t, "rest") and prev == "the":
                pass  # "The rest" is the others
            elif is_word(t, "stop", "camp") and nxt in ("at", "there"):
                pass  # stop or camp at or there names a place
            else:
                hits.append(Hit(order, i, i + 1))
        i += 1
    return hits


_LEAD_FIRSTS = frozenset(lead[0] for lead in LEADING)


def _skip_leading(
    toks: tuple[Tok, ...], p: int, errands: tuple[Errand, ...], label: bool, starts: dict[int, Errand] | None = None
) -> int:
    """Rule 2: from a sentence's start, pass a label ("Day 4:"), business, and a leading let's,
    we, take, take it, go or march, to the word that may name an order."""
    sent = toks[p].sent if p < len(toks) else -1
    if starts is None:
        starts = {e.start: e for e in errands}
    first = True
    while p < len(toks) and toks[p].sent == sent:
        q = p
        while p < len(toks) and toks[p].kind == "p" and toks[p].low in (",", ":", "-", "—", "–"):
            p += 1
        if first and label:
            # a label: up to three words then a colon ("Day 4:", "Morning:")
            for k in range(p, min(p + 4, len(toks))):
                if toks[k].low == ":":
                    p = k + 1
                    break
                if toks[k].kind == "p":
                    break
        first = False
        if p in starts:
            lodging = starts[p].kind in ("ROOF", "PARK")  # "roof or push": ROOF is that day's REST, asked beside PUSH
            p = starts[p].end
            while p < len(toks) and (toks[p].low in (",", "and", "then", "also", "&") or lodging and toks[p].low == "or"):
                p += 1
        if p < len(toks) and toks[p].low in _LEAD_FIRSTS:
            for lead in LEADING:
                if all(p + k < len(toks) and toks[p + k].low == w for k, w in enumerate(lead)):
                    p += len(lead)
                    break
        if p == q:
            break
    return p


@lru_cache(maxsize=8)  # the reader parses the same message more than once; a Parsed is frozen
def parse(message: str, place: str) -> Parsed:
    toks = tokenize(message)
    openers = correction_openers(toks)
    errands = find_errands(toks)
    errands = tuple(sorted(errands + _recounts(toks, openers, errands), key=lambda e: e.start))
    in_errand = {k for e in errands for k in range(e.start, e.end)}
    opener_toks = {k for s, e in openers for k in range(s, e)}
    hits = find_hits(toks, place, in_errand | opener_toks)

    # Where a word names an order: a sentence's first word (after what rule 2 skips), after a
    # correction opener (rule 3 confirms "the order after a correction"), and after otherwise/else
    # (the other branch of an if).
    naming: dict[int, str] = {}
    seen_sent: set[int] = set()
    starts = {e.start: e for e in errands}
    in_hit = {k for h in hits for k in range(h.start, h.end)}
    for t in toks:
        if t.sent not in seen_sent and t.kind != "p":
            seen_sent.add(t.sent)
            label = t.i not in in_hit
            naming.setdefault(_skip_leading(toks, t.i, errands, label=label, starts=starts), "first")
    for _, end in openers:
        naming.setdefault(_skip_leading(toks, end, errands, label=False, starts=starts), "correction")
    for t in toks:
        if t.low in ("otherwise", "else"):
            naming.setdefault(_skip_leading(toks, t.i + 1, errands, label=False, starts=starts), "branch")

    # A message written all in capitals singles out no word: its capitals name nothing (ruling 60).
    shouted = all(t.caps for t in toks if t.kind == "w" and sum(c.isalpha() for c in t.text) >= 2)
    named: list[Hit] = []
    for h in hits:
        why = naming.get(h.start, "")
        if not why and shouted:
            pass  # capitals single out nothing here
        elif not why and all(toks[k].caps or toks[k].kind != "w" for k in range(h.start, h.end)) and any(toks[k].caps for k in range(h.start, h.end)):
            why = "caps"
        if not why:
            prev = [t for t in toks[max(0, h.start - 3) : h.start] if t.low not in (":", "-", "—", "–", "=")]
            lows = tuple(t.low for t in prev)
            for namer in NAMERS:
                if lows[-len(namer) :] == namer:
                    why = "namer"
        if not why and h.order == "TWO BOATS":
            why = "anywhere"  # "at the Kyle, two/both/2 boats anywhere is TWO BOATS"
        named.append(replace(h, named=bool(why), why=why))
    # "Two order words joined only by and, or, but name two."
    for k in range(len(named) - 1):
        a, b = named[k], named[k + 1]
        between = toks[a.end : b.start]
        if between and all(t.low in JOINERS or t.low == "," for t in between) and any(t.low in JOINERS for t in between):
            named[k] = replace(a, named=True, why=a.why or "joined")
            named[k + 1] = replace(b, named=True, why=b.why or "joined")

    # Rule 3's hedges. The first clause: the message's words up to the first , . : ; ! so because
    # since, after any label (ruling 25).
    start = 0
    if toks:
        first_sent_start = _skip_leading(toks, 0, (), label=True)
        if first_sent_start > 0 and any(t.low == ":" for t in toks[:first_sent_start]):
            start = max(i for i in range(first_sent_start) if toks[i].low == ":") + 1
    hold = None
    for t in toks[start:]:
        if t.low in CLAUSE_STOPS:
            break
        if holds_not(t):
            hold = t.low
            break
    # A condition's words run to the clause's end, a named order, or the next condition word. The
    # ends are found in one backward pass, so `if if if …` costs linear time, not quadratic.
    named_starts = {h.start for h in named if h.named}
    breaks = [len(toks)] * (len(toks) + 1)
    for j in range(len(toks) - 1, -1, -1):
        low = toks[j].low
        stop = low in CLAUSE_STOPS or j in named_starts or low in CONDITIONS or low == "when"
        breaks[j] = j if stop else breaks[j + 1]
    conditions = []
    for i, t in enumerate(toks):
        if t.low in CONDITIONS or t.low == "when":
            conditions.append((t.low, toks[i + 1 : breaks[i + 1]]))
    return Parsed(
        message=message,
        place=place,
        toks=toks,
        hits=tuple(named),
        errands=errands,
        question="?" in message,
        condition=any(t.low in CONDITIONS for t in toks),
        first_clause_hold=hold,
        corrections=tuple(s for s, _ in openers),
        conditions=tuple(conditions),
    )


def put_off(p: Parsed, hit: Hit) -> bool:
    """Rule 3's "put off": tomorrow or later belongs to this order (the nearest order word to it
    in its sentence is a word of this order)."""
    return any(h.order == hit.order for h in _put_off_hits(p))  # "pay toll tomorrow": pay and toll are one TOLL


def _put_off_hits(p: Parsed) -> frozenset[Hit]:
    """The order words a tomorrow or later belongs to, worked out once per message: each put-off
    word looks only at the order words on either side of it in its sentence (hits are in order)."""
    cached = p.__dict__.get("_put_off")
    if cached is not None:
        return cached
    by_sent: dict[int, list[Hit]] = {}
    for h in p.hits:
        by_sent.setdefault(p.toks[h.start].sent, []).append(h)
    starts = {sent: [h.start for h in hs] for sent, hs in by_sent.items()}
    out: set[Hit] = set()
    for t in p.toks:
        if t.low not in PUT_OFF or t.sent not in by_sent:
            continue
        same = by_sent[t.sent]
        k = bisect.bisect_left(starts[t.sent], t.i)
        near = same[max(0, k - 2) : k + 2]  # the nearest lies just before or just after it
        out.add(min(near, key=lambda h: (min(abs(h.start - t.i), abs(h.end - 1 - t.i)), h.start > t.i)))
    frozen = frozenset(out)
    p.__dict__["_put_off"] = frozen  # a frozen dataclass: the cache goes in beside its fields
    return frozen

"""BECALMED's words: a message cut into sentences and tokens, and the calls it names.

Pure and linear in the message's length: one pass to cut tokens, one pass over them to find the
call words, each look-around bounded by a few tokens. Nothing here decides what a message does;
`reader.py` does that. The vocabulary is the card's own (THE DAY, THE HANDS, THE CANVAS) and the
plain words a sailor uses for the same things; the reasons for each reading are in
docs/rulings.md (BECALMED 23 and 33 on).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

# -- tokens -----------------------------------------------------------------------------------------


class Tok(NamedTuple):  # a tuple: a long message makes thousands of them
    text: str  # lower case, apostrophes straight
    kind: str  # "w" a word or number, "p" punctuation, "d" a dash
    i: int


_TOKEN = re.compile(r"[a-z0-9]+(?:'[a-z]+)*|[.!?;:,\n]|—|–|--+|-")
SENTENCE_ENDS = frozenset(".!?;\n")


def tokens(message: str) -> tuple[Tok, ...]:
    """Words and the punctuation that matters. A hyphen inside a word joins nothing: "re-cut" is
    two words; a dash standing apart (" - ", "—", "--") is a token of its own (a correction)."""
    text = message.lower().replace("’", "'").replace("‘", "'")
    text = re.sub(r"(?<=[a-z0-9])-(?=[a-z0-9])", " ", text)
    out: list[Tok] = []
    for n, raw in enumerate(_TOKEN.findall(text)):
        out.append(Tok(raw, "w" if raw[0].isalnum() else ("d" if raw[0] in "—–-" else "p"), n))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Sentence:
    toks: tuple[Tok, ...]  # its words and inner punctuation, without the closing mark
    end: str  # the closing mark: . ! ? ; newline, or "" at the message's end

    @property
    def words(self) -> list[str]:
        return [t.text for t in self.toks if t.kind == "w"]

    @property
    def asks(self) -> bool:
        return self.end == "?"


def sentences(toks: tuple[Tok, ...]) -> list[Sentence]:
    out: list[Sentence] = []
    cur: list[Tok] = []
    for t in toks:
        if t.kind == "p" and t.text in SENTENCE_ENDS:
            if cur:
                out.append(Sentence(tuple(cur), t.text))
            elif out and t.text == "?" and out[-1].end != "?":
                out[-1] = Sentence(out[-1].toks, "?")  # "row?!" or "row!?" asks
            cur = []
        else:
            cur.append(t)
    if cur:
        out.append(Sentence(tuple(cur), ""))
    return out


# -- the call words -----------------------------------------------------------------------------------

ISSUE, CANVAS, HANDS = "issue", "canvas", "hands"
KIND_OF = {
    "FULL": ISSUE, "SHORT": ISSUE, "DRY": ISSUE,
    "SAIL": CANVAS, "AWNING": CANVAS, "DOWN": CANVAS,
    "ROW": HANDS, "FISH": HANDS, "BAIL": HANDS, "MEND": HANDS, "WATCH": HANDS,
}  # fmt: skip

# Words that are a call wherever they stand (subject to negation and the few senses below).
WORD_CALLS: dict[str, str] = {}
for _call, _words in (
    ("FULL", "full fulls"),
    ("SHORT", "short shorts half halves halved"),
    ("DRY", "dry"),
    ("SAIL", "sail sails sailing hoist hoisted"),
    ("AWNING", "awning awnings shade"),
    ("DOWN", "down stow stowed furl furled"),
    ("ROW", "row rows rowing oar oars pull pulls pulling"),
    ("FISH", "fish fishes fishing"),
    ("BAIL", "bail bails bailing bale bales baling"),
    ("MEND", "mend mends mending recut recuts sew sews sewing patch patches patching stitch stitches stitching repair repairs repairing"),
    ("WATCH", "watch watches watching lookout"),
):
    for _w in _words.split():
        WORD_CALLS[_w] = _call

MEND_VERBS = frozenset(
    "mend mends mending recut recuts cut cuts sew sews sewing patch patches patching stitch stitches "
    "stitching repair repairs repairing fix fixes fixing".split()
)
UP_VERBS = frozenset("hoist hoists raise raises set sets make makes rig rigs spread spreads run fly bend".split())
DOWN_VERBS = frozenset("lower lowers strike strikes stow stows furl furls douse drop drops hand reef take takes bring haul".split())
DETERMINERS = frozenset("the her our a an that this some your my".split())
CANVAS_NOUNS = frozenset("sail sails canvas".split())
AWNING_NOUNS = frozenset("awning awnings shade".split())
CREW = frozenset("nance nance's carrick carrick's pruett pruett's ockle ockle's oday bosun boy clerk sailmaker".split())
# After these, "down" is a soul's state, not the canvas: "Nance is down", "who's down", "sit down".
NOT_CANVAS_DOWN = frozenset(
    "is 's are was were goes go going went gone sit sits sat lie lies lay calm slow settle settles put "
    "back upside man men him them one two three who who's whos still already been get got fall falls "
    "fell come comes came keep keeps".split()
) | CREW
NOT_CANVAS_DOWN_AFTER = frozenset("in below there here with by to from on at".split())

NEGATORS = frozenset("no not don't dont never without nobody skip avoid forget stop quit can't cant won't wont".split())
# Words that may stand between a negator and the call it negates ("don't bother with the awning").
NEG_FILLER = frozenset("do bother with the any more bother to need use a an our her going gonna".split())


@dataclass(frozen=True, slots=True)
class Mention:
    call: str
    start: int  # token index of its first token
    end: int  # token index after it
    said: str  # the words as written, for a confirm line
    typo: bool = False  # one slip from a call word: never taken silently

    @property
    def kind(self) -> str:
        return KIND_OF[self.call]


@dataclass(frozen=True)
class Found:
    """The calls a run of tokens names, in order, and what else was noticed."""

    mentions: tuple[Mention, ...] = ()
    corrections: tuple[int, ...] = ()  # token indexes of correction markers ("no wait", "actually", a dash)
    odd_measures: tuple[str, ...] = ()  # "3 measures": an issue the card does not have
    negated: tuple[str, ...] = field(default=())  # calls named under a negation ("no fishing")


_NUMBERS = {"0": 0, "zero": 0, "no": 0, "1": 1, "one": 1, "2": 2, "two": 2, "3": 3, "three": 3, "4": 4, "four": 4,
            "5": 5, "five": 5, "6": 6, "six": 6}  # fmt: skip
_MEASURE_CALL = {0: "DRY", 2: "SHORT", 4: "FULL"}

# Multi-word calls, by their first word: (words, call). Longest first within each.
_PHRASES: dict[str, list[tuple[tuple[str, ...], str | None]]] = {}
for _words, _phrase_call in (
    ("no water", "DRY"), ("no ration", "DRY"), ("no rations", "DRY"), ("no issue", "DRY"), ("no drink", "DRY"),
    ("no drinks", "DRY"), ("no drinking", "DRY"), ("drink nothing", "DRY"), ("nothing to drink", "DRY"),
    ("keep the breaker shut", "DRY"), ("breaker shut", "DRY"), ("skip the ration", "DRY"), ("skip the water", "DRY"),
    ("skip water", "DRY"), ("skip rations", "DRY"), ("skip the rations", "DRY"), ("nobody drinks", "DRY"),
    ("no one drinks", "DRY"), ("go without", "DRY"), ("water none", "DRY"), ("water : none", "DRY"),
    ("zero water", "DRY"), ("0 water", "DRY"), ("water : 0", "DRY"), ("water 0", "DRY"),
    ("nothing from the breaker", "DRY"), ("breaker stays shut", "DRY"), ("breaker stays closed", "DRY"),
    ("keep the breaker closed", "DRY"), ("leave the breaker alone", "DRY"), ("leave the breaker shut", "DRY"),
    ("breaker closed", "DRY"), ("nobody drinks today", "DRY"), ("no one drinks today", "DRY"),
    # "drink our fill", "let them have their fill": the whole issue the card prices, FULL
    ("our fill", "FULL"), ("their fill", "FULL"), ("your fill", "FULL"), ("my fill", "FULL"),
    ("our fill of", None), ("their fill of", None), ("your fill of", None), ("my fill of", None),
    ("small ration", "SHORT"), ("small rations", "SHORT"), ("tight ration", "SHORT"), ("tight rations", "SHORT"),
    ("no sail", "DOWN"), ("no sails", "DOWN"), ("no canvas", "DOWN"), ("bare poles", "DOWN"),
    ("in a row", None), ("a row", None), ("the row", None),
    ("sit up", "WATCH"), ("sits up", "WATCH"), ("sitting up", "WATCH"), ("stay up", "WATCH"), ("stays up", "WATCH"),
    ("keep watch", "WATCH"), ("keeps watch", "WATCH"), ("stand watch", "WATCH"), ("on watch", "WATCH"),
    ("keep a watch", "WATCH"), ("keep a lookout", "WATCH"), ("look out", "WATCH"), ("night watch", "WATCH"),
    ("lines over", "FISH"), ("line over", "FISH"), ("lines out", "FISH"), ("line out", "FISH"),
    ("lines in", "FISH"), ("cast a line", "FISH"), ("drop a line", "FISH"), ("put out lines", "FISH"),
    ("put out a line", "FISH"), ("lines overboard", "FISH"), ("drop some lines", "FISH"), ("drop lines", "FISH"),
    ("drop the lines", "FISH"), ("a line over", "FISH"),
    ("re cut", "MEND"), ("re cuts", "MEND"), ("bail out", "BAIL"), ("bails out", "BAIL"),
    ("make sail", "SAIL"), ("set sail", "SAIL"), ("under sail", "SAIL"), ("keep sailing", "SAIL"),
    ("full of", None), ("in full", None), ("short of", None), ("short on", None), ("short handed", None),
    ("in short", None), ("keep it short", None), ("short answer", None), ("short answers", None),
    ("short reply", None), ("short replies", None), ("short version", None), ("shorter", None),
    ("watch out for", None),  # "watch out for the sharks": a warning, not the night's watch
):
    _parts = tuple(_words.split())
    _PHRASES.setdefault(_parts[0], []).append((_parts, _phrase_call))
for _list in _PHRASES.values():
    _list.sort(key=lambda p: -len(p[0]))

# What "dry" says after an object: "keep the flares dry", "bail her dry" (BAIL keeps her dry).
_DRY_OBJECTS = frozenset("her it them flares flare boat powder things gear everything bilge yourself him".split())
_DRY_VERBS = frozenset("keep keeps bail bails pump pumps stay wring".split())

# -- one slip from a call word --------------------------------------------------------------------
# Real words that sit one letter from a call word: never read as a slip.
_NEAR_WORDS = frozenset(
    """fall fill fell bull dull hull gull fuel mull null cull fully fuller pull furl feel
    shirt sport shout shore snort shoot shorts shorty shot sort shorter
    said soil nail mail tail rail fail jail hail pail wail sailor saint sale sails seal sal
    owning dawning yawning awing
    dawn town gown sown drown done own dont
    dish wish fist fisk fishy fight
    ball boil bait bails bill bale bali nails
    bend send lend tend mind mends rend vend fend mens meat mead mean meant menu
    match batch patch latch catch hatch witch watt wash
    stop show slow snow stew stay star
    joist moist hoists
    oats ears bars cars wars jars oaks ours oafs oars
    shape share shake shame shady spade shad
    nation ratio
    hall calf halt hale
    bowing mowing towing sowing lowing roving owing crowing growing
    failing wailing nailing mailing hailing railing tailing sailing
    fishing bailing mending watching awnings
    cows bows lows mows tows vows wows rods robs
    news sees sets seas pews mews saws sows sewn
    pitch path switch repaid
    matching batching catching hatching latching
    showed stewed slowed snowed stoned stored
    curl hurl purl fury furs curled hurled foul
    hosted foisted heist
    polling pulping mulling culling dulling fulling puling
    baking paling boils balls baits fails mails hails jails rails wails
    bending sending lending tending minding vending fending
    bends sends lends tends minds fends vends
    recur rebut seeing mewing hewing
    matches batches catches hatches latches
    wishing dishing wishes dishes snails
    wrong""".split()
)
_FUZZ_TARGETS: dict[str, str] = {
    w: c
    for w, c in WORD_CALLS.items()
    if len(w) >= 4 and w not in ("pull", "pulls", "pulling", "halves", "halved", "shorts", "fulls", "bale", "bales", "oar")
}


def _one_slip(a: str, b: str) -> bool:
    """Damerau distance exactly 1: one letter wrong, missing, extra, or two swapped."""
    la, lb = len(a), len(b)
    if a == b or abs(la - lb) > 1:
        return False
    if la == lb:
        diff = [k for k in range(la) if a[k] != b[k]]
        if len(diff) == 1:
            return True
        return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
    if la > lb:
        a, b, la, lb = b, a, lb, la
    k = 0
    while k < la and a[k] == b[k]:
        k += 1
    return a[k:] == b[k + 1 :]


def _deletes(word: str) -> set[str]:
    return {word[:k] + word[k + 1 :] for k in range(len(word))}


# Each call word and each of its one-letter deletions, to the call words they come from: a word
# is compared only with the few call words that share a deletion with it (the symmetric-delete
# trick), so a message of many unknown words costs linear time.
_BY_DELETE: dict[str, set[str]] = {}
for _w in _FUZZ_TARGETS:
    for _key in _deletes(_w) | {_w}:
        _BY_DELETE.setdefault(_key, set()).add(_w)


@lru_cache(maxsize=4096)
def slip_of(word: str) -> str | None:
    """The call word `word` is one slip from, if it is a slip and not a real word of its own."""
    if len(word) < 4 or len(word) > 10 or not word.isalpha() or word in _NEAR_WORDS or word in WORD_CALLS:
        return None
    near: set[str] = set()
    for key in _deletes(word) | {word}:
        near |= _BY_DELETE.get(key, set())
    hits = {_FUZZ_TARGETS[w] for w in near if _one_slip(word, w)}
    return hits.pop() if len(hits) == 1 else None


_KNOWN = frozenset(WORD_CALLS) | frozenset(_PHRASES) | CREW | MEND_VERBS | UP_VERBS | DOWN_VERBS | NEGATORS


# -- finding the calls ----------------------------------------------------------------------------------

CORRECTION_WORDS = frozenset("actually sorry correction instead rather oops nah scratch wait".split())
CORRECTION_PAIRS = {("no", "wait"), ("wait", ","), ("scratch", "that"), ("make", "that"), ("i", "mean"),
                     ("change", "that"), ("hang", "on"), ("hold", "on"), ("no", ",")}  # fmt: skip


def _negated(toks: tuple[Tok, ...], start: int) -> bool:
    """A negator within four words before, in the same clause ("no fishing", "don't bother with
    the awning"), and nothing but filler between."""
    k = start - 1
    seen = 0
    while k >= 0 and seen < 5:
        t = toks[k]
        if t.kind != "w" or t.text in ("but", "and", "then"):
            return False
        if t.text in NEGATORS:
            return not (t.text == "no" and k + 1 < len(toks) and toks[k + 1].text in ("wait", ","))
        if t.text in WORD_CALLS:
            return False  # "no sail bail": the no is the sail's, the bail stands
        if t.text not in NEG_FILLER and seen > 0:
            return False
        seen += 1
        k -= 1
    return False


def find(toks: tuple[Tok, ...], lo: int = 0, hi: int | None = None) -> Found:
    """The calls named in toks[lo:hi], one pass, each look-around a few tokens wide."""
    hi = len(toks) if hi is None else hi
    out: list[Mention] = []
    negated: list[str] = []
    corrections: list[int] = []
    odd: list[str] = []
    i = lo

    def word(k: int) -> str:
        return toks[k].text if lo <= k < hi and toks[k].kind == "w" else ""

    def add(call: str | None, a: int, b: int, typo: bool = False) -> None:
        if call is None:
            return
        said = " ".join(t.text for t in toks[a:b])
        # "watch instead of row", "awning rather than sail": the call after it is the one dropped
        dropped = a >= 2 and (toks[a - 2].text, toks[a - 1].text) in (("instead", "of"), ("rather", "than"))
        if (_negated(toks, a) or dropped) and a >= lo:
            negated.append(call)
            return
        out.append(Mention(call, a, b, said, typo))

    while i < hi:
        t = toks[i]
        if t.kind == "d":
            corrections.append(i)
            i += 1
            continue
        if t.kind == "p":
            i += 1
            continue
        w = t.text
        nxt = word(i + 1)
        # correction markers
        if (w, nxt or (toks[i + 1].text if i + 1 < hi else "")) in CORRECTION_PAIRS:
            corrections.append(i)
            i += 2
            continue
        if w in CORRECTION_WORDS:
            if w in ("instead", "rather") and out:
                corrections.append(out[-1].start - 1)  # "awning instead": the call before it wins
            else:
                corrections.append(i)
            i += 1
            continue
        # "half a measure": no issue the card prices (SHORT is 2 measures), asked like "3 measures"
        if w == "half" and nxt in ("a", "an") and word(i + 2) in ("measure", "measures", "mouthful", "cup"):
            odd.append(f"half a {word(i + 2)}")
            i += 3
            continue
        # N measures
        if w in _NUMBERS and nxt in ("measure", "measures"):
            n = _NUMBERS[w]
            if n in _MEASURE_CALL:
                add(_MEASURE_CALL[n], i, i + 2)
            else:
                odd.append(f"{w} {nxt}")
            i += 2
            continue
        # phrases
        matched = False
        for parts, call in _PHRASES.get(w, ()):
            n = len(parts)
            if i + n <= hi and all(toks[i + k].text == parts[k] for k in range(n)):
                if call is not None and call in ("DRY", "DOWN") and parts[0] == "no":
                    out.append(Mention(call, i, i + n, " ".join(parts)))  # "no water": the no is the call
                else:
                    add(call, i, i + n)
                i += n
                matched = True
                break
        if matched:
            continue
        # canvas nouns: what the verb or particle around them says
        if w in CANVAS_NOUNS or w in AWNING_NOUNS:
            call, a, b = _canvas_noun(toks, i, lo, hi)
            if call == "MEND" or call is None:
                i = b
                if call:
                    add(call, a, b)
                continue
            add(call, a, b)
            i = b
            continue
        if w in MEND_VERBS and w not in WORD_CALLS:  # "fix", "cut": a mend only with the canvas after
            i += 1
            continue
        if w in UP_VERBS or w in DOWN_VERBS:
            # A canvas noun within three words takes the verb with it ("take in the sail").
            ahead = any(toks[k].text in CANVAS_NOUNS or toks[k].text in AWNING_NOUNS for k in range(i + 1, min(hi, i + 4)))
            call = None if ahead else (_verb_alone(toks, i, lo, hi) or WORD_CALLS.get(w))
            if call:
                add(call, i, i + 1)
            i += 1
            continue
        call = WORD_CALLS.get(w)
        if call is not None:
            call = _sense(toks, i, lo, hi, call)
            if call:
                add(call, i, i + 1)
            i += 1
            continue
        if w not in _KNOWN:
            slip = slip_of(w)
            if slip is not None:
                add(slip, i, i + 1, typo=True)
        i += 1
    return Found(tuple(out), tuple(corrections), tuple(odd), tuple(negated))


def _canvas_noun(toks: tuple[Tok, ...], i: int, lo: int, hi: int) -> tuple[str | None, int, int]:
    """"the sail", "sail up", "take in the sail", "mend the sail", "no awning": (call, start, end)."""
    w = toks[i].text
    awning = w in AWNING_NOUNS
    nxt = toks[i + 1].text if i + 1 < hi else ""
    start = i
    k = i - 1
    if k >= lo and toks[k].text in DETERMINERS:
        k -= 1
    det = k < i - 1
    # a particle after: "sail up", "the awning down", "sail in"
    if nxt in ("up", "set", "out"):
        return ("AWNING" if awning else "SAIL"), start, i + 2
    if nxt in ("down", "in", "away", "furled", "stowed"):
        return "DOWN", start, i + 2
    # a verb before (past "in"/"down"/"up": "take in the sail")
    verbs = []
    for back in (k, k - 1):
        if back < lo or toks[back].kind != "w":
            break  # a verb is read only within the clause
        verbs.append(toks[back].text)
    for v in verbs:
        if v in MEND_VERBS:
            return "MEND", start, i + 1  # "mend the sail": the hands, not the canvas
        if v == "in" and awning and not (len(verbs) > 1 and verbs[1] in DOWN_VERBS):
            return "AWNING", start, i + 1  # "in the shade", "under the awning": sitting in it
        if v == "on" and len(verbs) > 1 and verbs[1] in ("work", "works", "working"):
            return "MEND", start, i + 1  # "nance works on the sail": her hands on it
        if v in DOWN_VERBS or v in ("in", "down"):
            return "DOWN", start, i + 1
        if v in UP_VERBS or v == "up":
            return ("AWNING" if awning else "SAIL"), start, i + 1
        if v in ("under",):
            return ("AWNING" if awning else "SAIL"), start, i + 1
    if w == "canvas":
        return None, start, i + 1  # "canvas" alone names no call ("canvas: sail" is a label)
    if nxt in ("is", "'s", "was", "looks", "seems", "has", "torn", "gone", "lost"):
        return None, start, i + 1  # talk about the canvas, not a call
    if det and not awning and verbs and verbs[0] not in ("and", "or", "then", "but", "with"):
        return None, start, i + 1  # "check the sail", "look at the sail": the noun, no call
    return ("AWNING" if awning else "SAIL"), start, i + 1


def _verb_alone(toks: tuple[Tok, ...], i: int, lo: int, hi: int) -> str | None:
    """A canvas verb with no canvas noun after it: "stow it", "hoist", "make sail" (a phrase)."""
    w = toks[i].text
    nxt = toks[i + 1].text if i + 1 < hi else ""
    if w in ("stow", "stows"):
        return "DOWN" if nxt in ("", "it", "her", "everything", ",", ".", "and", "then") or toks[i + 1].kind != "w" else None
    return None


def _sense(toks: tuple[Tok, ...], i: int, lo: int, hi: int, call: str) -> str | None:
    """A call word in the sense of a call, or None where it plainly means something else."""
    w = toks[i].text
    prev = toks[i - 1].text if i - 1 >= lo and toks[i - 1].kind == "w" else ""
    prev2 = toks[i - 2].text if i - 2 >= lo and toks[i - 2].kind == "w" and prev else ""
    nxt = toks[i + 1].text if i + 1 < hi and toks[i + 1].kind == "w" else ""
    if call == "DOWN":
        if prev in NOT_CANVAS_DOWN or nxt in NOT_CANVAS_DOWN_AFTER or nxt in CREW:
            return None
        return call
    if call == "DRY":
        if prev in _DRY_OBJECTS or prev in _DRY_VERBS or (prev2 in _DRY_VERBS and prev):
            return None  # "keep the flares dry", "bail her dry": a state, not the issue
        return call
    if call == "ROW" and w in ("pull", "pulls", "pulling"):
        if nxt in DETERMINERS or nxt in ("it", "in", "down", "up", "out", "them", "him", "me"):
            return None  # "pull the sail down", "pull him in": not the oars
        return call
    if w == "fish" and prev in DETERMINERS | {"any", "no", "of"} and prev2 not in ("catch", "get", "try", "for"):
        return None  # "the fish", "any fish": the creature, not the hands
    if call == "WATCH" and prev in ("a", "my", "your", "his"):
        return None if prev2 not in ("keep", "keeps", "set", "stand", "post") else call
    if call == "MEND" and nxt in ("the", "her") and i + 2 < hi and toks[i + 2].text in ("seams", "leak", "hull", "garboard", "plank", "boat"):
        return None  # the seams are closed by BAIL, not by Nance's needle
    return call

"""Read a DEADRECKONING message: words -> Reading. Never raises on a player's words.

Order of reading: a pending question's answer (a yes or no to a confirm line, a yes to "to fire on
B2, say…", "the first" to "B5 or C5: which one?"); save; the card's surrender phrase, which ends
the duel at once; a plain salvo ("D4", "fire H1", "salvo C7", any case); then the cells the message
names, wherever they stand, each with its role (the shot, a reason for it, a cell corrected away,
a negated one; rulings 17 and 18); with no cell named, "I give up" or "I surrender" said plainly,
which strike as the phrase does, and any other surrender, which is confirmed first (ruling 3);
questions, answered from public knowledge or refused in character (rules 2, 6 and 9). A message
fires when it names one new cell as the shot, in a sentence that does not ask, doubt or claim
anything of it.

The reader sees only the state the player sees. No answer depends on the berth.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cardgm.chatter import asks_for_save, is_pause
from cardgm.game import ReadAs, Reading, asked_again

from . import voice
from .actions import Salvo, StrikeColours
from .state import FLEET, SHIP_NAMES, UNFIRED, Duel, Seal, cell_index, cell_name, is_cell

_FIRE_WORDS = (
    r"fire|fire a salvo|salvo|shoot|shot|aim|target|try|hit|strike|attack|broadside|bombard|"
    r"call|go|open fire|let fly|next salvo|next shot|my shot|my salvo|a salvo|one salvo"
)
# One plain salvo and nothing else: "D4", "fire at d4", "salvo: C7", "d 4 please".
PLAIN_SALVO = re.compile(
    rf"(?:please\s+)?(?:(?:{_FIRE_WORDS})\s*(?:(?:is|at|on|upon|into|to)\s+|:\s*)?)?"
    r"(?:(?:cell|square)\s+)?\(?([a-z])\s?[-,/:]?\s?(\d{1,2})\)?(?:\s*,?\s*please)?"
)
CELL_TOKEN = re.compile(r"(?<![a-z0-9'])([a-z])(\d{1,2})(?![a-z0-9])")

SAVE = re.compile(
    r"(?:please\s+)?(?:save|save game|save (?:the |my )?(?:game|position)|save please|bank|bank it|"
    r"bank (?:my|the) position|pause|let's pause|save and quit)"
)
STRIKE = re.compile(r"(?:i\s+|we\s+)?strike\s+(?:my\s+|our\s+|the\s+)?colou?rs")
SURRENDER = re.compile(
    r"\b(?:give up|giving up|surrender|quit|resign|concede|strike|struck|throw in the towel|colou?rs)\b"
)
YES = re.compile(r"(?:y|yes|yes please|aye|aye aye|do it|confirm|i'm sure|yes i'm sure|strike them)")
NO = re.compile(r"(?:n|no|nay|no thanks|cancel|never|belay that|keep fighting|not yet|don't)")

SEAL_WORDS = re.compile(r"\b(?:seal|sealed|unseal|commitment|sha|sha-?256|hash|verify|verification)\b")
SEAL_EARLY = re.compile(r"\b(?:open|break|unseal|unsealed|read|peek|early|crack|now|before)\b")
SEAL_PUBLIC = re.compile(r"\b(?:commitment|hash|sha|sha-?256|verify|verification|check|checked|prove|proof)\b")
BERTH = re.compile(
    r"\b(?:berth|where(?:'s| is| are| were| does| do| did| lies| lie)|positions?|locations?|reveal|"
    r"where\b(?! should| shall| do i| can i| to| now| next)|(?:hull|ship|enemy|their) (?:cells|squares)|"
    r"solution|answers?|cheat|cheating|peek|layout|coordinates|gm.only|hidden|secret|which cells|"
    r"what cells|list (?:the|all|every)|show me (?:the |all |every )?(?:ships|fleet|hulls|enemy|boats|vessels)|"
    r"give me (?:the )?(?:ships|cells|positions)|tell me (?:the )?(?:ships|cells|positions))\b"
)
HINT = re.compile(
    r"\b(?:warm|warmer|warmest|cold|colder|hot|hotter|close|closer|near|nearer|nearby|hints?|clues?|"
    r"tips?|suggest\w*|recommend\w*|advice|advise|where should|what should|which (?:cell|square|one) should|"
    r"best (?:shot|cell|move|guess)|help me find|pick (?:one |a cell )?for me|choose for me|"
    r"name a cell|give me a cell|getting close|on the right track|in the right area)\b"
)
# "you pick", "surprise me": with no cell named, the player asks for a cell picked for them (rule 9).
_PICK_FOR_ME = re.compile(
    r"\b(?:you pick|you choose|your choice|surprise me|up to you|dealer's choice|pick (?:a )?(?:random )?(?:cell|square|one)|"
    r"random (?:cell|square|shot)|(?:fire|shoot) (?:at random|anywhere|wherever|somewhere))\b"
)
HULL_WORDS = re.compile(
    r"\b(?:how long|long|length|lengths|how big|big|size|sizes|how many cells|horizontal\w*|vertical\w*|"
    r"orientation|orientated|oriented|which way|direction|lie|lies|lying|run|runs|running|across or down|"
    r"up or down|north|south|east|west)\b"
)
SPECIFIC = re.compile(
    r"\b(?:this|that|it|it's|its|she|her|the one|(?:the|a) (?:ship|hull|boat|vessel)(?!s| lengths| sizes)|ship i|hull i|"
    r"i hit|i've hit|i just hit|i struck|my hit|my hits|the hit|those hits|these hits|the rest of)\b"
)
NAMES = re.compile(r"\b(?:names?|named|called|which ship|what ship|what kind|type)\b")
DEDUCE = re.compile(
    r"\b(?:water|empty|clear|safe|ship|ships|hull|hulls|hit|miss|occupied|something|anything|nothing|"
    r"there|must|has to|have to|can't|cannot|could|right|correct|true|confirm|sure|is it|contains?|"
    r"holds?|likely|probably|possible|impossible)\b"
)
FLEET_WORDS = re.compile(
    r"\b(?:how many|ships|hulls|fleet|rules?|touch\w*|corners?|diagonal\w*|adjacent|straight|bend\w*|"
    r"overlap\w*|lengths|sizes|l-shaped?|public)\b"
)
STATUS = re.compile(r"\b(?:score|scoring|par|status|how am i doing|how many (?:shots|salvos|hits)|grid|board|chart|progress)\b")
STATUS_BARE = re.compile(r"(?:shots|salvos|hits|counts?|tally|stats)\s*\??")
HELP = re.compile(
    r"\b(?:help|how (?:do|to|can) (?:i )?(?:play|fire|shoot)|instructions|commands|what can i|"
    r"how (?:does|do) (?:this|it|the game|the duel) work|what do i do|rules of the game)\b"
)


def normalize(message: str) -> str:
    text = message.replace("’", "'").replace("“", '"').replace("”", '"').lower()
    text = " ".join(text.split())
    text = text.strip(" \"'`")
    return text.rstrip(".! ").strip()


def cells_named(text: str) -> list[str]:
    """Every compact cell-like token ("d4", "i4", "a9"), upper-cased, first mention first."""
    out: list[str] = []
    for m in CELL_TOKEN.finditer(text):
        cell = (m.group(1) + m.group(2)).upper()
        if cell not in out:
            out.append(cell)
    return out


# -- cells anywhere in a message ---------------------------------------------------------------------

# "b5", "B 5", "c-7", "(c3)", "🎯 G3": a letter and a row, standing apart from other words.
_CELL_ANY = re.compile(r"(?<![a-z0-9'])([a-z])(\s?[-–]\s?|\s)?(\d{1,2})(?![a-z0-9])")
_ROW_COL = re.compile(r"\brow\s*#?\s*(\d{1,2})\s*[,/&]?\s*(?:and\s+)?col(?:umn)?\s*([a-z])(?![a-z0-9])")
_COL_ROW = re.compile(r"\bcol(?:umn)?\s*([a-z])\s*[,/&]?\s*(?:and\s+)?row\s*#?\s*(\d{1,2})(?![0-9])")
_REVERSED = re.compile(r"(?<![a-z0-9])([1-8])(?:\s|\s?[-–]\s?)?([a-h])(?![a-z0-9])")
# After a cell: it is the reason for another shot, not a shot ("b2 was a hit so c2").
_REASON_AFTER = re.compile(
    r"\s*(?:was|is|'s|were|are|=|:|-)?\s*(?:a\s+|an\s+|also\s+|already\s+|just\s+)?"
    r"(?:hit|hits|miss|missed|misses|water|splash|dud|sunk|x|o|empty|blank|nothing|a\s+hit|hit!)\b"
    r"|'s\s+(?:neighbou?rs?|left|right)\b"
)
_REASON_BEFORE = re.compile(
    r"\b(?:since|because|cause|cos|as|after|given|from|beside|besides|near|around|adjacent to|next to|"
    r"left of|right of|above|below|under|beneath|underneath|west of|east of|north of|south of|off|like)\s+(?:the\s+)?(?:cell\s+|square\s+)?$"
)
_CORRECT = re.compile(
    r"\b(?:no|nope|nah|actually|sorry|wait|i mean|make (?:that|it)|scratch that|oops|rather(?! than)|instead(?! of)|nvm|never ?mind|"
    r"correction|change (?:that|it) to|on second thoughts?|hmm no)\b|[—–]|\s-\s|--"
)
_INSTEAD_AFTER = re.compile(r"\s*(?:instead|rather)\b")
_NEGATED_BEFORE = re.compile(
    r"(?:\b(?:not|don't|dont|do not|never|won't|wont|avoid|skip)\s+(?:fire\s+|shoot\s+|hit\s+|try\s+)?(?:at\s+|on\s+)?|"
    r"\binstead of\s+|\brather than\s+)$"
)
_OR = re.compile(r"\bor\b|/")
_PUT_OFF = re.compile(r"\b(?:tomorrow|later|next time|another time|next session|when i'?m back|when i get back)\b")
_HEDGE = re.compile(
    r"\b(?:maybe|perhaps|thinking|think about|considering|might|not sure|unsure|idk|what about|how about|"
    r"should i|should we|could i|could we|would it|if|wondering|tempted|or not|shall i|shall we|we could|i could|you could|"
    r"we might|i might|do i|can i)\b"
)
_DEDUCE_CLAUSE = re.compile(
    r"\b(?:must|has to|have to|can't|cannot|empty|clear|safe|occupied|likely|probably|possible|impossible|"
    r"contains?|holds?|true|correct|confirm|sure|water|nothing there|something there|long|length|"
    r"horizontal\w*|vertical\w*|runs|lies|ship at|hull at|is a ship)\b"
)
_CLAUSE_END = re.compile(r"[,;.!?]|\bso\b|\bthen\b|\bbut\b")


def _lower(message: str) -> str:
    """The message in lower case, each character where it stood (so spans match the original)."""
    text = message.replace("’", "'")
    low = text.lower()
    if len(low) == len(text):
        return low
    return "".join(c.lower() if len(c.lower()) == 1 else c for c in text)


MAX_CELLS = 64


@dataclass(frozen=True)
class CellMention:
    cell: str
    start: int
    end: int
    reason: bool = False  # named only as the reason for another shot
    negated: bool = False

    @property
    def on_sea(self) -> bool:
        return is_cell(self.cell)


def find_cells(message: str) -> list[CellMention]:
    """Every cell a message names, in order, with its role. Linear: each regex scans once and each
    look-around reads a bounded window."""
    low = _lower(message)
    spans: list[tuple[int, int, str]] = []
    for m in _ROW_COL.finditer(low):
        spans.append((m.start(), m.end(), m.group(2).upper() + m.group(1)))
    for m in _COL_ROW.finditer(low):
        spans.append((m.start(), m.end(), m.group(1).upper() + m.group(2)))
    taken = [(a, b) for a, b, _ in spans]
    for m in _CELL_ANY.finditer(low):
        if any(a <= m.start() < b for a, b in taken):
            continue
        letter, gap = m.group(1), m.group(2)
        # "a 2 cell hull", "i 4 think": a spaced lower-case a or i is a word, not a column
        if gap and letter in "ai" and message[m.start()] == letter:
            continue
        if gap and gap.strip() == "" and letter not in "abcdefgh" and message[m.start()] == letter:
            continue  # "x 3", "o 2": a spaced letter off the chart is more likely a word
        spans.append((m.start(), m.end(), letter.upper() + m.group(3)))
    spans.sort()
    out: list[CellMention] = []
    for a, b, cell in spans[:MAX_CELLS]:  # more cells than the sea holds say nothing more
        before = low[max(0, a - 40) : a]
        after = low[b : b + 40]
        reason = bool(_REASON_AFTER.match(after)) or bool(_REASON_BEFORE.search(before))
        # "b7 tomorrow", "b7 later": a shot put off is not fired now (and counts as said with a no)
        negated = bool(_NEGATED_BEFORE.search(before)) or bool(_PUT_OFF.search(_clause_of(low, a, b)))
        out.append(CellMention(cell, a, b, reason, negated))
    return out


@dataclass(frozen=True)
class Shot:
    """What the cells of a message come to: one cell to fire, cells to choose between, or none."""

    kind: str  # "one", "which" (offered as alternatives), "pair" (two or more at once), "none"
    cells: tuple[str, ...] = ()
    reversed_cell: str | None = None  # "4d": row first, not the card's notation


def the_shot(message: str, mentions: list[CellMention] | None = None) -> Shot:
    """One new cell anywhere is the shot; a correction picks the last; a cell named as the reason
    for another is not the shot; two offered as alternatives or together are asked about."""
    low = _lower(message)
    ms = find_cells(message) if mentions is None else mentions
    live = [m for m in ms if not m.reason and not m.negated]
    if not live:
        r = _REVERSED.search(low)
        return Shot("none", reversed_cell=(r.group(2).upper() + r.group(1)) if r and not ms else None)
    # A correction between cells: the cells after the last one stand.
    last_fix = -1
    for prev, nxt in zip(ms, ms[1:]):
        between = low[prev.end : nxt.start]
        if _CORRECT.search(between):
            last_fix = max(last_fix, nxt.start)
    for m in ms:
        if _INSTEAD_AFTER.match(low[m.end : m.end + 12]):
            last_fix = max(last_fix, m.start)
    if last_fix >= 0:
        after = [m for m in live if m.start >= last_fix]
        live = after or live
    cells = tuple(dict.fromkeys(m.cell for m in live))
    if len(cells) == 1:
        return Shot("one", cells)
    alternatives = any(_OR.search(low[a.end : b.start]) for a, b in zip(live, live[1:]))
    return Shot("which" if alternatives else "pair", cells)


def _clause_of(low: str, start: int, end: int) -> str:
    """The words around a cell up to the nearest clause ends: what is said of the cell itself."""
    lo = max(0, start - 60)
    head = low[lo:start]
    cut = [m.end() for m in _CLAUSE_END.finditer(head)]
    a = lo + (cut[-1] if cut else 0)
    tail = low[end : end + 60]
    m = _CLAUSE_END.search(tail)
    b = end + (m.start() if m else len(tail))
    return low[a:b]


def _casual_save(text: str) -> bool:
    """"save pls", "save pls, gotta go", "i want to save", "can you save the game": a save, with
    chatter around it (cardgm.chatter)."""
    return asks_for_save(re.findall(r"[a-z']+|[,;.!?]", text), _SAVE_WORDS, _DUEL_WORDS)


_SAVE_WORDS = frozenset({"save", "saving", "bank", "pause"})
_DUEL_WORDS = frozenset({"duel", "hunt"})  # "save the duel": the block, beside cardgm.chatter's chatter

_GIVE_UP = re.compile(
    r"\b(?:give up|giving up|gave up|surrender|surrendering|resign|concede|throw in the towel|white flag|"
    r"strike (?:my |our |the )?colou?rs|i quit|we quit|quit the game|i'm done|im done|forfeit|i lose|we lose|you win|you won|"
    r"end (?:the )?(?:game|duel|hunt)|abandon (?:ship|the (?:game|duel|hunt))|(?:lower|haul down|strike) (?:the |my |our )?flag|"
    r"haul down (?:my |our |the )?colou?rs)\b|🏳"
)
# The enemy's colours, not the player's: "make them strike their colours" surrenders nothing.
_THEIR_COLOURS = re.compile(
    r"\b(?:their|her|his|its|the enemy's|enemy)\s+(?:colou?rs|flag)\b|\b(?:make|makes|made|making|force|forced|forcing)\s+"
    r"(?:them|her|him|the enemy)\s+strike\b"
)
# A cell beside the card's phrase, with no correction between: two things that cannot both be meant.
_TAKEN_BACK = re.compile(r"\b(?:jk|just kidding|kidding|joking)\b")
# The player's own shots, read off the grid: "where did i hit", "list my shots", "what were my misses".
_MY_SHOTS = re.compile(
    r"\b(?:where|which|what|list|show)\b.{0,25}\b(?:i|my|i've|we|our|me)\b.{0,15}\b(?:hits?|miss(?:es|ed)?|shots?|salvos?|fired|shot)\b"
    r"|\bwhich ones were (?:hits|misses)\b"
)
# "same again", "repeat my last shot": the last cell fired in this run, a repeat (ruling 19).
_SAME_SHOT = re.compile(
    r"(?:(?:ok|okay|so|um|hmm)[\s,]+)?(?:same (?:again|cell|square|one|spot|shot|target|as (?:last time|before|last))|"
    r"repeat (?:my |the )?(?:last|previous) (?:shot|salvo|cell)|(?:fire|shoot) (?:at )?(?:the )?same (?:cell|square|spot|place)(?: again)?)"
    r"(?:[\s,]+(?:please|pls|again))*"
)
_LAST_ASKED = re.compile(
    r"(?:(?:so|ok|okay|well|hmm|and)[\s,]+)?(?:(?:was|did) (?:that|it|my (?:last )?(?:shot|salvo)|the (?:last )?(?:shot|salvo))"
    r"(?: one)? (?:a )?(?:hit|miss|sink (?:anything|it|her)|land|connect)(?: anything)?|what was my last (?:shot|salvo)|"
    r"what did (?:that|it|my last (?:shot|salvo)) (?:do|hit|show)|did i hit (?:anything|something)(?: there)?)"
)
_UNDO = re.compile(r"\b(?:undo|take (?:that|it|my (?:last )?shot|the (?:last )?shot) back|take back|unfire|rewind|go back a (?:turn|shot))\b")
_MOVED = re.compile(
    r"\b(?:you|they|the ships|the hulls|the fleet)\b.{0,12}\b(?:move[ds]?|moving|shift(?:ed|ing)?|chang(?:e|ed|ing)|rigg?(?:ed|ing)?|"
    r"cheat(?:ed|ing)?)\b"
)
# NATO letters are not the card's notation: asked, naming the cell ("delta four" → D4).
_PHONETIC_LETTER = {"alpha": "A", "alfa": "A", "bravo": "B", "charlie": "C", "delta": "D", "echo": "E", "foxtrot": "F", "golf": "G", "hotel": "H"}
# "I give up", "I surrender": the card's own words for what its phrase does (HOW TO PLAY: "I strike my
# colours" to give up; SCORING: "A surrender is not a completed hunt"), said plainly as a clause of
# their own. They strike at once, as the phrase does (ruling 3); vaguer words are confirmed first.
_PLAIN_GIVE_UP = re.compile(
    r"(?:(?:ok|okay|ok then|fine|alright|all right|right|well|ugh|sigh|ffs|argh|enough|that's it|thats it|"
    r"yeah|yes|ok fine|fine then)\s+)?"
    r"(?:(?:(?:i|we|i'll|we'll|i will|we will)\s+)?give up|(?:i|we|i'll|we'll|i will|we will)\s+surrender)"
    r"(?:\s+(?:then|now|already|lol|lmao|haha|for real|honestly|sadly|i guess))?"
)
_PLAIN_GIVE_UP_HEDGE = re.compile(
    r"\b(?:if|unless|when|maybe|perhaps|might|should|could|would|almost|nearly|about to|going to|gonna|"
    r"thinking|tempted|wanna|want to|ready to|not yet|soon|or|idk|dunno|not sure|unsure|hmm|probably)\b"
)
_CLAUSES = re.compile(r"[,;.!:]+|\s+(?:and|so)\s+")


def plain_surrender(text: str) -> bool:
    """"I give up", "we surrender", "i'm done, i give up": a clause that is the plain surrender and
    nothing in the message that asks, doubts, puts it off or takes it back."""
    if "?" in text or _PLAIN_GIVE_UP_HEDGE.search(text) or _GIVE_UP_NOT.search(text):
        return False
    clauses = [c.strip(" \"'`*()") for c in _CLAUSES.split(text)]
    return any(_PLAIN_GIVE_UP.fullmatch(c) or STRIKE.fullmatch(c) for c in clauses)


_GIVE_UP_NOT = re.compile(
    r"\b(?:don't|dont|do not|never|won't|wont|not|no)\s+(?:\w+\s+){0,2}?(?:give up|giving up|surrender|quit|resign|concede)\b"
)
_PICK_FIRST = re.compile(r"(?:the\s+)?(?:first|1st|former|left)(?:\s+one)?")
_PICK_SECOND = re.compile(r"(?:the\s+)?(?:second|2nd|latter|right|last)(?:\s+one)?")
_GO = re.compile(r"(?:y|yes|yeah|yep|yup|aye|ok|okay|sure|do it|go|go ahead|fire|fire it|fire away|send it|shoot|yes fire|yes please)")


def _ask(text: str, topic: str, **detail: object) -> Reading:
    return Reading(ReadAs.ASK, text=text, detail={"topic": topic, **detail})


def _answer(text: str, topic: str) -> Reading:
    return Reading(ReadAs.ANSWER, text=text, detail={"topic": topic})


def _fire(cell: str, note: str = "") -> Reading:
    return Reading(ReadAs.MOVE, text=note, action=Salvo(cell), detail={"topic": "salvo"})


_NUMBER_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8"}
_NUM = "|".join(_NUMBER_WORDS)
# "e six", "G one", "Fire at F-five": a column letter and a row in words. A lower-case "a" is a
# word ("a two-cell hull") unless a fire word stands before it.
_WORD_CELL = re.compile(rf"(?<![A-Za-z0-9'])(?:((?i:fire|at|on|shoot|salvo|try|hit|target)\s+)([a-hA-H])|([b-hB-H]|A))[\s-]+((?i:{_NUM}))\b")
_PHONETIC = re.compile(rf"\b({'|'.join(_PHONETIC_LETTER)})[\s-]+(\d|{_NUM})\b")
_WORD_ROW = re.compile(rf"\b(row\s*#?\s*)({_NUM})\b", re.I)
# "could you please fire at c3?": the order inside a polite wrapper.
_POLITE = re.compile(
    r"^\s*(?:(?:could|can|would|will) (?:you|u|ya)|please|pls|kindly)\s+(?:please\s+|pls\s+|kindly\s+|just\s+)?"
    r"(?=(?:fire|shoot|salvo|try|hit|aim|target|strike|save|bank)\b)",
    re.I,
)


def plain_words(message: str) -> str:
    """A message with its cells in words made cells ("e six" → "e6", "row six" → "row 6") and a
    polite wrapper's question mark dropped ("could you please fire at c3?" → "fire at c3")."""
    def cell(m: re.Match[str]) -> str:
        lead = m.group(1) or ""
        letter = m.group(2) or m.group(3)
        return f"{lead}{letter}{_NUMBER_WORDS[m.group(4).lower()]}"

    text = _WORD_ROW.sub(lambda m: m.group(1) + _NUMBER_WORDS[m.group(2).lower()], message)
    text = _WORD_CELL.sub(cell, text)
    wrapped = _POLITE.match(text)
    if wrapped is not None:
        inner = text[wrapped.end() :].rstrip()
        text = inner[:-1].rstrip() if inner.endswith("?") and inner.count("?") == 1 else inner
    return text


def last_shot(history: tuple[object, ...], state: Duel, *, hit: bool) -> str | None:
    """The last cell fired in this run (or the last that was a HIT), from the run's own moves."""
    for action in reversed(history):
        if isinstance(action, Salvo) and is_cell(action.cell):
            mark = state.grid[cell_index(action.cell)]
            if not hit or mark == "x":
                return action.cell
    return None


_DIRS = {"below": (0, 1), "under": (0, 1), "beneath": (0, 1), "down from": (0, 1), "south of": (0, 1),
         "above": (0, -1), "over": (0, -1), "up from": (0, -1), "north of": (0, -1),
         "left of": (-1, 0), "west of": (-1, 0), "right of": (1, 0), "east of": (1, 0)}  # fmt: skip
_RELATIVE = re.compile(
    r"\b(below|under|beneath|down from|south of|above|over|up from|north of|left of|west of|right of|east of|"
    r"next to|beside|adjacent to|around|near|by)\s+(?:the\s+)?(?:(?:my|the|our)\s+)?(last|previous|latest)?\s*"
    r"(hit|shot|salvo|one|it|that(?: one| hit| shot)?)\b"
    r"|\b(?:the one|the cell|the square|one)\s+(below|under|above|left|right)\b(?!\s+of\s+[a-h]\d)"
    r"|\b(next to|beside) (?:it|that)\b",
    re.I,
)


def relative_cells(state: Duel, message: str, history: tuple[object, ...]) -> tuple[list[str], str] | None:
    """"the one below my last hit", "next to it": the cells that fit, with what they are next to;
    None when the message refers to no earlier shot. Only unfired cells on the sea fit."""
    low = message.lower()
    m = _RELATIVE.search(low)
    if m is None:
        return None
    word = (m.group(1) or m.group(4) or m.group(5) or "").lower()
    what = (m.group(3) or "it").lower()
    # "my last hit": the last HIT; "it", "that", "my last shot": the last salvo
    hit = "hit" in what or bool(re.search(r"\blast hit\b", low))
    anchor = last_shot(history, state, hit=hit)
    if anchor is None:
        return [], "hit" if hit else "shot"
    col, row = ord(anchor[0]) - 65, int(anchor[1:])
    steps = [_DIRS[word]] if word in _DIRS else [_DIRS[f"{word} of"]] if f"{word} of" in _DIRS else [(0, -1), (0, 1), (-1, 0), (1, 0)]
    if word in ("below", "under"):
        steps = [(0, 1)]
    cells = []
    for dc, dr in steps:
        c, r = col + dc, row + dr
        if 0 <= c < 8 and 1 <= r <= 8:
            cell = f"{chr(65 + c)}{r}"
            if state.grid[cell_index(cell)] == UNFIRED:
                cells.append(cell)
    return cells, anchor


# "below b2", "the cell under b2", "left of c5", "next to b2", "b2's neighbour": a cell named by
# where it lies from a cell the message names (which is then no shot of its own).
_ANCHORED = re.compile(
    r"\b(below|under|beneath|underneath|down from|south of|above|up from|north of|(?:to the )?left of|west of|"
    r"(?:to the )?right of|east of|next to|beside|adjacent to|around|near)\s+(?:the\s+)?(?:cell\s+|square\s+)?"
    r"([a-z])\s?-?(\d{1,2})(?![a-z0-9])"
    r"|(?<![a-z0-9])([a-z])(\d{1,2})'?s\s+(neighbou?rs?|left|right)\b"
)


def anchored_cells(state: Duel, message: str) -> tuple[list[str], str] | None:
    """The unfired cells a message names by where they lie from a named cell, with that cell;
    None when it names none that way, or names a shot of its own. Read off the grid alone."""
    low = _lower(message)
    found = list(_ANCHORED.finditer(low))
    if len(found) != 1 or the_shot(message).kind != "none":
        return None
    m = found[0]
    word = (m.group(1) or m.group(6) or "").replace("to the ", "").replace("underneath", "under")
    anchor = ((m.group(2) or m.group(4)) + (m.group(3) or m.group(5))).upper()
    if not is_cell(anchor):
        return [], anchor
    word = {"left": "left of", "right": "right of", "beneath": "below", "under": "below"}.get(word, word)
    col, row = ord(anchor[0]) - 65, int(anchor[1:])
    steps = [_DIRS[word]] if word in _DIRS else [(0, -1), (0, 1), (-1, 0), (1, 0)]
    near = [f"{chr(65 + col + dc)}{row + dr}" for dc, dr in steps if 0 <= col + dc < 8 and 1 <= row + dr <= 8]
    if not near:
        return [], f"edge:{anchor}"
    return [c for c in near if state.grid[cell_index(c)] == UNFIRED], anchor


def read(state: Duel, message: str, pending: Reading | None, seal: Seal, history: tuple[object, ...] = ()) -> Reading:
    """The Reading of one message. Its text has no grid: the game adds the grid to every reply.
    A surrender waiting on its yes is answered by a salvo as plainly as by a no: the reply is the
    salvo, and the colours stay up."""
    message = plain_words(message)
    last_asked = _LAST_ASKED.fullmatch(normalize(message).rstrip("?! "))
    if last_asked is not None:
        last = last_shot(history, state, hit=False)
        if last is not None:  # "was that a hit?": the last salvo, as the shot grid shows it
            sunk = f" Sunk so far: {voice.sunk_words(state)}." if "sink" in last_asked.group(0) else ""
            return _answer(voice.answer_fired(last, state.grid[cell_index(last)]) + sunk, "fired")
    same = _SAME_SHOT.fullmatch(normalize(message))
    if same is not None and not find_cells(message):
        last = last_shot(history, state, hit=False)
        if last is None:
            return _ask("There is no shot in this run to repeat yet. Call a cell, as in \"D4\". No salvo fired.", "no-cell")
        return _fire(last)  # the rules answer "already fired on …" and count no salvo (ruling 19)
    relative = relative_cells(state, message, history) if not find_cells(message) else anchored_cells(state, message)
    if relative is not None:
        reading = _relative(state, message, relative)
    else:
        reading = _read(state, message, pending, seal)
    if pending is not None and reading.kind is ReadAs.ANSWER and reading.action is None and holds_pending(pending):
        # A question answered while a surrender or a cell waits on its word: the answer, then the
        # question asked above again, so a yes or "the first" still answers it (issue 10).
        if reading.detail.get("topic") == "strike-declined":
            return reading
        return asked_again(pending, reading.text)
    return reading


def _relative(state: Duel, message: str, found: tuple[list[str], str]) -> Reading:
    """A cell named by where it lies from the last shot or hit: fired when one fits and the words
    order it; asked about when two or more fit, or when the words only ask."""
    cells, anchor = found
    if anchor in ("hit", "shot"):
        return _ask(f"There is no {anchor} in this run to count from yet. Call the cell itself, as in \"D4\". No salvo fired.", "no-cell")
    if anchor.startswith("edge:"):
        return _ask(f"That side of {anchor[5:]} is off the chart: the sea runs columns A-H and rows 1-8. No salvo fired.", "off-sea")
    if not cells and not is_cell(anchor):
        return _ask(voice.ASK_OFF_SEA.format(cell=anchor), "off-sea")
    if not cells:
        return _ask(f"Every cell there beside {anchor} on the sea has been fired on already. Call the cell itself. No salvo fired.", "no-cell")
    text = normalize(message)
    if _RELATIVE_NOT.search(text):
        return _ask(voice.ASK_NO_CELL, "no-cell")  # "don't fire below b2": said with a no
    if len(cells) == 1 and "?" not in text and not _HEDGE.search(text) and not ASKS.match(text):
        return _fire(cells[0], f"{cells[0]}, beside {anchor}.")
    if len(cells) == 1:
        return _ask(voice.ASK_SAY_FIRE.format(cell=cells[0]), "say-fire", cell=cells[0])
    return _ask(f"Beside {anchor}: " + voice.ASK_WHICH.format(cells=_or_list(tuple(cells))), "which", cells=tuple(cells))


_RELATIVE_NOT = re.compile(
    r"\b(?:not|don't|dont|do not|never|won't|wont|avoid|skip)\s+(?:fire\s+|shoot\s+|hit\s+|try\s+|go\s+)?(?:at\s+|on\s+)?(?:the\s+)?"
    r"(?:one\s+|cell\s+|square\s+)?(?:below|under|beneath|above|left|right|next|beside|adjacent|around|near|to the)\b"
)


def holds_pending(pending: Reading) -> bool:
    """A pending question that holds something a later word completes."""
    if pending.kind is ReadAs.CONFIRM:
        return pending.action is not None
    return pending.kind is ReadAs.ASK and pending.detail.get("topic") in ("which", "say-fire")


def _read(state: Duel, message: str, pending: Reading | None, seal: Seal) -> Reading:
    text = normalize(message)

    if pending is not None and pending.kind is ReadAs.CONFIRM:
        if YES.fullmatch(text):
            return Reading(ReadAs.MOVE, action=pending.action, detail={"topic": "strike"})
        if NO.fullmatch(text):
            return _answer(voice.STRIKE_DECLINED, "strike-declined")
    if pending is not None and pending.kind is ReadAs.ASK:
        topic = pending.detail.get("topic")
        if topic == "say-fire" and _GO.fullmatch(text):
            return _fire(str(pending.detail["cell"]))
        if topic == "which":
            options = tuple(pending.detail.get("cells", ()))
            if _PICK_FIRST.fullmatch(text) and options:
                return _fire(options[0])
            if _PICK_SECOND.fullmatch(text) and len(options) > 1:
                return _fire(options[-1] if "last" in text else options[1])

    if not text:
        return _ask(voice.ASK_NO_CELL, "no-cell")
    if SAVE.fullmatch(text):
        return Reading(ReadAs.COMMAND, command="save")
    if STRIKE.fullmatch(text):  # the card's own phrase ends the duel at once (ruling 3)
        return Reading(ReadAs.MOVE, action=StrikeColours(), detail={"topic": "strike"})

    m = PLAIN_SALVO.fullmatch(text)
    if m:
        cell = (m.group(1) + m.group(2)).upper()
        if is_cell(cell):
            return _fire(cell)
        return _ask(voice.ASK_OFF_SEA.format(cell=cell), "off-sea")

    mentions = find_cells(message)
    shot = the_shot(message, mentions)
    if all(x.negated for x in mentions) and _casual_save(text):
        return Reading(ReadAs.COMMAND, command="save")
    if not mentions:
        if is_pause(re.findall(r"[a-z']+|[,;.!?]", text)):
            return Reading(ReadAs.COMMAND, command="save")  # SAVE / RESUME: "On "save" or at any pause"
        if _UNDO.search(text) and not _GIVE_UP.search(text):
            return _answer(voice.ANSWER_UNDO, "undo")
        if _MOVED.search(text):
            return _answer(voice.ANSWER_NEVER_MOVED + " " + voice.seal_answer(seal), "seal")
        if _MY_SHOTS.search(text) and not HINT.search(text):
            return _answer(my_shots(state), "fired")
        if _PICK_FOR_ME.search(text):
            return _answer(voice.REFUSE_HINT, "refuse-hint")
    if (
        shot.kind == "one"
        and (STRIKE.search(text) or (SURRENDER.search(text) is not None and plain_surrender(" ".join(_CELLS_OUT.sub(" ", text).split()))))
        and not _GIVE_UP_NOT.search(text)
        and not _CORRECT.search(text)
        and not _TAKEN_BACK.search(text)
    ):
        return _ask(voice.ASK_STRIKE_OR_FIRE, "strike-or-fire")

    early = _asked_first(state, text) if not mentions else None
    if early is not None:
        return early

    # "I give up" strikes as the card's phrase does; any other surrender is confirmed first (ruling 3).
    if shot.kind == "none" and not mentions and plain_surrender(text):
        return Reading(ReadAs.MOVE, action=StrikeColours(), detail={"topic": "strike"})
    theirs = bool(_THEIR_COLOURS.search(text))
    if shot.kind == "none" and (_GIVE_UP.search(text) or SURRENDER.search(text)) and not _GIVE_UP_NOT.search(text) and not theirs:
        return Reading(ReadAs.CONFIRM, text=voice.CONFIRM_STRIKE, action=StrikeColours(), detail={"topic": "strike"})

    low = _lower(message)
    asks = "?" in text or bool(ASKS.match(text))
    if shot.kind == "one" and asks:
        # Only the shot's own sentence can ask about it: "e1 again? no, e2" fires E2.
        last = [x for x in mentions if x.cell == shot.cells[0] and not x.reason and not x.negated][-1]
        asks = _sentence_asks(low, last.start, last.end)
    if shot.kind == "one" and not asks:
        cell = shot.cells[0]
        live = [x for x in mentions if x.cell == cell and not x.reason and not x.negated]
        clause = _clause_of(low, live[-1].start, live[-1].end) if live else ""
        if not is_cell(cell):
            return _ask(voice.ASK_OFF_SEA.format(cell=cell), "off-sea")
        if _DEDUCE_CLAUSE.search(clause):
            return _answer(voice.REFUSE_CELL, "refuse-cell")  # "B3 must be empty": a claim, not a shot
        if _HEDGE.search(text):
            return _ask(voice.ASK_SAY_FIRE.format(cell=cell), "say-fire", cell=cell)
        return _fire(cell, _beside_the_shot(state, seal, low, live[-1] if live else None))

    if shot.kind == "one" and is_cell(shot.cells[0]) and _HEDGE.search(text) and not DEDUCE_ASK.search(text):
        return _ask(voice.ASK_SAY_FIRE.format(cell=shot.cells[0]), "say-fire", cell=shot.cells[0])
    topic = _question(state, text, seal, mentions)
    if topic is not None:
        return topic

    if shot.kind == "one":
        cell = shot.cells[0]
        if not is_cell(cell):
            return _ask(voice.ASK_OFF_SEA.format(cell=cell), "off-sea")
        return _ask(voice.ASK_SAY_FIRE.format(cell=cell), "say-fire", cell=cell)
    if shot.kind == "which":
        return _ask(voice.ASK_WHICH.format(cells=_or_list(shot.cells)), "which", cells=shot.cells)
    if shot.kind == "pair":
        cells = list(shot.cells)
        return _ask(voice.ASK_ONE_AT_A_TIME.format(cells=" and ".join([", ".join(cells[:-1]), cells[-1]])), "two-cells", cells=shot.cells)
    if any(x.negated for x in mentions):
        return _ask(voice.ASK_NO_CELL, "no-cell")
    phonetic = _PHONETIC.search(text)
    if phonetic is not None:
        row = phonetic.group(2)
        cell = _PHONETIC_LETTER[phonetic.group(1)] + _NUMBER_WORDS.get(row, row)
        if is_cell(cell):
            return _ask(voice.ASK_SAY_FIRE.format(cell=cell), "say-fire", cell=cell)
    if shot.reversed_cell and is_cell(shot.reversed_cell):
        return _ask(voice.ASK_REVERSED.format(cell=shot.reversed_cell), "reversed", cell=shot.reversed_cell)
    return _ask(voice.ASK_NO_CELL, "no-cell")


_CELLS_OUT = re.compile(r"(?<![a-z0-9'])[a-z]\s?[-–]?\s?\d{1,2}(?![a-z0-9])")


def my_shots(state: Duel) -> str:
    """The player's own salvos, read off the shot grid: public, the grid is printed every turn."""
    fired = [(cell_name(k), mark) for k, mark in enumerate(state.grid) if mark != UNFIRED]
    hits = [c for c, mark in fired if mark == "x"]
    misses = [c for c, mark in fired if mark != "x"]
    if not fired:
        return "No salvo fired yet: the shot grid is all dots. Call a cell, as in \"D4\"."
    return (
        f"From the shot grid: hits {', '.join(hits) or 'none'}; misses {', '.join(misses) or 'none'} "
        f"({voice.salvos(len(fired))} in all)."
    )


def _sentence_asks(low: str, start: int, end: int) -> bool:
    """Does the sentence holding low[start:end] ask: a ? at its end, or a question word first?"""
    head = low[max(0, start - 80) : start]
    cuts = [m.end() for m in re.finditer(r"[.!?;\n]", head)]
    opening = head[cuts[-1] :] if cuts else head
    tail = low[end : end + 80]
    m = re.search(r"[.!?;\n]", tail)
    closes = m.group(0) if m else ""
    if closes == "?" and _OWN_QUESTION.search(tail[: m.start()] if m else tail):
        closes = ""  # "b7, what's par?": the question is a clause of its own, not about the cell
    return closes == "?" or bool(ASKS.match(opening.strip(" ,\"'`*([")))


# ", what's par?" after a cell: a question of its own (it names neither the cell nor "that", "it").
_OWN_QUESTION = re.compile(
    r"^[^,;—–-]*[,;—–-]\s*(?:and\s+|also\s+|btw\s+|oh\s+)?(?:what|what's|whats|how|how's|hows|when|why|who|where|is|are|was|were|"
    r"did|does|do|can)\b(?!.*\b(?:that|it|it's|its|this|there|here|she|her|one|you)\b)(?!.*\b[a-h]\d\b)"
)
_SENTENCE = re.compile(r"[^.!?;\n]+[.!?;\n]*")
_CLAUSE_QUESTION = re.compile(
    r"[,;—–-]\s*(?:and\s+|also\s+|btw\s+|oh\s+)?((?:what|what's|whats|how|how's|hows|when|why|who|where|is|are|was|were|did|does|do|can)\b.*)"
)
_LEAVING = re.compile(r"\b(?:save|gotta go|got to go|gtg|g2g|brb|bye|goodnight|good night|dinner|i'll be back|back later)\b")


def _beside_the_shot(state: Duel, seal: Seal, low: str, shot: CellMention | None) -> str:
    """A question or a save beside a salvo ("b7, what's par?", "b7 and save"): answered, or told,
    in the same reply, so no word of the message goes unanswered. Counts are as before the salvo."""
    said: list[str] = []
    for m in _SENTENCE.finditer(low):
        piece = m.group(0)
        if shot is not None and m.start() <= shot.start < m.end():
            q = _CLAUSE_QUESTION.search(low[shot.end : m.end()])
            if q is None:
                continue
            piece = q.group(1)
        piece = piece.strip(" ,;—–-.!")
        if "?" not in piece and not _ASKING.match(piece) or find_cells(piece):
            continue
        reading = _asked_first(state, piece) or _question(state, piece, seal, [])
        topic = reading.detail.get("topic") if reading is not None else None
        if reading is not None and reading.kind is ReadAs.ANSWER and reading.text and topic != "help":
            said.append(("Before this salvo: " if topic in ("status", "fired", "score") else "") + reading.text)
        if len(said) >= 2:
            break
    if _LEAVING.search(low) and not _GIVE_UP.search(low):
        said.append('The salvo is fired; for the SAVE block, say "save" on its own.')
    return "\n\n".join(said)


def _or_list(cells: tuple[str, ...]) -> str:
    return cells[0] if len(cells) == 1 else ", ".join(cells[:-1]) + " or " + cells[-1]


ASKS = re.compile(r"(?:is|are|was|were|does|do|did|can|could|would|will|should|where|what|which|how|tell|show|give|confirm|reveal|hint|any)\b")


def _question(state: Duel, text: str, seal: Seal, mentions: list[CellMention]) -> Reading | None:
    """A question or a request that is not a salvo: answered from public knowledge, or refused
    in character. None when the message is not one."""
    cells = list(dict.fromkeys(x.cell for x in mentions))
    on_sea = [c for c in cells if is_cell(c)]
    asks = "?" in text or bool(ASKS.match(text))

    if SEAL_WORDS.search(text):
        if SEAL_EARLY.search(text) and not SEAL_PUBLIC.search(text):
            return _answer(voice.REFUSE_SEAL_EARLY, "refuse-seal")
        return _answer(voice.seal_answer(seal), "seal")
    if HINT.search(text):
        return _answer(voice.REFUSE_HINT, "refuse-hint")
    if BERTH.search(text):
        return _answer(voice.REFUSE_BERTH, "refuse-berth")

    named = [n for n in SHIP_NAMES if re.search(rf"\b{n.lower()}s?\b", text)]
    if HULL_WORDS.search(text) and (on_sea or named or SPECIFIC.search(text)):
        sunk_named = [n for n in named if n in state.sunk]
        if named and sunk_named == named and not on_sea:
            lengths = dict(FLEET)
            return _answer(" ".join(voice.answer_sunk_length(n, lengths[n]) for n in named), "sunk-length")
        return _answer(voice.REFUSE_HULL, "refuse-hull")
    tally = _tally(state, text) if not cells and not named and (asks or TALLY.search(text)) else ""
    if tally:
        return _answer(tally, "status")
    if named or (NAMES.search(text) and re.search(r"\b(?:ships?|hulls?|boats?|vessels?|fleet|enemy)\b", text)):
        if named and all(n in state.sunk for n in named):
            lengths = dict(FLEET)
            return _answer(" ".join(voice.answer_sunk_length(n, lengths[n]) for n in named), "sunk-length")
        return _answer(voice.REFUSE_NAMES if not named else voice.REFUSE_BERTH, "refuse-names")

    if on_sea and asks and all(state.grid[cell_index(c)] != UNFIRED for c in on_sea):
        # the shot grid is public: what a fired cell showed is the player's own to know
        return _answer(" ".join(voice.answer_fired(c, state.grid[cell_index(c)]) for c in on_sea), "fired")
    if on_sea and (asks or DEDUCE.search(text)):
        if asks and len(on_sea) == 1 and FIRE_ASK.search(text) and not DEDUCE_ASK.search(text):
            return _ask(voice.ASK_SAY_FIRE.format(cell=on_sea[0]), "say-fire", cell=on_sea[0])
        return _answer(voice.REFUSE_CELL, "refuse-cell")
    if len(cells) >= 1 and asks:
        return None  # an off-sea cell in a question: the off-sea reply says enough
    if STATUS.search(text) or STATUS_BARE.fullmatch(text):
        return _answer(voice.answer_status(state), "status")
    if FLEET_WORDS.search(text) or (HULL_WORDS.search(text) and asks):
        return _answer(voice.ANSWER_FLEET, "fleet")
    if HELP.search(text):
        return _answer(voice.ANSWER_HELP, "help")
    if asks and not cells:
        return _answer(voice.ANSWER_HELP, "help")
    return None


_ASKING = re.compile(
    r"^(?:(?:wait|so|ok|okay|hmm|um|and|but|also|quick question|hey|hi|hello|ahoy)[\s,!]+)*"
    r"(?:what|whats|what's|how|hows|how's|should|shall|would|could|is|are|do|does|can|which|when|where|why|tell me|explain|remind me)\b"
)
_GIVE_UP_ASKED = re.compile(
    r"\b(?:should|shall|would|could|is it worth|worth it to|what if|what happens if|if)\b.{0,30}\b(?:give up|giving up|strike|surrender|quit|resign|concede)\b"
    r"|\b(?:give up|strike|surrender|quit)\b.{0,40}\b(?:what|score|scores|get)\b"
)
_SCORE_ASKED = re.compile(r"\bscore\b|\bpoints\b|\bwhat (?:would|will|do|does) i (?:get|make)\b")
_LEGEND = re.compile(
    r"\b(?:legend|key|symbols?|marks?|dots?)\b|(?:^|\s)(?:the\s+)?['\"`]?(?:x|o|\.)['\"`]?\s+(?:mean|means|stand|is|for)\b|\bmean\b.{0,12}\b(?:x|o)\b"
)
_HOW_SAVE = re.compile(r"\bhow\b.{0,20}\b(?:save|saving|resume|resuming|continue|come back|load|pick up|go on later)\b")
_GLOSSARY = {
    "salvo": "A salvo is one shot at one cell, called as \"D4\"; each new cell fired is one salvo on the count.",
    "par": "Par is 10: a flawless hunt with no wasted salvos. A cleared sea scores 100 - (salvos - 10), never below 0.",
    "berth": "The berth is where the four enemy hulls lie, fixed and sealed before the first shot; it is revealed at the end.",
    "seal": "",  # the seal has its own answer
    "hull": "A hull is one enemy ship: a straight line of 2 or 3 cells, across or down, touching no other.",
    "colours": "Striking your colours is giving up: the duel ends with score 0 and the berth is revealed.",
    "turn": (
        "turn = replies so far, this one included: every reply counts a turn, a repeat, an answer or a save too. "
        "shots counts only the new cells fired, so turn runs ahead of shots, and only shots costs points."
    ),
    "ledger": (
        "The LEDGER line ends every reply: turn (replies so far), shots (distinct cells fired), hits (hull cells "
        "struck), sunk (the ships sunk), then the 64-mark shot grid, row 1 A-H first, on to row 8."
    ),
}
_WHAT_IS = re.compile(
    r"\b(?:what(?:'s| is|s)|whats|define|meaning of|explain)\s+(?:a|an|the)?\s*(salvo|par|berth|hull|colou?rs|ledger)\b"
    r"|\bwhy\b.{0,30}\b(turn)s?\b|\b(turn)s?\b.{0,20}\b(?:more than|bigger than|higher than|ahead of|not the same as)\b"
)
# "how big is the board", "is there a limit on shots?": the sea's size and the count, from the card.
_SIZE = re.compile(r"\b(?:how big|what size|size of|how large|dimensions?)\b.{0,20}\b(?:board|grid|sea|map|chart)\b|\b(?:board|grid|sea|map) size\b")
_LIMIT = re.compile(
    r"\b(?:time limit|limit on (?:shots|salvos)|shot limit|how many (?:shots|salvos|turns) do (?:i|we) (?:get|have)|"
    r"max(?:imum)? (?:shots|salvos))\b"
)


_MEANS = re.compile(r"\b(salvo|par|berth|hull|colou?rs|ledger|turn)\b.{0,12}\bmean")
_TALLY_TOTAL = re.compile(
    r"\bhow many (?:hull |ship |enemy )?(?:cells|squares) (?:are there|in all|in total|total|altogether)|\bhow many hits do (?:i|we) need\b"
)


def legend() -> str:
    return "On the shot grid: `.` is a cell not yet fired on, `o` a MISS, `x` a HIT. A sunk ship's cells stay `x`."


def score_now(state: Duel) -> str:
    """"if i give up right now what do i score", "score if my next shot sinks it?": worked from the
    LEDGER, never from the berth."""
    left = 10 - state.hits
    best = min(100, max(0, 100 - (state.shots + left - 10)))
    return (
        f"Strike your colours now and you score 0: a surrender is not a completed hunt. Only a cleared sea scores, "
        f"100 - (salvos - 10). You have fired {voice.salvos(state.shots)} with {state.hits} of the ten hull cells hit; "
        f"{left} still to find, so the best left to you is {best}, if every salvo from here is a HIT. "
        "A sunk ship on its own scores nothing until the sea is clear."
    )


def _asked_first(state: Duel, text: str) -> Reading | None:
    """A question about giving up, the score, the grid's marks, saving or a word of the card, with no
    cell named: answered before any surrender word is taken as one (nothing moves)."""
    asks = "?" in text or bool(_ASKING.match(text)) or bool(re.match(r"if\b.*\b(?:what|how much|how many)\b", text))
    if not asks or any(re.search(rf"\b{n.lower()}s?\b", text) for n in SHIP_NAMES):
        return None  # a ship named is the sealed names' own answer
    if HULL_WORDS.search(text) and SPECIFIC.search(text):
        return None  # a hull's length or lie: refused in character below
    if _GIVE_UP_ASKED.search(text):
        return _answer("That is yours to decide. " + score_now(state) + ' Say "I strike my colours" to give up.', "give-up-asked")
    if re.search(r"\bpar\b", text):
        return _answer(_GLOSSARY["par"], "glossary")
    if _TALLY_TOTAL.search(text):
        return _answer(f"Ten cells in all; the sea is cleared when all ten are hit, and you have hit {state.hits}. {voice.ANSWER_FLEET}", "fleet")
    if _SCORE_ASKED.search(text) and re.search(r"\b(?:if|next|now|would|sink|sinks|clear|cleared|end(?:ed)?|best|still|most|max|can i get)\b", text):
        return _answer(score_now(state), "score")
    if _LEGEND.search(text) and not SEAL_WORDS.search(text):
        return _answer(legend(), "legend")
    if _HOW_SAVE.search(text):
        return _answer(voice.HOW_TO_SAVE, "how-to-save")
    if _SIZE.search(text):
        return _answer(voice.ANSWER_FLEET, "fleet")
    if _LIMIT.search(text):
        return _answer(
            "No limit: fire until the sea is clear or you strike your colours. Every new cell is one salvo, and a "
            "cleared sea scores 100 - (salvos - 10), so the fewer the better.",
            "glossary",
        )
    m = _WHAT_IS.search(text) or _MEANS.search(text)
    word = next((g for g in m.groups() if g), "") if m else ""
    if word and _GLOSSARY.get(word.replace("colors", "colours"), ""):
        return _answer(_GLOSSARY[word.replace("colors", "colours")], "glossary")
    tally = _tally(state, text)
    if tally:
        return _answer(tally, "status")
    return None


# The counts the player may ask for by name, all read off the shot grid and the LEDGER.
TALLY = re.compile(
    r"\b(?:what turn|which turn|how many turns|turn is it|misses|how many (?:miss|missed)|how many did i miss|afloat|left to sink|"
    r"shots so far|shots fired|how many (?:shots|salvos|hits)|salvos so far)\b"
)
_TALLY_TURN = re.compile(r"\b(?:what turn|which turn|how many turns|turn is it|turn number|turn are we)\b")
_TALLY_MISSES = re.compile(r"\b(?:misses|missed|how many (?:miss|missed|splashes|waters?)|did i miss)\b")
_TALLY_SHOTS = re.compile(r"\b(?:shots?|salvos?)\b(?: so far| fired| have i| did i|\s*\??$)|\bhow many (?:shots|salvos)\b|^shots\b")
_TALLY_HITS = re.compile(r"\bhow many hits\b|\bhits so far\b|^hits\b")
_TALLY_SUNK = re.compile(
    r"\b(?:sunk|sink|sank|afloat|left to sink|(?:ships?|hulls?|boats?) (?:are |is )?(?:left|remaining|to go|still (?:up|out there|afloat)))\b"
)
_TALLY_CELLS = re.compile(r"\b(?:cells?|hits?|squares?) (?:are )?(?:left|remaining|to go|to find)\b")


def _tally(state: Duel, text: str) -> str:
    """"what turn is it?", "how many misses?", "which ships are sunk?", "how many cells left?":
    each answered in one line from what the grid and the LEDGER show ("" when none is asked)."""
    said: list[str] = []
    if _TALLY_SHOTS.search(text) and not _TALLY_MISSES.search(text):
        said.append(f"Salvos fired: {state.shots}. Hits: {state.hits}. The LEDGER's shots:{state.shots} counts each new cell once.")
    elif _TALLY_HITS.search(text):
        said.append(f"Hits: {state.hits}. That is {state.hits} of the ten hull cells, from {voice.salvos(state.shots)}.")
    if _TALLY_TURN.search(text):
        # The Run has counted this reply before reading it: the LEDGER below it shows this turn.
        said.append(f"This reply is turn {state.turn}, as the LEDGER below shows: turn = replies so far, this one included.")
    if _TALLY_MISSES.search(text):
        said.append(f"Misses: {state.shots - state.hits} of {voice.salvos(state.shots)}.")
    if _TALLY_SUNK.search(text):
        said.append(f"Sunk: {voice.sunk_words(state)}; {len(FLEET) - len(state.sunk)} of the four still afloat.")
    if _TALLY_CELLS.search(text):
        said.append(f"Hits: {state.hits} of the ten hull cells; {10 - state.hits} still to find.")
    return " ".join(said)


# "can I fire at b5?", "shall I try c3?": asking leave to fire, not asking what a cell holds.
FIRE_ASK = re.compile(r"\b(?:fire|shoot|try|take|go|go for|go with|salvo|aim)\b")
DEDUCE_ASK = re.compile(
    r"\b(?:hit|miss|water|empty|clear|safe|ship|ships|hull|occupied|something|anything|nothing|there|must|has to|"
    r"right|correct|true|likely|probably|possible|contains?|holds?|good)\b"
)

"""Read a DEADRECKONING message: words -> Reading. Never raises on a player's words.

Order of reading: a pending confirm's yes/no; save; the card's surrender phrase, which ends the
duel at once; a plain salvo ("D4", "fire H1", "salvo C7", any case); any other surrender, which
is confirmed first; questions, answered from public knowledge or refused in character (rules 2, 6
and 9); then whatever cells the message names. A message fires only when it names one cell on
the sea, alone or with an order to fire, and asks, doubts and denies nothing.

The reader sees only the state the player sees. No answer depends on the berth.
"""

from __future__ import annotations

import re

from cardgm.game import ReadAs, Reading

from . import voice
from .rules import Salvo, StrikeColours
from .state import FLEET, SHIP_NAMES, Duel, Seal, is_cell

_FIRE_WORDS = (
    r"fire|fire a salvo|salvo|shoot|shot|aim|target|try|hit|strike|attack|broadside|bombard|"
    r"call|go|open fire|let fly|next salvo|next shot|my shot|my salvo|a salvo|one salvo"
)
# One plain salvo and nothing else: "D4", "fire at d4", "salvo: C7", "d 4 please".
PLAIN_SALVO = re.compile(
    rf"(?:please\s+)?(?:(?:{_FIRE_WORDS})\s*(?:(?:is|at|on|upon|into|to)\s+|:\s*)?)?"
    r"(?:(?:cell|square)\s+)?([a-z])\s?-?\s?(\d{1,2})(?:\s*,?\s*please)?"
)
CELL_TOKEN = re.compile(r"(?<![a-z0-9'])([a-z])(\d{1,2})(?![a-z0-9])")
NEGATION = re.compile(r"\b(?:don't|do not|not|never|no|won't|shouldn't|maybe|perhaps|if)\b")
FIRE_WORD = re.compile(rf"\b(?:{_FIRE_WORDS}|salvos?|shots?|fire)\b")

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
    r"where\b(?! should| shall| do i| can i| to| now| next)|(?:hull|ship|enemy|their) (?:cells|squares)|solution|answers?|cheat|cheating|peek|layout|coordinates|gm.only|hidden|secret|which cells|"
    r"what cells|list (?:the|all|every)|show me (?:the |all |every )?(?:ships|fleet|hulls|enemy|boats|vessels)|"
    r"give me (?:the )?(?:ships|cells|positions)|tell me (?:the )?(?:ships|cells|positions))\b"
)
HINT = re.compile(
    r"\b(?:warm|warmer|warmest|cold|colder|hot|hotter|close|closer|near|nearer|nearby|hints?|clues?|"
    r"tips?|suggest\w*|recommend\w*|advice|advise|where should|what should|which (?:cell|square|one) should|"
    r"best (?:shot|cell|move|guess)|help me find|pick (?:one |a cell )?for me|choose for me|"
    r"name a cell|give me a cell|getting close|on the right track|in the right area)\b"
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
HELP = re.compile(r"\b(?:help|how (?:do|to|can) (?:i )?(?:play|fire|shoot)|instructions|commands|what can i)\b")


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


def _ask(text: str, topic: str) -> Reading:
    return Reading(ReadAs.ASK, text=text, detail={"topic": topic})


def _answer(text: str, topic: str) -> Reading:
    return Reading(ReadAs.ANSWER, text=text, detail={"topic": topic})


def read(state: Duel, message: str, pending: Reading | None, seal: Seal) -> Reading:
    """The Reading of one message. Its text has no grid: the game adds the grid to every reply."""
    text = normalize(message)

    if pending is not None and pending.kind is ReadAs.CONFIRM:
        if YES.fullmatch(text):
            return Reading(ReadAs.MOVE, action=pending.action, detail={"topic": "strike"})
        if NO.fullmatch(text):
            return _answer(voice.STRIKE_DECLINED, "strike-declined")

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
            return Reading(ReadAs.MOVE, action=Salvo(cell), detail={"topic": "salvo"})
        return _ask(voice.ASK_OFF_SEA.format(cell=cell), "off-sea")

    if SURRENDER.search(text):  # any other surrender is confirmed first: it cannot be undone
        return Reading(ReadAs.CONFIRM, text=voice.CONFIRM_STRIKE, action=StrikeColours(), detail={"topic": "strike"})

    topic = _question(state, text, seal)
    if topic is not None:
        return topic

    cells = cells_named(text)
    if len(cells) >= 2:
        return _ask(voice.ASK_ONE_AT_A_TIME.format(cells=" and ".join([", ".join(cells[:-1]), cells[-1]])), "two-cells")
    if len(cells) == 1:
        cell = cells[0]
        if not is_cell(cell):
            return _ask(voice.ASK_OFF_SEA.format(cell=cell), "off-sea")
        if FIRE_WORD.search(text) and "?" not in text and not NEGATION.search(text):
            return Reading(ReadAs.MOVE, action=Salvo(cell), detail={"topic": "salvo"})
        return _ask(voice.ASK_SAY_FIRE.format(cell=cell), "say-fire")
    return _ask(voice.ASK_NO_CELL, "no-cell")


def _question(state: Duel, text: str, seal: Seal) -> Reading | None:
    """A question or a request that is not a salvo: answered from public knowledge, or refused
    in character. None when the message is not one."""
    cells = cells_named(text)
    on_sea = [c for c in cells if is_cell(c)]
    asks = "?" in text or bool(re.match(r"(?:is|are|was|were|does|do|did|can|could|would|will|should|"
                                         r"where|what|which|how|tell|show|give|confirm|reveal|hint|any)\b", text))

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
    if named or (NAMES.search(text) and re.search(r"\b(?:ships?|hulls?|boats?|vessels?|fleet|enemy)\b", text)):
        if named and all(n in state.sunk for n in named):
            lengths = dict(FLEET)
            return _answer(" ".join(voice.answer_sunk_length(n, lengths[n]) for n in named), "sunk-length")
        return _answer(voice.REFUSE_NAMES if not named else voice.REFUSE_BERTH, "refuse-names")

    if on_sea and (asks or DEDUCE.search(text)):
        return _answer(voice.REFUSE_CELL, "refuse-cell")
    if len(cells) >= 1 and asks:
        return None  # an off-sea cell in a question: the off-sea reply says enough
    if FLEET_WORDS.search(text) or (HULL_WORDS.search(text) and asks):
        return _answer(voice.ANSWER_FLEET, "fleet")
    if STATUS.search(text):
        return _answer(voice.answer_status(state), "status")
    if HELP.search(text):
        return _answer(voice.ANSWER_HELP, "help")
    if asks and not cells:
        return _answer(voice.ANSWER_HELP, "help")
    return None


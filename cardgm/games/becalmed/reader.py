"""BECALMED's reader: a player's words into a Reading. Never raises on a player's words.

It keeps apart "I could not read that" (an ASK that says so) and "the card does not allow that"
(an ASK that gives the card's reason), reads no tape for either, and holds the calls already given
in the ASK's action until the rest come (the Run hands them back as `pending`).

A message is read sentence by sentence (`words.py` finds the calls in each): plain sentences give
the calls (the last word standing after a correction), questions are answered in the same reply
(`questions.py`: the public tape, the LEDGER, what-ifs worked on a copy), thoughts and plans are
asked about, and a word one slip from a call only ever reaches a confirm line. Rulings 22–24 and
33–41 in docs/rulings.md.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from cardgm.chatter import asks_for_save, is_pause
from cardgm.game import ReadAs, Reading

from . import questions as Q
from . import rules as R
from . import voice as V
from . import words as W
from .state import DAYS, State

# -- whole-message patterns (each bounded, so a long message costs linear time) -----------------

_DRIVE = re.compile(r"\blet (?:her|the boat|it|the cutter) drive\b")
_DRIVE_NOT = re.compile(
    r"\b(?:don t|dont|do not|never|not|no|won t|wont|shan t|shall not|will not)\b(?:\s+\w+){0,2}\s+let (?:her|the boat|it|the cutter) drive\b"
)
_DRIVE_SAID = re.compile(r"\blet (?:her|the boat|it|the cutter) drive\b", re.I)
_DRIVE_ASKED = re.compile(r"\b(?:what does|what happens|what if|does|mean|means|meaning)\b")
_DRIVE_IF = re.compile(
    r"\b(?:if|when|unless|until|later|tomorrow|maybe|might|perhaps|soon|next|could|would|should|thinking|think|considering|"
    r"idk|dunno|wonder|wondering|tempted|probably|possibly|almost|about to|going to|gonna|want to|wanna)\b"
)

_UNHONOURED = re.compile(
    r"\b(?:no deaths?|nobody dies|no one dies|noone dies|(?:don t|dont|do not) (?:let (?:anyone|anybody|them|any of them|him) die|kill)|spare|"
    r"no sharks|more water|easier|shorter (?:replies|answers)|fewer words|under \d+ words|"
    r"no (?:violence|narration|story)|skip the (?:story|narration)|make it (?:easy|easier))\b"
)
_PLAIN = r"(?:one (?:plain )?line|plain(?:ly)?|briefly|brief|no detail|quick(?:ly)?|one sentence)"
_LIMIT_DEATHS = re.compile(rf"\bdeaths?\b.{{0,60}}?\b(?:{_PLAIN}|short)\b|\b{_PLAIN}\b.{{0,60}}?\bdeaths?\b")
_LIMIT_DAY = re.compile(
    r"\b(?:stop|end|finish|quit)\b(?:\s+\w{1,12}){0,3}?\s+day (\d{1,3})\b|"
    r"\b(?:play|go|sail|run|only|just)\b(?:\s+\w{1,12}){0,2}?\s+(?:to|until|till|through|thru)\s+day (\d{1,3})\b|"
    r"\b(?:only|just|limit(?: it)? to|stop after|no more than|at most) (\d{1,3}) days?\b(?! left| to go| more| remaining| in)"
)

YES = frozenset({
    "yes", "y", "yeah", "yea", "yep", "yup", "ya", "aye", "aye aye", "ok", "okay", "k", "sure", "do it", "go",
    "go ahead", "run them", "run it", "carry on", "yes please", "confirm", "correct", "affirmative", "yes do it",
    "yes run them", "ok do it", "yes go", "thats right", "that s right", "sounds good", "fine", "yes sir",
    "aye sir", "please", "yes yes", "ok go", "okay go", "yes run it", "do that", "yep do it", "yeah do it",
    "yup do it", "aye do it", "sure do it", "yes go ahead", "yeah go ahead", "ok go ahead", "go for it", "yes that",
})  # fmt: skip
NO = frozenset({"no", "n", "nay", "no thanks", "nope", "nah", "cancel", "no no"})
_THUMBS = frozenset({"👍", "✅", "👌"})
QUESTION_WORDS = frozenset(
    "what what's whats how how's hows when where where's who who's whos which why is are will can could should "
    "shall would do does did any tell has have was were am isn't aren't".split()
)
_REQUESTS = frozenset({("show", "me"), ("tell", "me"), ("show", "us"), ("tell", "us"), ("give", "me"), ("list", "the")})
_THOUGHT_OPENERS = frozenset("should shall can could would do".split())
HEDGES = frozenset(
    "maybe perhaps might thinking think considering consider wondering planning tempted probably possibly "
    "should could would idk unsure whether if unless otherwise when".split()
)
PUT_OFF = frozenset({"tomorrow", "later", "tomorrow's"})
_SAVE_WORDS = frozenset({"save", "saving", "pause", "bank"})
_VOYAGE_WORDS = frozenset({"voyage"})  # "save the voyage": the block, beside cardgm.chatter's chatter
_GIVE_UP = frozenset({"give up", "i give up", "quit", "i quit", "surrender", "i surrender", "end the game",
                      "stop playing", "resign", "abandon ship", "we give up", "end game", "quit game"})  # fmt: skip
_ADVICE = re.compile(
    r"\b(?:what should (?:we|i) do|what do you (?:suggest|recommend|think)|any advice|advice|recommend|suggest|"
    r"best (?:call|calls|move|choice|plan)|thoughts|(?:is|are|was) (?:that|this|it|those|these|full|short|dry|sail|awning|down|row|fish|bail|mend|watch)"
    r"\b.{0,30}\b(?:ok|okay|good|fine|wise|smart|a good idea|the right call|right|a mistake))\b"
)


def _norm(message: str) -> str:
    text = message.lower().replace("’", "'")
    text = re.sub(r"[^a-z0-9?]+", " ", text)
    return re.sub(r"\s+", " ", text).strip()


def _bare(toks: tuple[W.Tok, ...]) -> str:
    """The words alone, for whole-message checks (yes, no, help)."""
    return " ".join(t.text.replace("'", "") for t in toks if t.kind == "w")


# -- what the calls in a message come to ------------------------------------------------------------


def resolve(found: W.Found) -> tuple[dict[str, W.Mention], dict[str, list[str]]]:
    """One call per kind: the same call said twice is one call; two different calls of a kind are
    a clash unless a correction ("no wait", "actually", "make that", a dash…) stands between them,
    when the last word stands. A slip is used only where the kind has no plain call."""
    chosen: dict[str, W.Mention] = {}
    clashes: dict[str, list[str]] = {}
    for kind in (W.ISSUE, W.CANVAS, W.HANDS):
        ms = [m for m in found.mentions if m.kind == kind and not m.typo] or [m for m in found.mentions if m.kind == kind]
        if kind == W.ISSUE and found.odd_measures and not ms:
            clashes[kind] = list(found.odd_measures)
            continue
        if not ms:
            continue
        calls = list(dict.fromkeys(m.call for m in ms))
        if len(calls) == 1:
            chosen[kind] = ms[-1]
            continue
        last = ms[-1]
        fix = max((c for c in found.corrections if c < last.start), default=None)
        if fix is not None and ms[0].start < fix:
            after = [m for m in ms if m.start > fix]
            later = list(dict.fromkeys(m.call for m in after))
            if len(later) == 1:
                chosen[kind] = after[-1]
                continue
            calls = later
        clashes[kind] = calls
    return chosen, clashes


def parse_calls(message: str) -> tuple[R.Calls, dict[str, list[str]]]:
    """The calls named in a message, and every kind named more than one way (for asking)."""
    chosen, clashes = resolve(W.find(W.tokens(message)))
    return _calls_of(chosen, 0), clashes


def _calls_of(chosen: dict[str, W.Mention], day: int) -> R.Calls:
    def call(kind: str) -> str | None:
        m = chosen.get(kind)
        return m.call if m else None

    return R.Calls(call(W.ISSUE), call(W.CANVAS), call(W.HANDS), day)


# -- the reader -------------------------------------------------------------------------------------


# Words that refer back to the last calls that ran ("same as yesterday", "same again", "repeat
# yesterday's orders", "like yesterday but short"): those calls, with what the message changes.
_SAME = re.compile(
    r"\b(?:same (?:again|as (?:yesterday|before|last time|last|today)|calls|orders|thing|as we did|plan|drill|but|except|only)|"
    r"(?:do|repeat|run) (?:it|that|the same|those|them|what we did|yesterday s (?:calls|orders)?|the (?:last|previous) (?:calls|orders))(?: again)?|"
    r"(?:like|as) yesterday|yesterday s (?:calls|orders)|(?:keep|leave) (?:everything|it all|all|the calls|them) (?:the same|as (?:it is|is|they are|before))|"
    r"ditto|again please|as before|the usual|as usual|same as (?:yday|yest|yesterday s)|"
    r"^(?:same|repeat|again)(?: please| pls| plz)?$)\b"
)
_SAME_ASKED = re.compile(r"\b(?:what|which) (?:were|was|did)\b|\bwhat did we\b")
# "leave the canvas as it is", "keep the sail as is": the canvas as it stands this morning.
_AS_IT_IS = re.compile(
    r"\b(?:leave|keep|hold) (?:the |our )?(?:canvas|sail|awning|rig)(?: up| down)? (?:as it is|as is|where it is|the same|alone|as it stands|be)\b"
    r"|\b(?:canvas|sail|awning) (?:stays|as it is|as is|unchanged|the same)\b"
)
# "could you please …", "can you …": a polite wrapper round an order; the order is what is read.
_POLITE = re.compile(
    r"^\s*(?:(?:could|can|would|will|wud|cud) (?:you|u|ya)|please|pls|kindly)\s+(?:please\s+|pls\s+|kindly\s+|just\s+)?"
    r"(?=(?:give|make|call|run|set|put|pour|issue|hoist|rig|spread|raise|take|have|do|save|get|order|go)\b)",
    re.I,
)


# "full sail row every day", "for the next 3 days": calls reach one day ("Never more than one day").
_MANY_DAYS = re.compile(
    r"\b(?:every day|each day|every morning|all week|from now on|for the rest|next (?:\d+|two|three|few) days|"
    r"for (?:\d+|two|three|a few) days|x ?\d)\b"
)
_YOURS_AT_DUSK = "That call is yours, and nothing is decided for you. Nothing has changed."


def last_calls(history: tuple[object, ...]) -> R.Calls | None:
    """The last day's calls that ran in this run, if any."""
    for action in reversed(history):
        if isinstance(action, R.Calls):
            return action
    return None


def unwrap(message: str) -> str:
    """"could you please give full, sail, row?": the order inside a polite wrapper, its question
    mark dropped (the wrapper asks nothing of the calls). Anything else comes back as it was."""
    m = _POLITE.match(message)
    if m is None:
        return message
    inner = message[m.end() :].rstrip()
    return inner[:-1].rstrip() if inner.endswith("?") and inner.count("?") == 1 else inner


def read(
    state: State, message: str, pending: Reading | None, tape: tuple[int, ...], history: tuple[object, ...] = ()
) -> Reading:
    held = _held(state, pending)
    message = unwrap(message)
    text = _norm(message)
    if not text.replace("?", "").strip() and message.strip() not in _THUMBS:
        what = "an empty message" if not message.strip() else "a word in that"
        return _ask(state, tape, held, f"I could not read {what}. Nothing has changed.")

    # "let her drive": the order, at any point; never a plan or a negation (ruling 22).
    drive_note = ""
    rest = message
    beside = False
    if _DRIVE.search(text):
        pieces = re.split(r"(?<=[.!?;\n])", message)
        said = [x for x in pieces if _DRIVE.search(_norm(x))]
        rest = "".join(x for x in pieces if not _DRIVE.search(_norm(x)))
        spoken = " ".join(_norm(x) for x in said)
        opens = spoken.split()[_lead_in(spoken.split())] if spoken.split() else ""
        if _DRIVE_NOT.search(spoken):
            drive_note = "\"Let her drive\" is read only as the order; said with a no, nothing ends."
        elif "?" in spoken or opens in QUESTION_WORDS or _DRIVE_ASKED.search(spoken):
            # "what does let her drive mean", "should I let her drive", "let her drive? what does that do"
            if not _norm(rest).replace("?", "").strip():
                return _answered(state, tape, Q.give_up(state))
            drive_note = Q.give_up(state)
        elif _DRIVE_IF.search(spoken):
            drive_note = "\"Let her drive\" is read only as the order, never as a plan: say it plainly when you mean it."
        else:
            rest = _DRIVE_SAID.sub(" ", message)
            whole = W.tokens(rest)
            calls_said = bool(W.find(whole).mentions)
            if state.phase != "calls" or not (calls_said or any(t.text in _SAVE_WORDS for t in whole)):
                return Reading(ReadAs.COMMAND, command="end", action=R.GiveOver())
            # Said beside the calls or a save, the order to stand down is not taken silently either way.
            beside = True
            drive_note = (
                "\"Let her drive\" ends the voyage where it stands (end:given-over, score 0); said beside other "
                "orders it is not taken. Say it on its own to end the voyage."
            )
            if not calls_said:
                return _ask(state, tape, held, drive_note + " For the SAVE block, say save on its own.")
        text = _norm(rest)

    toks = W.tokens(rest)
    bare = _bare(toks)
    yes = bare in YES or message.strip() in _THUMBS

    # A yes runs held calls that lack nothing: the confirm line just printed, or an ask whose
    # calls are all in hand (a declined confirm, then a yes: never asked again and again).
    if held is not None and pending is not None and state.phase == "calls":  # a held call comes from `pending`
        if yes and (pending.kind is ReadAs.CONFIRM or _complete(state, held)):
            if _complete(state, held):
                return Reading(ReadAs.MOVE, action=held)
            return _ask(state, tape, held, "")
        if bare in NO and pending.kind is ReadAs.CONFIRM:
            if pending.detail.get("slip"):
                return _ask(state, tape, None, "Then give the calls again as you mean them; nothing is held.")
            return _ask(state, tape, held, "Then change a call; the others stand.")

    if _is_save(toks) or is_pause([t.text if t.kind == "w" else "," for t in toks]):
        if state.phase != "calls":
            return _ask(
                state, tape, held,
                "A SAVE is taken between the calls, not mid-dusk: the block has no field for the day's "
                "calls the rest of this dusk needs. Answer first, then say save.",
            )
        if not _calls_now(toks) and not _SAME.search(text):
            return Reading(ReadAs.COMMAND, command="save")

    limit = _limit(state, text)
    if limit is not None:
        if limit.kind is ReadAs.COMMAND and W.find(toks).mentions:
            return replace(limit, text="The calls in that message are not taken with a limit: give them again on their own.")
        return limit

    words = text.replace("?", " ").split()
    lead = _lead_in(words) if words else 0
    asks = bool(words) and (words[lead] in QUESTION_WORDS or tuple(words[lead : lead + 2]) in _REQUESTS)
    if state.phase in ("turtle", "signal") and asks and bare not in YES and not _decided_plainly(state, toks, tape):
        # "should we burn both?", "should we take her?": a question, answered; the dusk still waits
        need = R.flares_needed(tape[state.tape - 1]) if state.phase == "signal" else 0
        decides = (_turtle_choice(text) if state.phase == "turtle" else _burn_choice(text, need)) is not None
        # "should we take her?", "do we burn both", "can we let her go": the call is hers to make
        advice = words[lead] in ("should", "shall") or bool(_ADVICE.search(text)) or (
            decides and words[lead] in ("do", "can", "could", "may", "would", "will", "shall")
        )
        return _answered(state, tape, _YOURS_AT_DUSK if advice else (_question_answer(state, toks, tape) or _YOURS_AT_DUSK))
    if state.phase == "turtle":
        return _turtle(state, text, tape, drive_note, toks)
    if state.phase == "signal":
        return _signal(state, text, tape, drive_note, toks)
    if asks and "yesterday" in words and _SAME_ASKED.search(text):
        last = last_calls(history)
        told = f"Yesterday's calls: {', '.join(last.given())}." if last else "No calls have run in this run yet."
        return _answered(state, tape, f"{told} Nothing has changed.")
    base, back = _referred(state, text, history)
    if back:
        if base is None:
            return _ask(state, tape, held, back)
        drive_note = " ".join(p for p in (drive_note, back) if p)
        held = held.merged(base) if held else base
        # "same as yesterday?" asks; "same as yesterday. what's tomorrow?" orders and asks apart
        asked = any(x.asks and _SAME.search(_norm(" ".join(x.words))) for x in W.sentences(toks))
        return _held_back(state, _calls(state, toks, bare, held, tape, drive_note, referred="asked" if asked else "said"), beside)
    return _held_back(state, _calls(state, toks, bare, held, tape, drive_note), beside)


def _held_back(state: State, reading: Reading, beside: bool) -> Reading:
    """Calls said beside "let her drive" are held, not run: a yes runs them, the words alone end it."""
    if not beside or reading.kind is not ReadAs.MOVE or not isinstance(reading.action, R.Calls):
        return reading
    calls = ", ".join(reading.action.given())
    text = f"{reading.text}\n\nHeld: {calls}. Say yes to run them, or \"let her drive\" on its own to end the voyage.".strip()
    return Reading(ReadAs.ASK, text=text, action=reading.action)


def _referred(state: State, text: str, history: tuple[object, ...]) -> tuple[R.Calls | None, str]:
    """The calls a message refers back to, and the line that says so ("" when it refers to none):
    "same as yesterday" is the last calls that ran; "leave the canvas as it is" is the canvas as
    it stands this morning."""
    same = bool(_SAME.search(text)) and not _SAME_ASKED.search(text)
    as_is = bool(_AS_IT_IS.search(text))
    if not same and not as_is:
        return None, ""
    base = R.Calls(None, None, None, state.day)
    said: list[str] = []
    if same:
        last = last_calls(history)
        if last is None:
            return None, (
                "No calls have run in this run yet, so there is nothing to repeat (a SAVE block holds no calls). "
                "Nothing has changed."
            )
        hands = last.hands if last.hands in ("ROW", "FISH", "BAIL", "MEND", "WATCH") else None
        canvas = last.canvas if "canvas" in R.needs(state) else None
        base = R.Calls(last.issue, canvas, hands, state.day)
        said.append(f"Yesterday's calls: {', '.join(last.given())}.")
    if as_is and "canvas" in R.needs(state) and state.canvas in ("sail", "awning", "down"):
        base = R.Calls(base.issue, state.canvas.upper(), base.hands, state.day)
        said.append(f"The canvas stays {state.canvas.upper()}.")
    return base, " ".join(said)


def _calls_now(toks: tuple[W.Tok, ...]) -> bool:
    """Whether a message names a call for today: a clause put off ("full sail row tomorrow") names none."""
    for s in W.sentences(toks):
        for lo, hi in _clauses(s):
            if not any(toks[k].text in PUT_OFF for k in range(lo, hi)) and W.find(toks, lo, hi).mentions:
                return True
    return False


def _complete(state: State, calls: R.Calls) -> bool:
    return not R.missing(state, calls) and not R.refusals(state, calls)


def _is_save(toks: tuple[W.Tok, ...]) -> bool:
    """"save", "save pls", "save pls, gotta go", "i want to save", "can you save the game": a save,
    whatever chatter is around it; "save the water" and "don't save" are not, and neither is "how
    do I save?" (cardgm.chatter)."""
    return asks_for_save([t.text if t.kind == "w" else "," for t in toks], _SAVE_WORDS, _VOYAGE_WORDS)


def _held(state: State, pending: Reading | None) -> R.Calls | None:
    if pending is None or not isinstance(pending.action, R.Calls):
        return None
    if state.phase != "calls" or pending.action.day != state.day:
        return None
    return pending.action


def _ask(state: State, tape: tuple[int, ...], held: R.Calls | None, why: str, *, nudge: bool = False) -> Reading:
    if state.phase == "calls":
        question = V.ask_calls(state, held)
        if nudge and held is not None and _complete(state, held):
            question += " Say yes to run them, or change a call."
    else:
        question = V.pending_question(state, tape)
    return Reading(ReadAs.ASK, text=f"{why}\n\n{question}".strip(), action=held)


def _answered(state: State, tape: tuple[int, ...], answer: str) -> Reading:
    """A question answered with nothing held: the answer, then what the boat waits on."""
    return Reading(ReadAs.ANSWER, text=f"{answer}\n\n{V.pending_question(state, tape)}".strip())


def _limit(state: State, text: str) -> Reading | None:
    m = _LIMIT_DAY.search(text)
    deaths = bool(_LIMIT_DEATHS.search(text))
    if m:
        n = int(next(g for g in m.groups() if g))
        if n > DAYS:
            return Reading(
                ReadAs.ANSWER,
                text=f"The voyage is fourteen days at the outside; a stop at day {n} changes nothing. No limit is set.",
            )
        if n < state.day:
            return Reading(
                ReadAs.ANSWER,
                text=f"Today is day {state.day}; a stop at day {n} is already behind her. "
                "Say \"let her drive\" to end the voyage where it stands.",
            )
        return Reading(ReadAs.COMMAND, command="limit", action=R.SetLimit(deaths_plain=True if deaths else None, stop_day=n))
    if deaths:
        return Reading(ReadAs.COMMAND, command="limit", action=R.SetLimit(deaths_plain=True))
    if _UNHONOURED.search(text):
        return Reading(
            ReadAs.ANSWER,
            text=(
                "cardgm cannot honour that limit: the numbers, the tape and the order in which souls go "
                "down and die move only by the card's rules, never spared for mercy, and the narration is "
                "fixed. It can honour two: deaths told in one plain line, and a stop at a day you name "
                "(the voyage ends given-over there). Nothing has changed."
            ),
        )
    return None


def _question_answer(state: State, toks: tuple[W.Tok, ...], tape: tuple[int, ...]) -> str | None:
    """A question asked while the dusk waits on the player: answered, and the question stands."""
    ws = [t.text for t in toks if t.kind == "w"]
    sents = W.sentences(toks)
    if not ws or not (any(s.asks for s in sents) or ws[0] in QUESTION_WORDS or ws[0] == "help"):
        return None
    return Q.answer(state, ws, tape) or Q.status_line(state)


# -- the dusk's two questions: the turtle and the signal -----------------------------------------------

# Strong words decide over a bare yes or no; a no before a verb turns it ("don't take her" leaves her).
_TAKE = re.compile(r"\b(?:take|taking|took|butcher|catch|kill|grab|haul|bring|eat|have)\b")
_LEAVE = re.compile(r"\b(?:leave|leaving|refuse|pass|skip|ignore|let (?:her|it) (?:be|sleep|go|lie|drift)|not the turtle|no turtle)\b")
_YES_WORD = re.compile(r"\b(?:yes|yeah|yep|yup|y|aye|ok|okay|sure|please)\b")
_BARE_NO = re.compile(r"(?:no|nope|nah|n)(?: thanks| thank you)?")
_NO_WORD = re.compile(r"^(?:no|nope|nah|n)\b|\bno thanks\b")
_NOT_BEFORE = re.compile(r"\b(?:don t|dont|do not|not|never|won t|wont|no need to|shouldn t|shan t|can t|cant)\s+(?:\w+\s+)?$")
_DUSK_HEDGE = frozenset("maybe perhaps might could should would thinking think considering wondering tempted probably possibly idk if unless".split())
_BURN_NONE = re.compile(
    r"\blet her (?:go|pass|be|sail on)\b|\bignore her\b|\bno flares?\b|^(?:no|nope|nah|n)\b|"
    r"\b(?:keep|save|hold|hold on to|hang on to|conserve)\s+(?:the |our |both |my )?(?:flares?|them|it)\b"
)
_BURN_VERB = re.compile(r"\b(?:burn|burning|fire|firing|light|lighting|send up|use|waste|set off|shoot)\b")


def _segments(toks: tuple[W.Tok, ...]) -> list[tuple[str, bool, bool]]:
    """The message cut at each correction ("take her - no, leave her", "both… actually one"): each
    piece's words (normed), whether its sentence asks, and whether it holds a hedge. The last piece
    with a decision in it stands, as ruling 34 has it for the calls."""
    # "hold on to the flares" holds them: "hold on" is a correction only when "to" does not follow
    marks = {
        k for k in W.find(toks).corrections
        if not (toks[k].text in ("hold", "hang") and k + 2 < len(toks) and toks[k + 2].text == "to")
    }
    pairs = {a: b for a, b in W.CORRECTION_PAIRS}
    out: list[tuple[str, bool, bool]] = []
    for sent in _split_questions(W.sentences(toks)):
        words: list[str] = []
        skip = ""
        for t in sent.toks:
            if skip and t.text == skip:
                skip = ""
                continue
            skip = ""
            if t.i in marks or t.kind == "d":
                out.append((" ".join(words), sent.asks, any(w in _DUSK_HEDGE for w in words)))
                words = []
                if t.text in W.CORRECTION_WORDS or t.text in pairs or t.kind == "d":
                    skip = pairs.get(t.text, "")  # the marker is no part of what follows it
                    continue
            if t.kind == "w":
                words.append(t.text.replace("'", " "))
        out.append((" ".join(words), sent.asks, any(w in _DUSK_HEDGE for w in words)))
    return [x for x in out if x[0].strip(" ,")]


def _decided_plainly(state: State, toks: tuple[W.Tok, ...], tape: tuple[int, ...]) -> bool:
    """"what's tomorrow? take her": a plain sentence beside the question gives the dusk's answer."""
    need = R.flares_needed(tape[state.tape - 1]) if state.phase == "signal" else 0
    for piece, asks, hedged in _segments(toks):
        if asks or hedged or _questioned(piece):
            continue
        if (_turtle_choice(piece) if state.phase == "turtle" else _burn_choice(piece, need)) is not None:
            return True
    return False


def _questioned(piece: str) -> bool:
    """A piece that opens with a question word ("how many flares do we have?") asks; it decides nothing."""
    ws = piece.split()
    return bool(ws) and ws[_lead_in(ws)] in QUESTION_WORDS


def _turned(pattern: re.Pattern[str], text: str) -> tuple[bool, bool]:
    """Whether `text` says the words plainly, and whether it says them under a no."""
    plain = neg = False
    for m in pattern.finditer(text):
        if _NOT_BEFORE.search(text[max(0, m.start() - 30) : m.start()]):  # a bounded look back: linear
            neg = True
        else:
            plain = True
    return plain, neg


def _turtle_choice(piece: str) -> bool | None:
    take, not_take = _turned(_TAKE, piece)
    leave, not_leave = _turned(_LEAVE, piece)
    takes, leaves = take or not_leave, leave or not_take
    if takes != leaves:
        return takes
    if takes:
        return None  # both in one breath, with no correction between: asked
    if _NO_WORD.search(piece):
        return False
    if _YES_WORD.search(piece):
        return True
    return None


def _asked_beside(state: State, pieces: list[tuple[str, bool, bool]], tape: tuple[int, ...], decided: Callable[[str], object]) -> str:
    """Questions said beside the dusk's answer ("take her, what's tomorrow?"): answered in the same reply."""
    out = [Q.answer(state, piece.split(), tape) for piece, asks, _ in pieces if asks and (_questioned(piece) or decided(piece) is None)]
    return "\n\n".join(dict.fromkeys(a for a in out if a))


def _turtle(state: State, text: str, tape: tuple[int, ...], note: str, toks: tuple[W.Tok, ...]) -> Reading:
    pieces = _segments(toks)
    decided = [(c, asks, hedged) for piece, asks, hedged in pieces if not _questioned(piece) and (c := _turtle_choice(piece)) is not None]
    if not decided and _BARE_NO.fullmatch(_bare(toks)):
        decided = [(False, False, False)]  # "nah": a no, though it is also a correction word
    if decided:
        choice, asks, hedged = decided[-1]
        if not asks and not hedged:
            answered = _asked_beside(state, pieces, tape, _turtle_choice)
            return Reading(ReadAs.MOVE, text="\n\n".join(p for p in (answered, note) if p), action=R.Turtle(choice))
        why = THOUGHT_DUSK.format(what="take her" if choice else "leave her")
        return _ask(state, tape, None, " ".join(p for p in (note, why) if p))
    answer = _question_answer(state, toks, tape)
    if answer is not None:
        return _answered(state, tape, answer)
    calls, _ = parse_calls(text)
    both = _TAKE.search(text) and _LEAVE.search(text)
    why = (
        "First the turtle: the dusk waits on it." if calls.given()
        else "Take her and leave her in one breath; which?" if both
        else "I could not read that as the turtle's call."
    )
    return _ask(state, tape, None, " ".join(p for p in (note, why, "Nothing has changed.") if p))


THOUGHT_DUSK = 'That reads as a thought or a question, not the call; nothing is decided. Say "{what}" plainly when you mean it.'


def _burn_choice(piece: str, need: int) -> int | None:
    if _BURN_NONE.search(piece):
        return 0
    plain, negated = _turned(_BURN_VERB, piece)
    if negated and not plain:
        return 0  # "don't fire the flares", "don't burn any"
    if re.search(r"\b(?:both|two|2)\b", piece):
        return 2
    if re.search(r"\b(?:one|a|1) flare\b|\b(?:burn|fire|light) (?:one|a|1)\b|\bone\b|^1$", piece):
        return 1
    if plain or re.search(r"\b(?:signal|flares?|yes|yeah|yep|aye|y)\b", piece):
        return need  # "burn what she needs": the question offered exactly that
    return None


def _signal(state: State, text: str, tape: tuple[int, ...], note: str, toks: tuple[W.Tok, ...]) -> Reading:
    value = tape[state.tape - 1]
    need = R.flares_needed(value)
    pieces = _segments(toks)
    decided = [
        (b, asks, hedged) for piece, asks, hedged in pieces if not _questioned(piece) and (b := _burn_choice(piece, need)) is not None
    ]
    if not decided and _BARE_NO.fullmatch(_bare(toks)):
        decided = [(0, False, False)]
    if not decided:
        answer = _question_answer(state, toks, tape)
        if answer is not None:
            return _answered(state, tape, answer)
        calls, _ = parse_calls(text)
        why = "First the ship: the dusk waits on her." if calls.given() else "I could not read that as the signal."
        return _ask(state, tape, None, " ".join(p for p in (note, why, "Nothing has changed.") if p))
    burn, asks, hedged = decided[-1]
    if asks or hedged:
        what = "let her go" if burn == 0 else "burn both" if burn == 2 else "burn one"
        return _ask(state, tape, None, " ".join(p for p in (note, THOUGHT_DUSK.format(what=what)) if p))
    if burn > state.flares:
        flares = f"{state.flares} flare{'s' if state.flares != 1 else ''}"
        return _ask(state, tape, None, f"There {'is' if state.flares == 1 else 'are'} {flares} in the boat, not {burn}. Nothing has changed.")
    answered = _asked_beside(state, pieces, tape, lambda piece: _burn_choice(piece, need))
    return Reading(ReadAs.MOVE, text="\n\n".join(p for p in (answered, note) if p), action=R.Signal(burn))


# -- the morning's calls --------------------------------------------------------------------------------

# Words a question may open with before its question word: "wait what does bail do", "so how far…".
_FILLER = frozenset("wait hmm hm so ok okay oh um uh and but btw sorry quick question hey also just well right erm ah".split())
_ABOUT_CALL = re.compile(
    r" (?:what (?:does|do|is|s|are)|whats|how (?:does|do|much|many)|explain|remind me|define|meaning of|tell me about|rules? (?:for|on)|cost|costs)(?: |$)"
)
_ABOUT_CALL_NOT = re.compile(r" (?:what if|what happens|what would|what will|if we|if i|today s|tonight) ")


_GIVE_UP_Q = re.compile(r" (?:give up|giving up|quit|surrender|let her drive|stand down|resign) ")
_CANNOT = frozenset("can't cant cannot can couldn't couldnt".split())
_WHO = frozenset("we i you they he she nance carrick pruett ockle the anyone somebody someone".split())


def _lead_in(ws: list[str]) -> int:
    """How many filler words open a sentence before its real first word."""
    k = 0
    while k < len(ws) - 1 and ws[k] in _FILLER:
        k += 1
    return k


MAX_ANSWERS = 4  # questions answered in one reply; more are answered when asked again
THOUGHT = "That reads as a thought, not an order; intentions are not actions, and nothing is called. Give the calls as orders."
LATER = "That reads as a plan for another day; the calls are made each morning for that day, and nothing is called."


def _clauses(s: W.Sentence) -> list[tuple[int, int]]:
    """A sentence's comma clauses as token index ranges (lo, hi)."""
    out: list[tuple[int, int]] = []
    lo = s.toks[0].i
    for t in s.toks:
        if t.kind == "p" and t.text == ",":
            out.append((lo, t.i))
            lo = t.i + 1
    out.append((lo, s.toks[-1].i + 1))
    return out


def _opens_question(toks: tuple[W.Tok, ...], k: int) -> bool:
    """Token k opens a question inside a sentence: "…, what's tomorrow?", "… - and what's tape 4?"."""
    if toks[k].text not in QUESTION_WORDS:
        return False
    prev = toks[k - 1]
    if prev.kind != "w":
        return True
    return prev.text in ("and", "but", "so", "also", "oh", "btw") and k >= 2 and toks[k - 2].kind != "w"


def _split_questions(sents: list[W.Sentence]) -> list[W.Sentence]:
    """"full, sail, row, what's tomorrow?": the calls, then the question, as two sentences."""
    out: list[W.Sentence] = []
    for s in sents:
        ws = s.words
        if s.asks and ws and ws[0] not in QUESTION_WORDS:
            cut = next((k for k in range(1, len(s.toks)) if _opens_question(s.toks, k)), None)
            if cut is not None:
                head = s.toks[:cut]
                while head and head[-1].kind != "w":
                    head = head[:-1]
                if head:
                    out.append(W.Sentence(head, "."))
                out.append(W.Sentence(s.toks[cut:], "?"))
                continue
        out.append(s)
    return out


def _calls(
    state: State, toks: tuple[W.Tok, ...], bare: str, held: R.Calls | None, tape: tuple[int, ...], note: str, *, referred: str = ""
) -> Reading:
    orders: list[W.Mention] = []
    corrections: list[int] = []
    odd: list[str] = []
    negated: list[str] = []
    confirm: list[W.Mention] = []
    thought: list[W.Mention] = []
    later: list[W.Mention] = []
    answers: list[str] = []
    what_ifs: list[R.Calls] = []
    asked = False
    for s in _split_questions(W.sentences(toks)):
        ws = s.words
        if not ws:
            continue
        found = W.find(toks, s.toks[0].i, s.toks[-1].i + 1)
        lead_in = _lead_in(ws)
        first = ws[lead_in] if lead_in < len(ws) else ws[0]
        pair = tuple(ws[lead_in : lead_in + 2])
        joined = " " + " ".join(ws) + " "
        is_question = (
            s.asks or first in QUESTION_WORDS or pair in _REQUESTS or pair == ("remind", "me")
            or (first == "if" and any(w in ("what", "how", "would", "will", "score") for w in ws))
        )
        if is_question:
            asked = True
        about = [m.call for m in found.mentions]
        if is_question and len(set(about)) == 1 and _ABOUT_CALL.search(joined) and not _ABOUT_CALL_NOT.search(joined):
            # "wait what does bail do again", "what is MEND": the card's words for the call and
            # what it would do today; nothing is called.
            if len(answers) < MAX_ANSWERS:
                answers.append(Q.call_rules(state, about[0], tape))
            continue
        if is_question and (" what if " in joined or " what happens " in joined or " what would " in joined
                            or " what will " in joined or " what does " in joined or first == "if"
                            or " how would " in joined or " what d " in joined or " what'd " in joined):
            if found.mentions:
                chosen, _ = resolve(found)
                what_ifs.append(_calls_of(chosen, state.day))
                continue
        if is_question and _GIVE_UP_Q.search(joined):
            answers.append(Q.give_up(state))  # "should I give up?": answered, never run
            continue
        named = [m.call for m in found.mentions] + list(found.negated)  # "can't" is a no to the words after it
        if is_question and named and first == "why" and len(ws) > lead_in + 2 and ws[lead_in + 1] in _CANNOT and ws[lead_in + 2] in _WHO:
            by_kind = {W.KIND_OF[c]: c for c in named}
            asked_calls = R.Calls(by_kind.get(W.ISSUE), by_kind.get(W.CANVAS), by_kind.get(W.HANDS), state.day)
            answers.append(Q.can_we(state, asked_calls, tape))  # "why can't we fish?": the rule, by name
            continue
        if is_question and found.mentions and first in ("can", "may") and len(ws) > lead_in + 1 and ws[lead_in + 1] in _WHO:
            chosen_q, _ = resolve(found)
            answers.append(Q.can_we(state, _calls_of(chosen_q, state.day), tape))
            continue
        if pair in (("how", "about"), ("what", "about")) and found.mentions:
            thought += found.mentions
            continue
        if is_question:
            if found.mentions and first in QUESTION_WORDS:
                if first in _THOUGHT_OPENERS:
                    thought += found.mentions
                    continue
            elif found.mentions:
                if any(w in HEDGES for w in ws):
                    thought += found.mentions
                else:
                    confirm += found.mentions  # "full, sail, row?": asks to be sure
                continue
            if len(answers) >= MAX_ANSWERS:
                continue
            if _ADVICE.search(joined):
                answers.append("The calls are yours: " + ", ".join(V.CALLS_ASK[k] for k in R.needs(state)) + ".")
            else:
                answers.append(Q.answer(state, ws, tape) or Q.status_line(state))
            continue
        if found.mentions and any(w in HEDGES for w in ws):
            thought += found.mentions
            continue
        # A put-off word holds back the calls of its own clause ("row today, fish tomorrow").
        kept: list[W.Mention] = []
        mentions = found.mentions  # in order, as the clauses are: one merged pass over both
        m = 0
        for lo, hi in _clauses(s):
            off = any(toks[k].text in PUT_OFF for k in range(lo, hi))
            while m < len(mentions) and mentions[m].start < hi:
                (later if off else kept).append(mentions[m])
                m += 1
        kept += mentions[m:]
        orders += kept
        corrections += found.corrections
        odd += found.odd_measures
        negated += found.negated
        if not found.mentions and _ADVICE.search(joined):
            answers.append("The calls are yours: " + ", ".join(V.CALLS_ASK[k] for k in R.needs(state)) + ".")

    lead: list[str] = [note] if note else []
    for calls in what_ifs[:MAX_ANSWERS]:
        answers.append(Q.what_if(state, held.merged(calls) if held else calls, tape))
    answers = list(dict.fromkeys(answers))[:MAX_ANSWERS]  # the same question twice is answered once
    found_orders = W.Found(tuple(orders), tuple(corrections), tuple(odd), tuple(negated))
    chosen, clashes = resolve(found_orders)
    new = _calls_of(chosen, state.day)
    spoken = [c for c in corrections if c >= 0 and toks[c].kind == "w"]  # a dash may lead into a remark
    if orders and spoken and max(spoken) > orders[-1].start:
        # "full, sail, row… no wait": a correction with nothing after it calls nothing
        why = "That ends on a correction, so nothing is called. Give the calls as you mean them."
        return _ask(state, tape, held, "\n\n".join(answers + [" ".join(lead + [why])]))

    if referred and held is not None and negated:
        # "same as yesterday, no rowing": a call said with a no is not taken from yesterday either
        held = R.Calls(
            None if held.issue in negated else held.issue,
            None if held.canvas in negated else held.canvas,
            None if held.hands in negated else held.hands,
            state.day,
        )
    if not chosen and not clashes and referred and held is not None and not (thought or later or confirm or (answers and referred == "asked")):
        pass  # the calls referred back to stand as given: judged below like any others
    elif not chosen and not clashes:
        if confirm:
            c, _ = resolve(W.Found(tuple(confirm)))
            calls = _calls_of(c, state.day)
            calls = held.merged(calls) if held else calls
            if not R.missing(state, calls):
                return _confirm(state, tape, calls, lead + answers, [m for m in c.values() if m.typo])
            thought += confirm
        if thought or later:
            return _ask(state, tape, held, "\n\n".join(answers + [" ".join(lead + [THOUGHT if thought else LATER])]))
        if answers:
            if held is None:  # a question answered, nothing waiting: read as an answer on every card
                return _answered(state, tape, "\n\n".join(lead + answers))
            return _ask(state, tape, held, "\n\n".join(lead + answers), nudge=True)
        if negated:
            out = ", ".join(dict.fromkeys(negated))
            return _ask(state, tape, held, " ".join(lead + [f"Not {out}: noted, and nothing is called."]), nudge=True)
        if bare in YES or bare in NO:
            why = "Nothing is waiting on a yes or a no. Nothing has changed."
        elif bare in _GIVE_UP:
            why = "To end the voyage where it stands, say \"let her drive\". Nothing has changed."
        elif bare in ("help", "h", "commands", "how do i play", "what do i do", "instructions"):
            why = Q.HELP
        elif any(w in ("flare", "flares") for w in bare.split()) and _BURN_VERB.search(bare):
            why = "Flares are burnt only at dusk, when a ship is sighted in the lane; the morning asks the three calls. Nothing has changed."
        elif any(w in _SAVE_WORDS for w in bare.split()):
            why = "That is not a call or the save command. To keep the water in the breaker, call DRY; to save the game, say save on its own."
        elif asked:
            why = Q.status_line(state)
        else:
            why = "I could not read a call in that. Nothing has changed."
        return _ask(state, tape, held, " ".join(p for p in lead + [why] if p), nudge=True)

    calls = held.merged(new) if held else new
    lines: list[str] = list(lead)
    if thought or later or confirm:
        said = ", ".join(dict.fromkeys(m.call for m in thought + later + confirm))
        lines.append(f"Not taken, said as a thought or for later: {said}.")
    for kind, options in clashes.items():
        if kind == W.ISSUE and any(" " in o for o in options):
            lines.append(f"The issue is FULL (4 measures), SHORT (2) or DRY; {' or '.join(options)} is none of them.")
        else:
            lines.append(f"Two {kind} calls in one message ({' and '.join(options)}); which?")
        calls = R.Calls(
            calls.issue if kind != "issue" else (held.issue if held else None),
            calls.canvas if kind != "canvas" else (held.canvas if held else None),
            calls.hands if kind != "hands" else (held.hands if held else None),
            state.day,
        )
    slips = [m for m in chosen.values() if m.typo]
    bad = R.refusals(state, calls)
    for kind, reason in bad.items():
        lines.append(reason)
        calls = R.Calls(
            None if kind == "issue" else calls.issue,
            None if kind == "canvas" else calls.canvas,
            None if kind == "hands" else calls.hands,
            state.day,
        )
    for reason in R.ignored(state, calls).values():
        lines.append(reason)
        calls = R.Calls(calls.issue, calls.canvas, None, state.day)
    if _is_save(toks):
        lines.append("The calls are taken as orders; say save on its own for the SAVE block.")
    if _MANY_DAYS.search(bare):
        lines.append("The calls are today's: each morning's are asked after its dawn sky, one day at a time.")
    if slips:
        return _confirm(state, tape, calls, answers + [" ".join(lines)] if lines else answers, slips)
    gaps = R.missing(state, calls)
    if bad or clashes:
        lines.append("Nothing is read from the tape.")
    said = "\n\n".join([a for a in answers] + [" ".join(lines)] if lines else answers)
    if gaps or clashes:
        return _ask(state, tape, calls if calls.given() else None, said)
    if bad:  # only a canvas call on a LOST canvas leaves nothing missing: confirm the rest
        lines.append(f"Run {', '.join(calls.given())} with the canvas as it lies? (yes/no)")
        said = "\n\n".join(answers + [" ".join(lines)])
        return Reading(ReadAs.CONFIRM, text=said, action=calls)
    return Reading(ReadAs.MOVE, text=said, action=calls)


def _confirm(state: State, tape: tuple[int, ...], calls: R.Calls, before: list[str], slips: list[W.Mention]) -> Reading:
    """Calls said with a slip, or as a question: a confirm line naming what a yes would run."""
    calls = R.Calls(calls.issue, calls.canvas, calls.hands, state.day)
    bad = R.refusals(state, calls)
    lines = [x for x in before if x]
    for kind, reason in bad.items():
        lines.append(reason)
        calls = R.Calls(
            None if kind == "issue" else calls.issue,
            None if kind == "canvas" else calls.canvas,
            None if kind == "hands" else calls.hands,
            state.day,
        )
    if not calls.given():
        return _ask(state, tape, None, "\n\n".join(lines))
    read_as = "; ".join(f"\"{m.said}\" as {m.call}" for m in slips)
    head = f"I read {read_as}." if slips else ""
    if R.missing(state, calls):
        ask = f"Hold {', '.join(calls.given())} and ask the rest? (yes/no)"
    else:
        ask = f"Run {', '.join(calls.given())}? (yes/no)"
    text = "\n\n".join(lines + [" ".join(p for p in (head, ask) if p)])
    return Reading(ReadAs.CONFIRM, text=text, action=calls, detail={"slip": True} if slips else {})

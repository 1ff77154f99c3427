"""BECALMED's reader: a player's words into a Reading. Never raises on a player's words.

It keeps apart "I could not read that" (an ASK that says so) and "the card does not allow that"
(an ASK that gives the card's reason), reads no tape for either, and holds the calls already given
in the ASK's action until the rest come (the Run hands them back as `pending`).
"""

from __future__ import annotations

import re

from cardgm.game import ReadAs, Reading

from . import rules as R
from . import voice as V
from .state import DAYS, State

# -- words ----------------------------------------------------------------------------------------

_WORDS: dict[str, tuple[str, str]] = {}
for _kind, _call, _words in (
    ("issue", "FULL", "full fulls"),
    ("issue", "SHORT", "short half halves"),
    ("issue", "DRY", "dry"),
    ("canvas", "SAIL", "sail sails hoist"),
    ("canvas", "AWNING", "awning shade"),
    ("canvas", "DOWN", "down stow stowed furl furled"),
    ("hands", "ROW", "row rowing oars oar pull"),
    ("hands", "FISH", "fish fishing lines line"),
    ("hands", "BAIL", "bail bailing bale baling"),
    ("hands", "MEND", "mend mending recut"),
    ("hands", "WATCH", "watch watching"),
):
    for _w in _words.split():
        _WORDS[_w] = (_kind, _call)

# Phrases read before single words; each becomes one call token.
_PHRASES: tuple[tuple[str, str], ...] = (
    (r"\bno (?:water|ration|rations|issue|drink)\b|\bnothing to drink\b|\bkeep the breaker shut\b", "DRY"),
    (r"\b(?:sail|canvas) down\b|\bdown (?:the )?(?:sail|canvas)\b|\bno (?:sail|canvas)\b", "DOWN"),
    (r"\b(?:take|get|bring|strike|stow|hand|furl) (?:in |down )?(?:the )?(?:sail|canvas)(?: in| down)?\b", "DOWN"),
    (r"\b(?:rig|spread|put up|raise|set) (?:the |an )?awning\b|\bawning up\b", "AWNING"),
    (r"\bre cut\b|\bre cuts?\b", "MEND"),
    (r"\bsit up\b|\bkeep (?:a )?watch\b|\bstand (?:a )?watch\b", "WATCH"),
    (r"\b(?:out|ship) (?:the )?oars\b|\boars out\b", "ROW"),
    (r"\b(?:lines|a line) over\b", "FISH"),
)
_TOKEN_OF = {"DRY": ("issue", "DRY"), "DOWN": ("canvas", "DOWN"), "AWNING": ("canvas", "AWNING"),
             "MEND": ("hands", "MEND"), "WATCH": ("hands", "WATCH"), "ROW": ("hands", "ROW"),
             "FISH": ("hands", "FISH")}

_NEGATION = re.compile(r"\b(?:don t|dont|do not|no|not|never|without)\s+(\w+)")
_HEDGE = re.compile(
    r"\b(?:maybe|perhaps|should we|should i|could we|can we|might|what if|i think|thinking|i ll|i will|"
    r"going to|gonna|planning|would it)\b"
)
_DRIVE = re.compile(r"\blet (?:her|the boat|it|the cutter) drive\b")
_DRIVE_NOT = re.compile(r"\b(?:don t|dont|do not|never|not|won t|wont|shan t|shall not|will not)\b(?:\s+\w+){0,2}\s+let (?:her|the boat|it|the cutter) drive\b")
_DRIVE_IF = re.compile(r"\b(?:if|when|unless|until|later|tomorrow|maybe|might|perhaps|soon|next)\b")
_SAVE_ONLY = re.compile(r"^(?:please )?save(?: (?:the )?game| it| now| here| please| the voyage)?(?: please)?$")

_UNHONOURED = re.compile(
    r"\b(?:no deaths?|nobody dies|no one dies|noone dies|(?:don t|dont|do not) (?:let (?:anyone|anybody|them|any of them|him) die|kill)|spare|"
    r"no sharks|more water|easier|shorter (?:replies|answers)|fewer words|under \d+ words|"
    r"no (?:violence|narration|story)|skip the (?:story|narration)|make it (?:easy|easier))\b"
)
_LIMIT_DEATHS = re.compile(
    r"\bdeaths?\b.*\b(?:one (?:plain )?line|plain(?:ly)?|briefly|brief|short|no detail|quick(?:ly)?|one sentence)\b|"
    r"\b(?:one (?:plain )?line|plain(?:ly)?|briefly|no detail|one sentence)\b.*\bdeaths?\b"
)
_LIMIT_DAY = re.compile(
    r"\b(?:stop|end|finish|quit|play|only|limit|just|go)\b[^0-9]*?\bday (\d{1,3})\b|"
    r"\b(?:only|just|limit(?: it)? to|stop after|no more than|at most) (\d{1,3}) days?\b"
)


def _norm(message: str) -> str:
    text = message.lower().replace("’", "'")
    text = re.sub(r"[^a-z0-9?]+", " ", text)
    return re.sub(r"\s+", " ", text).strip()


def _words_only(message: str) -> str:
    return _norm(message).replace("?", " ").strip()


def parse_calls(message: str) -> tuple[R.Calls, dict[str, list[str]]]:
    """The calls named in a message, and every kind named more than one way (for asking)."""
    text = _words_only(message)
    text = _DRIVE.sub(" ", text)
    found: dict[str, list[str]] = {"issue": [], "canvas": [], "hands": []}

    def note(kind: str, call: str) -> None:
        if call not in found[kind]:
            found[kind].append(call)

    for pattern, token in _PHRASES:
        for _ in re.finditer(pattern, text):
            note(*_TOKEN_OF[token])
        text = re.sub(pattern, " ", text)
    # A call word under a negation ("don't row", "no fishing") is not a call.
    text = _NEGATION.sub(lambda m: " " if m.group(1) in _WORDS else m.group(0), text)
    for word in text.split():
        if word in _WORDS:
            note(*_WORDS[word])
    calls = R.Calls(
        found["issue"][0] if len(found["issue"]) == 1 else None,
        found["canvas"][0] if len(found["canvas"]) == 1 else None,
        found["hands"][0] if len(found["hands"]) == 1 else None,
    )
    clashes = {k: v for k, v in found.items() if len(v) > 1}
    return calls, clashes


# -- the reader -------------------------------------------------------------------------------------


def read(state: State, message: str, pending: Reading | None, tape: tuple[int, ...]) -> Reading:
    held = _held(state, pending)
    text = _norm(message)
    if not text.replace("?", "").strip():
        what = "an empty message" if not message.strip() else "a word in that"
        return _ask(state, tape, held, f"I could not read {what}. Nothing has changed.")

    # "let her drive": the order, at any point; never a plan or a negation (ruling 22).
    drive_note = ""
    rest = message
    if _DRIVE.search(text):
        sentences = re.split(r"(?<=[.!?;\n])", message)
        said = [x for x in sentences if _DRIVE.search(_norm(x))]
        rest = "".join(x for x in sentences if not _DRIVE.search(_norm(x)))
        spoken = " ".join(_norm(x) for x in said)
        if _DRIVE_NOT.search(spoken):
            drive_note = "\"Let her drive\" is read only as the order; said with a no, nothing ends."
        elif _DRIVE_IF.search(spoken):
            drive_note = "\"Let her drive\" is read only as the order, never as a plan: say it plainly when you mean it."
        else:
            return Reading(ReadAs.COMMAND, command="end", action=R.GiveOver())
        text = _norm(rest)

    if pending is not None and pending.kind is ReadAs.CONFIRM and held is not None:
        if re.fullmatch(r"(?:yes|y|aye|yes please|do it|go|run them|carry on)", text):
            return Reading(ReadAs.MOVE, action=held)
        if re.fullmatch(r"(?:no|n|nay|no thanks)", text):
            return _ask(state, tape, held, "Then change a call; the others stand.")

    if _SAVE_ONLY.match(text.replace("?", "").strip()):
        if state.phase != "calls":
            return _ask(
                state, tape, held,
                "A SAVE is taken between the calls, not mid-dusk: the block has no field for the day's "
                "calls the rest of this dusk needs. Answer first, then say save.",
            )
        return Reading(ReadAs.COMMAND, command="save")

    limit = _limit(state, text)
    if limit is not None:
        return limit

    if state.phase == "turtle":
        return _turtle(state, text, tape, drive_note)
    if state.phase == "signal":
        return _signal(state, text, tape, drive_note)
    return _calls(state, rest, text, held, tape, drive_note)


def _held(state: State, pending: Reading | None) -> R.Calls | None:
    if pending is None or not isinstance(pending.action, R.Calls):
        return None
    if state.phase != "calls" or pending.action.day != state.day:
        return None
    return pending.action


def _ask(state: State, tape: tuple[int, ...], held: R.Calls | None, why: str) -> Reading:
    if state.phase == "calls":
        question = V.ask_calls(state, held)
    else:
        question = V.pending_question(state, tape)
    return Reading(ReadAs.ASK, text=f"{why}\n\n{question}".strip(), action=held)


def _limit(state: State, text: str) -> Reading | None:
    m = _LIMIT_DAY.search(text)
    deaths = bool(_LIMIT_DEATHS.search(text))
    if m:
        n = int(m.group(1) or m.group(2))
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


def _turtle(state: State, text: str, tape: tuple[int, ...], note: str) -> Reading:
    take = re.search(r"\b(?:take|taking|yes|butcher|catch|kill|have) ?(?:her|it|the turtle)?\b", text)
    leave = re.search(r"\b(?:leave|refuse|no|pass|let her (?:be|sleep|go)|leave her)\b", text)
    if take and not leave:
        return Reading(ReadAs.MOVE, text=note, action=R.Turtle(True))
    if leave and not take:
        return Reading(ReadAs.MOVE, text=note, action=R.Turtle(False))
    calls, _ = parse_calls(text)
    why = "First the turtle: the dusk waits on it." if calls.given() else "I could not read that as the turtle's call."
    return _ask(state, tape, None, " ".join(p for p in (note, why, "Nothing has changed.") if p))


def _signal(state: State, text: str, tape: tuple[int, ...], note: str) -> Reading:
    value = tape[state.tape - 1]
    need = R.flares_needed(value)
    burn: int | None = None
    if re.search(r"\blet her go\b|\bdon t burn\b|\bdont burn\b|\bno flares?\b|^no\b|\bhold (?:the )?flares\b", text):
        burn = 0
    elif re.search(r"\b(?:both|two|2)\b", text):
        burn = 2
    elif re.search(r"\b(?:one|a|1) flare\b|\bburn (?:one|a|1)\b|\bone\b", text):
        burn = 1
    elif re.search(r"\b(?:burn|fire|light|signal|flares?)\b", text):
        burn = need  # "burn what she needs": the question offered exactly that
    if burn is None:
        calls, _ = parse_calls(text)
        why = "First the ship: the dusk waits on her." if calls.given() else "I could not read that as the signal."
        return _ask(state, tape, None, " ".join(p for p in (note, why, "Nothing has changed.") if p))
    if burn > state.flares:
        return _ask(state, tape, None, f"There {'is' if state.flares == 1 else 'are'} {state.flares} flare{'s' if state.flares != 1 else ''} in the boat, not {burn}. Nothing has changed.")
    return Reading(ReadAs.MOVE, text=note, action=R.Signal(burn))


def _calls(
    state: State, message: str, text: str, held: R.Calls | None, tape: tuple[int, ...], note: str
) -> Reading:
    body = text  # any "let her drive" sentence is already dropped: it is neither an order nor a call
    new, clashes = parse_calls(body)
    new = R.Calls(new.issue, new.canvas, new.hands, state.day)
    words = _words_only(body)
    if not new.given() and not clashes:
        if "save" in words.split():
            why = "That is not a call or the save command. To keep the water in the breaker, call DRY; to save the game, say save on its own."
        elif "?" in text:
            why = (
                f"Water {state.water}, thirst {state.thirst}/7, westing {state.westing}/30; the LEDGER below has "
                "the rest, and the tape above has the fortnight. Nothing has changed."
            )
        else:
            why = "I could not read a call in that. Nothing has changed."
        return _ask(state, tape, held, " ".join(p for p in (note, why) if p))
    if _HEDGE.search(body) or body.rstrip().endswith("?"):
        why = "That reads as a thought, not an order; intentions are not actions, and nothing is called. Give the calls as orders."
        return _ask(state, tape, held, why)

    calls = held.merged(new) if held else new
    lines: list[str] = [note] if note else []
    for kind, options in clashes.items():
        lines.append(f"Two {kind} calls in one message ({' and '.join(options)}); which?")
        calls = R.Calls(
            calls.issue if kind != "issue" else (held.issue if held else None),
            calls.canvas if kind != "canvas" else (held.canvas if held else None),
            calls.hands if kind != "hands" else (held.hands if held else None),
            state.day,
        )
    bad = R.refusals(state, calls)
    for kind, reason in bad.items():
        lines.append(reason)
        calls = R.Calls(
            None if kind == "issue" else calls.issue,
            None if kind == "canvas" else calls.canvas,
            None if kind == "hands" else calls.hands,
            state.day,
        )
    for kind, reason in R.ignored(state, calls).items():
        lines.append(reason)
        calls = R.Calls(calls.issue, calls.canvas, None, state.day)
    if "save" in words.split():
        lines.append("The calls are taken as orders; say save on its own for the SAVE block.")
    gaps = R.missing(state, calls)
    if bad or clashes:
        lines.append("Nothing is read from the tape.")
    if gaps or clashes:
        return _ask(state, tape, calls if calls.given() else None, " ".join(lines))
    if bad:  # only a canvas call on a LOST canvas leaves nothing missing: confirm the rest
        lines.append(f"Run {', '.join(calls.given())} with the canvas as it lies? (yes/no)")
        return Reading(ReadAs.CONFIRM, text=" ".join(lines), action=calls)
    return Reading(ReadAs.MOVE, text=" ".join(lines), action=calls)

"""BECALMED: answers to a player's questions, from what the player may know.

The tape is public ("the whole fortnight is printed above and may be read before day one"), and
so is everything in the LEDGER. A what-if ("what if we row?") is worked by the same `rules.apply`
on a copy of the morning and thrown away: nothing is called, nothing is stored, and the boat's
tape position does not move. Nothing here reads a value the card keeps from the player, because
there is none.
"""

from __future__ import annotations

import re

from . import rules as R
from .state import BEACH, DAYS, DEAD, DOWN, LANE, NAMES, NANCE, S1, S2, SOULS, UP, State
from .voice import join, signed

# -- small words ----------------------------------------------------------------------------------

_NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
}  # fmt: skip


def _num(word: str) -> int | None:
    if word.isdigit() and len(word) <= 3:
        return int(word)
    return _NUMBER_WORDS.get(word)


def status_line(state: State) -> str:
    """The plain numbers; also the answer to a question nothing else answers."""
    return (
        f"Water {state.water}, thirst {state.thirst}/7, westing {state.westing}/30; the LEDGER below has "
        "the rest, and the tape above has the fortnight. Nothing has changed."
    )


# -- the tape ---------------------------------------------------------------------------------------


def tape_value(position: int, tape: tuple[int, ...]) -> str:
    """One position of the tape in the card's words: a dawn's sky or a dusk's sea."""
    value = tape[position - 1]
    day = (position + 1) // 2
    if position % 2:
        return f"tape {position} is {value}, day {day}'s dawn: {R.sky(value).name}"
    return f"tape {position} is {value}, day {day}'s dusk: {R.sea(value)}"


def tape_day(day: int, tape: tuple[int, ...]) -> str:
    return f"{tape_value(2 * day - 1, tape)}; {tape_value(2 * day, tape)}"


def _read_yet(state: State, position: int) -> str:
    return " (already read)" if position <= state.tape else ""


def answer_tape(state: State, words: list[str], tape: tuple[int, ...]) -> str | None:
    """"what's the weather tomorrow?", "what is tape 9?", "day 5?", "the whole forecast"."""
    text = " ".join(words)
    for k, w in enumerate(words):
        if w in ("tape", "position", "value", "pos") and k + 1 < len(words):
            nxt = words[k + 1] if words[k + 1] not in ("position", "value", "number", "no") else (words[k + 2] if k + 2 < len(words) else "")
            n = _num(nxt)
            if n is not None:
                if not 1 <= n <= 2 * DAYS:
                    return f"The tape has {2 * DAYS} values, two a day for fourteen days; there is no tape {n}."
                return _cap(tape_value(n, tape)) + _read_yet(state, n) + "."
    for k, w in enumerate(words):
        if w == "day" and k + 1 < len(words):
            n = _num(words[k + 1])
            if n is not None:
                if not 1 <= n <= DAYS:
                    return f"The voyage is fourteen days at the outside; there is no day {n} on the tape."
                return f"Day {n}: {tape_day(n, tape)}."
    wide = any(w in ("whole", "all", "entire", "every") for w in words) and any(
        w in ("tape", "forecast", "fortnight", "weather", "days") for w in words
    )
    if (wide or "forecast" in words or " the tape" in f" {text}") and not any(w in ("tomorrow", "tonight", "today") for w in words):
        days = "; ".join(f"day {d} {R.sky(tape[2 * d - 2]).name} / {R.sea(tape[2 * d - 1])}" for d in range(1, DAYS + 1))
        return f"The fortnight, dawn sky / dusk sea: {days}. Today is day {state.day}; {state.tape} values read."
    if "tomorrow" in words or "tomorrows" in words or "tomorrow's" in words or " after today" in f" {text}":
        if state.day >= DAYS:
            return "There is no tomorrow on this tape: day 14 is the last, and at its dawn the set swings north."
        return f"Tomorrow, day {state.day + 1}: {tape_day(state.day + 1, tape)}."
    if any(w in words for w in ("tonight", "tonight's", "dusk", "evening", "sea", "night")):
        pos = 2 * state.day
        return _cap(tape_value(pos, tape)) + _read_yet(state, pos) + "."
    if any(w in words for w in ("weather", "sky", "wind", "rain", "today", "today's", "calm", "storm", "dawn")):
        return f"Today, day {state.day}: {tape_day(state.day, tape)}."
    return None


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- the boat ---------------------------------------------------------------------------------------


def answer_crew(state: State) -> str:
    up = [_name(i) for i, c in enumerate(state.crew) if c == UP]
    down = [_name(i) for i, c in enumerate(state.crew) if c == DOWN]
    salt = [f"{_name(i)} ({'dies at the next dusk' if c == S1 else 'two dusks left'})" for i, c in enumerate(state.crew) if c in (S2, S1)]
    dead = [_name(i) for i, c in enumerate(state.crew) if c == DEAD]
    parts = [f"On their feet: {join(up)}.", f"Down: {join(down)}."]
    if salt:
        parts.append(f"Salt-poisoned: {join(salt)}.")
    if dead:
        parts.append(f"Dead: {join(dead)}.")
    nxt = state.next_on_feet()
    parts.append("Thirst takes them in one printed order: Pruett, Carrick, Ockle, Nance, you.")
    parts.append(
        f"Thirst {state.thirst}/7: at 5 or 6 the next soul on his feet goes down"
        + (f" ({_name(nxt)})" if nxt is not None else "")
        + "; at 7 the soul longest down dies first."
    )
    return " ".join(parts)


def _name(i: int) -> str:
    return NAMES[SOULS[i]]


def answer_days(state: State) -> str:
    left = DAYS - state.day
    return (
        f"Day {state.day} of {DAYS}: {left} more day{'s' if left != 1 else ''} after today. The fourteenth "
        f"dusk short of thirty leagues ends it, carried off."
    )


def answer_westing(state: State) -> str:
    lane = LANE
    where = (
        "in the lane, where the ships cross"
        if lane[0] <= state.westing <= lane[1]
        else ("east of the lane" if state.westing < lane[0] else "west of the lane, where no ship comes")
    )
    to_lane = f" The lane begins {lane[0] - state.westing} leagues on." if state.westing < lane[0] else ""
    return (
        f"Westing {state.westing}/{BEACH}: {BEACH - state.westing} leagues to the beach. The lane runs from "
        f"westing {lane[0]} to {lane[1]}; she is {where}.{to_lane}"
    ).replace("begins 1 leagues", "begins 1 league")


def answer_flares(state: State) -> str:
    return (
        f"{state.flares} flare{'s' if state.flares != 1 else ''}. A masthead light (an 18 at dusk, in the lane) "
        "needs both burnt together; a sail to windward (19–20) needs one."
    )


def answer_flags(state: State) -> str:
    flags = state.flag_list()
    parts = [f"Flags: {', '.join(flags) if flags else 'none'}."]
    if state.sharks:
        parts.append(f"SHARKS-{state.sharks}: no line goes over while it stands.")
    if state.seams:
        parts.append("SEAMS: she bleeds 2 measures a dusk until a whole day of BAIL closes her.")
    return " ".join(parts)


def answer_canvas(state: State) -> str:
    if state.canvas == "lost":
        who = "Nance is dead, and it stays gone" if state.crew[NANCE] == DEAD else "until Nance re-cuts it (MEND)"
        return f"The canvas is LOST, {who}; LOST counts as DOWN."
    return f"The canvas is {state.canvas.upper()}; today's canvas call is yours: SAIL, AWNING or DOWN."


def answer_score(state: State) -> str:
    n, w = state.souls(), state.westing
    return (
        f"Souls count, distance breaks the tie: landfall 14 × souls + 30; taken off 14 × souls + westing; "
        f"carried off 5 × souls + westing ÷ 4; given over or an empty boat 0. With {n} souls and westing {w} now: "
        f"landfall {min(100, 14 * n + 30)}, taken off {min(100, 14 * n + w)}, carried off {5 * n} + {w // 4} = {5 * n + w // 4}, "
        "given over 0."
    )


HELP = (
    "Each morning, after the dawn sky, give the three calls: the issue (FULL, SHORT or DRY), the canvas "
    "(SAIL, AWNING or DOWN) and the hands (ROW, FISH, BAIL, MEND or WATCH) — for instance \"short, sail, "
    "row\" or \"full ration, rig the awning, bail\". At a turtle, take her or leave her; at a ship, burn "
    "the flares or let her go. Ask about the tape, the water, the crew, or \"what if we row?\". Say "
    "\"save\" to bank the voyage, or \"let her drive\" to end it where it stands."
)

SAVE_HOW = (
    "Say \"save\" between the calls for the SAVE block. To resume, paste it as the first message of a new run "
    "(cardgm play becalmed), or keep it in a file and run cardgm play becalmed --resume FILE."
)

_TOPICS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("save", ("save", "saving", "resume", "resuming", "load", "continue later")),
    ("help", ("help", "commands", "instructions", "how do i play", "how to play", "what can i say", "what do i do")),
    ("crew", ("crew", "who", "what order", "thirst take", "printed order",
              "who's", "whos", "down", "dead", "alive", "sick", "nance", "carrick", "pruett", "ockle",
              "everyone", "everybody", "anyone", "men", "souls", "hands ok", "salt")),
    ("days", ("day", "days", "fortnight", "how long", "time left")),
    ("westing", ("westing", "far", "distance", "coast", "land", "beach", "leagues", "where are we", "lane", "progress")),
    ("flares", ("flare", "flares")),
    ("flags", ("flags", "sharks", "shark", "seams", "leak", "leaking")),
    ("canvas", ("canvas", "sail up", "awning up", "is the sail")),
    ("score", ("score", "scoring", "points")),
    ("water", ("water", "breaker", "measures", "thirst", "thirsty", "drink", "ration", "rations")),
)


# The card's sky and sea lines and its flags, for "what is a dead calm", "what does heavy dew do".
TERMS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("turtle",), "A GREEN TURTLE (a 17 at dusk): the player's call; take her for +6 measures and set BUTCHERING, which "
     "spends tomorrow's hands, no hands call asked, and clears at that dusk; or refuse and lose nothing."),
    (("butchering", "butcher"), "BUTCHERING: set when the turtle is taken; it spends tomorrow's hands (no hands call is asked) and clears at that dusk."),
    (("heavy dew", "dew"), "HEAVY DEW (1–3 at dusk): +3 measures if the awning was spread today; without it, nothing."),
    (("seams",), "THE SEAMS WORK (4–6 at dusk): set SEAMS; from the next dusk she bleeds 2 measures a dusk until a whole day of BAIL closes her."),
    (("sharks", "shark"), "SHARKS (7–9 at dusk): today's fish is torn off the line and no line goes over for three days "
     "(SHARKS-3, counted down each dusk); a man who goes over while it stands does not come back."),
    (("swell",), "A SWELL FROM THE SOUTH-WEST (10–11 at dusk): nobody sleeps, +1 thirst unless the hands WATCHED."),
    (("birds",), "BIRDS TO THE WESTWARD (12–13 at dusk): +1 league."),
    (("empty sea",), "AN EMPTY SEA (14–15 at dusk): nothing crosses."),
    (("flotsam",), "FLOTSAM (16 at dusk): a small breaker off the Hesper's deck, a third full: +6 measures."),
    (("dead calm", "calm"), "DEAD CALM (1–4 at dawn): Sail +0, sun +2; FISH brings +5 measures."),
    (("light airs",), "LIGHT AIRS (5–8 at dawn): Sail +1, sun +1."),
    (("steady breeze", "breeze"), "STEADY BREEZE (9–12 at dawn): Sail +3, sun +1."),
    (("overcast",), "OVERCAST (13–15 at dawn): Sail +2, no sun; an awning catches +5."),
    (("rain squalls", "squalls", "squall"), "RAIN SQUALLS (16–18 at dawn): Sail +3, no sun; an awning catches +10."),
    (("hard weather", "gale", "storm"), "HARD WEATHER (19–20 at dawn): no sail number, no sun, +1 thirst; "
     "the day's westing is HARD WEATHER's line and nothing else."),
)
_DEFINING = frozenset("what what's whats how explain mean means does do define get gets".split())
_TIMES = frozenset("today today's tomorrow tomorrows tomorrow's tonight tonight's day tape position forecast when next".split())


def answer_term(state: State, words: list[str]) -> str | None:
    """"what is a dead calm", "what does heavy dew do", "what do we get from a turtle": the card's
    line for a sky, a sea or a flag, with the flag's count where it stands now."""
    if any(w in _TIMES for w in words) or "any" in words or not any(w in _DEFINING for w in words):
        return None  # "any sharks?" asks about now (the flags), not what SHARKS means
    text = " " + " ".join(words) + " "
    for keys, line in TERMS:
        if any(f" {k} " in text for k in keys):
            if keys[0] == "sharks" and state.sharks:
                return f"{line} Now: SHARKS-{state.sharks}."
            return line
    return None


def answer(state: State, words: list[str], tape: tuple[int, ...]) -> str | None:
    """The answer to one question sentence, or None when it is none of these."""
    text = " " + " ".join(words) + " "
    term = answer_term(state, words)
    if term is not None:
        return term
    tape_answer = answer_tape(state, words, tape)
    if tape_answer is not None and not re.search(r" (?:days left|what day|how many days) ", text):
        return tape_answer
    for topic, keys in _TOPICS:
        if any(f" {k} " in text for k in keys):
            if topic == "help":
                return HELP
            if topic == "save":
                return SAVE_HOW
            if topic == "crew":
                return answer_crew(state)
            if topic == "days":
                return answer_days(state)
            if topic == "westing":
                return answer_westing(state)
            if topic == "flares":
                return answer_flares(state)
            if topic == "flags":
                return answer_flags(state)
            if topic == "canvas":
                return answer_canvas(state)
            if topic == "score":
                return answer_score(state)
            return status_line(state)
    return None


# -- what-ifs ----------------------------------------------------------------------------------------


def what_if(state: State, calls: R.Calls, tape: tuple[int, ...]) -> str:
    """What the named calls would do today, worked by the rules on a copy; nothing is called."""
    calls = R.Calls(calls.issue, calls.canvas, calls.hands, state.day)
    if state.canvas == "lost" and calls.canvas == "DOWN":
        calls = R.Calls(calls.issue, None, calls.hands, state.day)
    bad = R.refusals(state, calls)
    if bad:
        return "If " + ", ".join(calls.given()) + ": " + " ".join(bad.values()) + " Nothing is called."
    if not R.missing(state, calls):
        return _whole_day(state, calls, tape)
    return _parts(state, calls, tape)


def _whole_day(state: State, calls: R.Calls, tape: tuple[int, ...]) -> str:
    after, events = R.apply(state, calls, tape)
    bits: list[str] = []
    for ev in events:
        if isinstance(ev, R.Poured):
            bits.append(f"{ev.issue} pours {ev.measures}, leaving {ev.water}" if ev.measures else f"{ev.issue} pours nothing")
        elif isinstance(ev, R.CarriedAway):
            bits.append("the canvas is carried away, LOST")
        elif isinstance(ev, R.Westing):
            bits.append(f"she makes {ev.gain} league{'s' if ev.gain != 1 else ''}, westing {ev.westing}/30")
        elif isinstance(ev, R.SeaRead):
            bits.append(f"dusk, tape {ev.position}: {ev.value}, {ev.name}")
        elif isinstance(ev, R.Water) and ev.amount:
            bits.append(f"{ev.item} {signed(ev.amount)}, water {ev.water}")
        elif isinstance(ev, R.Torn):
            bits.append("the sharks tear the fish off the line")
        elif isinstance(ev, R.Birds):
            bits.append(f"birds, westing {ev.westing}/30")
        elif isinstance(ev, R.Thirst):
            bits.append(f"thirst {ev.before} → {ev.after}/7")
        elif isinstance(ev, R.GoesDown):
            bits.append(f"{NAMES[ev.soul]} goes down")
        elif isinstance(ev, R.Dies):
            bits.append(f"{NAMES[ev.soul]} dies")
        elif isinstance(ev, R.Salt):
            bits.append(f"{NAMES[ev.soul]} " + ("dies of the salt" if ev.to == DEAD else "has one dusk left"))
        elif isinstance(ev, R.OverSide):
            bits.append(f"{NAMES[ev.soul]} goes over the side" + (" and is lost" if ev.lost else ""))
        elif isinstance(ev, R.Raised):
            bits.append(f"{NAMES[ev.soul]} is on his feet by morning".replace("Nance is on his", "Nance is on her").replace("you is on his", "you are on your"))
        elif isinstance(ev, R.Mended):
            bits.append("the canvas is bent again by dawn")
        elif isinstance(ev, R.Flag) and ev.action in ("set", "closed"):
            bits.append(f"{ev.flag} {ev.action}")
        elif isinstance(ev, R.Asked):
            bits.append("the dusk stops to ask you about the " + ("turtle" if ev.question == "turtle" else "ship"))
            break
        elif isinstance(ev, R.Ended):
            bits.append(f"end:{ev.end}")
    return f"If {', '.join(calls.given())} today: " + "; ".join(bits) + ". Nothing is called."


def _parts(state: State, calls: R.Calls, tape: tuple[int, ...]) -> str:
    """A call given alone: what it does today, from the card's lines and today's tape."""
    sky_value = tape[2 * state.day - 2]
    sea_value = tape[2 * state.day - 1]
    sky = R.sky(sky_value)
    hard = R.hard(sky_value)
    out: list[str] = []
    if calls.issue:
        called = calls.issue
        pours = called
        if pours == "FULL" and state.water < 4:
            pours = "SHORT"
        if pours == "SHORT" and state.water == 0:
            pours = "DRY"
        measures = min({"FULL": 4, "SHORT": 2, "DRY": 0}[pours], state.water)
        relief = {"FULL": 2, "SHORT": 1, "DRY": 0}[pours]
        fell = f" (it falls to {pours} on {state.water})" if pours != called else ""
        out.append(f"{called}{fell} pours {measures} of the {state.water} in the breaker and takes {relief} off tonight's thirst")
    if calls.canvas:
        c = calls.canvas
        if hard:
            out.append({"SAIL": "SAIL in this weather runs +5 leagues but the canvas is LOST and 4 measures spoiled",
                        "AWNING": "AWNING in this weather makes no way, loses the canvas and 4 measures",
                        "DOWN": "DOWN rides it out for +1 league, and loses 4 measures unless the hands BAIL"}[c])  # fmt: skip
        elif c == "SAIL":
            out.append(f"SAIL makes the set +1 and sail {signed(sky.sail or 0)} on a {sky.name}, and the sun line {signed(sky.sun)} thirst stands")
        elif c == "AWNING":
            catch = f", catches {signed(sky.catch)} measures" if sky.catch else ""
            dew = ", and the dew tonight gives +3" if R.sea(sea_value) == "HEAVY DEW" else ""
            out.append(f"AWNING makes no way at all (no set){catch}, cancels the sun line{dew}")
        else:
            out.append(f"DOWN makes the set +1, and the sun line {signed(sky.sun)} thirst stands")
    if calls.hands:
        h = calls.hands
        tonight = R.sea(sea_value)
        if h == "ROW":
            out.append(f"ROW adds +1 league and +1 thirst; it needs three on their feet ({len(state.on_feet())} are)")
        elif h == "FISH":
            fished = 5 if sky_value <= 4 else 2
            torn = "; tonight's sea is SHARKS, which tears it off the line" if tonight == "SHARKS" else ""
            out.append(f"FISH brings +{fished} measures on a {sky.name}{torn}")
        elif h == "BAIL":
            seams = "closes the seams tonight" if state.seams else "has no worked seams to close"
            gale = "; with the canvas DOWN it keeps her dry in this weather" if hard else ""
            out.append(f"BAIL {seams}{gale}")
        elif h == "MEND":
            out.append("MEND: a day of Nance's hands and the canvas is bent again by dawn")
        elif h == "WATCH":
            swell = "cancels tonight's swell (+1 thirst)" if tonight == "A SWELL FROM THE SOUTH-WEST" else "stops a man going over the side tonight"
            raise_ = "; with thirst 3 or lower it puts the soul longest down back on his feet" if DOWN in state.crew else ""
            out.append(f"WATCH {swell}{raise_}")
    missing = [k for k in R.needs(state) if not getattr(calls, k)]
    tail = f" Name the {' and the '.join(missing)} too, and the whole day is worked out." if missing else ""
    return "Today, " + "; ".join(out) + "." + tail + " Nothing is called."


# -- what a call does, by the card's own lines --------------------------------------------------------

CALL_RULES = {
    "FULL": "FULL pours 4 measures and takes 2 off the day's thirst; too low for FULL and it falls to SHORT.",
    "SHORT": "SHORT pours 2 measures and takes 1 off the day's thirst; with one measure left it pours that and still counts.",
    "DRY": "DRY pours nothing and eases nothing; the breaker stays shut.",
    "SAIL": (
        "SAIL: she drives, the set +1 and the sky's sail number; in hard weather she runs +5 leagues under a scrap, "
        "and the canvas is LOST and 4 measures spoiled."
    ),
    "AWNING": (
        "AWNING: shade and a rain-catch (+5 under OVERCAST, +10 in RAIN SQUALLS, +3 on a HEAVY DEW), and it cancels the "
        "sun line; but the drogue goes out and she makes no way at all, not even the set, and the hands can only BAIL, "
        "MEND or WATCH."
    ),
    "DOWN": "DOWN: the canvas stowed; she makes the set, +1, and the sun line stands. FISH needs the canvas DOWN or LOST.",
    "ROW": "ROW: +1 league and +1 thirst; it needs three souls on their feet, and never under the awning.",
    "FISH": (
        "FISH: with the canvas DOWN or LOST only, never while SHARKS stands; +5 measures on a DEAD CALM, +2 under any "
        "other sky, and a SHARKS dusk tears the day's fish off the line."
    ),
    "BAIL": "BAIL: closes worked SEAMS (tonight's bleed is cancelled) and keeps her dry in a gale with the canvas DOWN.",
    "MEND": "MEND: Nance only, on her feet, with the canvas LOST only: a day of her hands and it is bent again by dawn.",
    "WATCH": (
        "WATCH: somebody sits up all night; it cancels the swell's +1 thirst, stops a man going over the side tonight, and "
        "is the only thing that puts a soul back on his feet (one, at thirst 3 or lower)."
    ),
}


def call_rules(state: State, call: str, tape: tuple[int, ...]) -> str:
    """"what does bail do?": the card's line for the call, then what it would do today."""
    kind = "issue" if call in ("FULL", "SHORT", "DRY") else "canvas" if call in ("SAIL", "AWNING", "DOWN") else "hands"
    today = ""
    if state.phase == "calls" and kind in R.needs(state):
        calls = R.Calls(**{k: (call if k == kind else None) for k in ("issue", "canvas", "hands")}, day=state.day)
        bad = R.refusals(state, calls)
        today = (" Today: " + " ".join(bad.values())) if bad else " " + _parts(state, calls, tape).replace(" Nothing is called.", "")
        today = today.split(" Name the ")[0].rstrip(".") + "."
    return f"{CALL_RULES[call]}{today} Nothing is called."


def can_we(state: State, calls: R.Calls, tape: tuple[int, ...]) -> str:
    """"can we fish with the awning up?", "can nance mend the sail?": yes or no by the card's rules
    for those calls this morning, with the reason; nothing is called."""
    calls = R.Calls(calls.issue, calls.canvas, calls.hands, state.day)
    bad = R.refusals(state, calls)
    named = ", ".join(calls.given())
    if bad:
        return f"No: {' '.join(bad.values())} Nothing is called."
    rules = " ".join(CALL_RULES[c] for c in calls.given()[-1:])
    return f"Yes, {named} is allowed this morning. {rules} Nothing is called."


def give_up(state: State) -> str:
    """"should I give up?", "if i give up now what do i score": the card's words, and the sum."""
    return (
        "That is your call, not mine: say \"let her drive\" and the voyage ends where it stands, given over, "
        f"and a voyage given over scores 0. Carried to the end it scores by souls ({state.souls()} now) and westing "
        f"({state.westing}/30). Nothing has changed."
    )

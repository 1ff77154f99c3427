"""DROVER'S AUTUMN: answers to questions on the tape, the tables and the numbers, and what-ifs.

HARD RULE 5: "Answer questions on the tape, tables and numbers, and a what-if for one named order,
exactly." The reader decides WHEN a message is a question; these functions compute the answer
from the card and the state. A what-if runs the same `rules.apply` on the morning and throws the
result away: nothing is stored, no value is read for the drove.
"""

from __future__ import annotations

import re
from typing import Any

from cardgm.games.cattle_trail import rules
from cardgm.games.cattle_trail.actions import LANDMARKS
from cardgm.games.cattle_trail.events import Banded, DayRead, Ended, Marched, Moved
from cardgm.games.cattle_trail.state import FINAL_DAY, LAST_DAY, Drove
from cardgm.games.cattle_trail.voice import FIELD_NAMES, LEG_NAMES, TIPS, signed

LOST_BEASTS = "They are not seen again on this road."
ORDERS_ARE_YOURS = "The orders are yours."

# THE ROAD and THE CROSSINGS, in the card's words, for "what is on the moss?" and the like.
TABLE_TEXT = {
    "island": (
        "THE ISLAND ROAD 0→12. The first day is the hardest on them. BAD HEAD −2, two heifers break back for home · HARD FLESH −1 · GOOD MEAL +1, a "
        "neighbour's gift."
    ),
    "shore": "THE SHORE ROAD 13→33. BAD WEAR +2, a fall · HARD FLESH −1, salt grass · GOOD WEAR −1, a dry barn.",
    "glen": "THE GLEN 33→57. BAD HEAD −2, two lost up a side glen · HARD FLESH −1, grass grazed bare · GOOD MEAL +2, a farm's milk and meal.",
    "pass": "THE PASS 58→90. BAD HEAD −2, WEAR +1, mist · HARD WEAR +1, sleet · GOOD WEAR −1, a dry hut.",
    "moss": "THE MOSS 90→118. BAD HEAD −3, WEAR +1, mired · HARD HEAD −1 · GOOD MEAL +2, a farm shares a meal.",
    "strath": "THE STRATH 119→143. BAD Bran runs off home; with no dog, HEAD −2 · HARD FLESH −1 · GOOD WEAR −1, a barn.",
    "lowroad": "THE LOW ROAD 143→179. A hard made road. BAD FLESH −2, −1 if SHOD · HARD FLESH −1, nothing if SHOD · GOOD MEAL +1.",
    "kyle": (
        "THE KYLE — ONE BOAT 2 silver: the value as it stands. TWO BOATS 4 silver: +4. No SPATE at sea. BAD HEAD −4, WEAR +1, a string breaks · HARD "
        "HEAD −1. FAIR and GOOD do nothing."
    ),
    "ford": (
        "THE FORD — FORD: −3 per SPATE as the Ledger stood at dawn. BAD HEAD −6, MEAL −2, WEAR +1, a string swept off · HARD HEAD −1, MEAL −1. FAIR "
        "and GOOD do nothing."
    ),
    "bridge": (
        "THE BRIDGE — TOLL, 1 silver per 10 head or part: cross, then march the strath from mile 119 at the pace named, or REST at 119. FORD it: the "
        "ford's rules, a further −2, and the day ends at 119. No part toll, no credit."
    ),
    "bands": "Raw + shift, clamped 1–20: 1–4 BAD, 5–9 HARD, 10–15 FAIR, 16–20 GOOD. SKY from the raw value: 1–2 STORM, 3–5 RAIN, 6–20 FAIR.",
    "stores": (
        "STORES — MEAL (any store) 1 silver each, as far as the bag and silver go. ROOF (any store, as that day's REST) 2 silver: WEAR −2 instead of "
        "−1, and a STORM does not touch you. SHOE (Smiddy) 1 silver per 10 head or part, once. HIRE (Smiddy, Town) 4 silver. SELL (Smiddy, Town) 3 "
        "silver a beast. TRADE n (Smiddy, Town): SELL n, then MEAL 3n as far as the bag goes. PARK (Town, as that day's REST) 3 silver: FLESH +2 "
        "instead of +1. PARK and ROOF together: 5 silver. No credit."
    ),
}
# THE DAY, step 5, for "does rain raise the spate?".
SKY_TEXT = "Sky, each day: STORM WEAR +1 unless under a roof; STORM or RAIN SPATE +1; FAIR SPATE −1. SKY from the raw value: 1–2 STORM, 3–5 RAIN, 6–20 FAIR."
_TABLE_WORDS = {
    "island": ("island",),
    "shore": ("shore",),
    "glen": ("glen",),
    "pass": ("pass",),
    "moss": ("moss", "bog"),
    "strath": ("strath",),
    "lowroad": ("low road", "lowroad"),
    "kyle": ("kyle", "boat", "boats", "sea"),
    "ford": ("ford",),
    "bridge": ("bridge", "toll"),
    "bands": ("band", "bands", "sky"),
    "stores": ("store", "stores", "price", "prices", "cost", "costs"),
}
_NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "twenty-one": 21,
}  # fmt: skip


def answer_tape(game: Any, state: Drove, day: int | None = None) -> str:
    """A day's value and sky (reading ahead is allowed), or the whole autumn."""
    tape = game.card.tape
    if day is None:
        values = " ".join(str(v) for v in tape[:FINAL_DAY])
        return (
            f"The tape, day 1 to day {FINAL_DAY}: {values}. One value a day: day n reads value n, whatever "
            f"is done that day. {state.tape} read so far; today is day {state.day}."
        )
    if not 1 <= day <= FINAL_DAY:
        return f"The drove has days 1 to {FINAL_DAY}; day {day} is never read."
    raw = tape[day - 1]
    read = " (already read)" if day <= state.tape else ""
    return f"Day {day} reads {raw}{read}: sky {rules.sky(raw)}."


def answer_table(name: str) -> str:
    """The card's own line for a leg, a crossing, the bands or the stores."""
    return TABLE_TEXT[name]


def answer_numbers(state: Drove) -> str:
    """Where the drove stands and what it needs, from the state."""
    mile, name = rules.next_landmark(state.mile) if state.mile < 179 else (179, "the tryst ground")
    need = rules.crew_needed(state.head)
    parts = [
        f"Day {state.day} of {LAST_DAY}, mile {state.mile} of 179; {name} is {mile - state.mile} miles on.",
        f"HEAD {state.head}, FLESH {state.flesh} of 6, MEAL {state.meal} (the bag holds 12), SILVER {state.silver}, "
        f"WEAR {state.wear} of 5, SPATE {state.spate} of 3 (the rivers {rules.river(state.spate)}).",
        f"On their feet: {', '.join(state.crew)}; the herd needs {need}.",
        f"The toll at the bridge is {rules.toll(state)} silver at this head.",
        f"Sold now at this head and flesh, HEAD × (FLESH + 4) ÷ 6 would be {state.head * (state.flesh + 4) // 6}"
        + (f", −10 for each of {len(state.laid)} laid up" if state.laid else "")
        + ".",
    ]
    return " ".join(parts)


# The numbers a player asks for by name ("what's my silver?", "how much meal", "what day is it"),
# each answered from the Ledger in the card's words (HARD RULE 5: "Answer questions on … numbers").
_FIELD_ASKS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("day", re.compile(r"\b(?:what|which) day\b|\bday is it\b|\bhow many days\b|\bdays? (?:left|remain\w*|to go)\b|\bdate\b")),
    ("herd", re.compile(r"\bhow(?:'s| is| are| do(?:es)?) (?:the |our )?(?:herd|beasts|cattle|cows|drove)\b")),
    ("head", re.compile(r"\b(?:head|cattle|beasts?|cows?)\b|\bhow (?:many|big)\b.{0,20}\bherd\b|\bherd size\b")),
    ("flesh", re.compile(r"\b(?:flesh|condition)\b")),
    ("meal", re.compile(r"\b(?:meal|oatmeal|oats|food|bag)\b")),
    ("silver", re.compile(r"\b(?:silver|money|cash|coins?|funds)\b")),
    ("wear", re.compile(r"\b(?:wear|weary|tired)\b")),
    ("spate", re.compile(r"\b(?:spate|rivers?|flood\w*)\b")),
    ("shod", re.compile(r"\b(?:shod|shoes?|shoed|shoeing)\b")),
    ("laid", re.compile(r"\b(?:laid(?: up)?|sick|hurt|ill|mending)\b")),
)


def answer_fields(state: Drove, low: str) -> str:
    """The numbers named in a question, in one line, from the state; "" when none is named."""
    said: list[str] = []
    for name, pattern in _FIELD_ASKS:
        if not pattern.search(low) or (name == "head" and said and said[-1].startswith("HEAD")):
            continue
        if name == "herd":
            said.append(f"HEAD {state.head}, FLESH {state.flesh} of 6.")
        elif name == "day":
            left = LAST_DAY - state.day
            said.append(
                f"Day {state.day} of {LAST_DAY}" + (f", {left} more after today" if left > 0 else "") + "; day 21 still sells, one FLESH down."
            )
        elif name == "head":
            said.append(f"HEAD {state.head}.")
        elif name == "flesh":
            said.append(f"FLESH {state.flesh} of 6.")
        elif name == "meal":
            said.append(f"MEAL {state.meal} (the bag holds 12; the party eats 1 a day).")
        elif name == "silver":
            said.append(f"SILVER {state.silver}.")
        elif name == "wear":
            said.append(f"WEAR {state.wear} of 5; at 5 the first hand on their feet is laid up.")
        elif name == "spate":
            said.append(f"SPATE {state.spate} of 3: the rivers are {rules.river(state.spate)}.")
        elif name == "shod":
            said.append("SHOD: yes, to the tryst." if state.shod else "SHOD: no.")
        elif name == "laid":
            said.append(f"Laid up: {', '.join(state.laid)}." if state.laid else "Laid up: nobody.")
    return " ".join(said)


def advice(game: Any, state: Drove) -> str:
    """ "What should we do?": the orders are yours, the TIPS and the choices; never a plan."""
    orders = rules.legal_orders(state)
    business = rules.legal_business(state)
    choices = f"Today's orders: {', '.join(orders)}."
    if business:
        choices += f" Business here: {', '.join(business)}."
    return f"{ORDERS_ARE_YOURS} {TIPS} {choices}"


def what_if(game: Any, state: Drove, action: Any) -> str:
    """What one order would do this morning, worked by the same rules; nothing is kept."""
    why = rules.refusal(state, action)
    if why is not None:
        return why
    after, events = game.apply(state, action)  # the game's own rulings, as play runs it
    parts: list[str] = []
    for e in events:
        if isinstance(e, DayRead):
            parts.append(f"day {e.day} reads {e.raw}, {e.sky}")
        elif isinstance(e, Marched):
            parts.append(f"mile {e.start} to {e.stop}")
        elif isinstance(e, Banded):
            parts.append(f"{e.raw} {signed(e.shift) if e.shift else '+ 0'} = {e.adjusted}, {e.band} on {LEG_NAMES[e.table]}")
        elif isinstance(e, Moved) and e.before != e.after:
            parts.append(f"{FIELD_NAMES[e.field]} {e.before} to {e.after} ({e.why})")
        elif isinstance(e, Ended):
            parts.append(f"end:{e.end}" + (f", score {e.score}" if e.end == "sold" else ""))
    return "; ".join(parts) + "."


def _day_asked(state: Drove, low: str) -> int | None:
    if "tomorrow" in low:
        return state.day + 1
    if "today" in low:
        return state.day
    if "yesterday" in low:
        return state.day - 1
    m = re.search(r"\bday\s+(\d{1,2})\b", low) or re.search(r"\bday\s+(" + "|".join(_NUMBER_WORDS) + r")\b", low)
    if m:
        return int(m.group(1)) if m.group(1).isdigit() else _NUMBER_WORDS[m.group(1)]
    return None


def answer(game: Any, state: Drove, message: str) -> str:
    """The answer to a question the reader found in `message`, or "" if it is not one of these."""
    low = message.lower()
    if re.search(r"\b(lost|missing|gone|strayed|drowned)\b", low) and re.search(r"\b(beasts?|cattle|cows?|heifers?|head)\b", low):
        return LOST_BEASTS
    if re.search(r"\b(?:0|zero|no) (?:head|beasts|cattle)\b|\bhead (?:0|zero)\b|\b(?:lose|lost) (?:all|every)\b", low):
        return "HEAD 0: end:scattered, no beasts left; every ending but a sale scores 0."
    if re.search(r"\bwear (?:5|five)\b|\b(?:5|five) wear\b", low):
        return (
            "At WEAR 5 the first hand on their feet is laid up and WEAR falls to 3: taken in at a farm to mend, and −10 to the "
            "score for each hand laid up. At WEAR 5 with no hand on their feet: end:laid-up."
        )
    if re.search(r"\b(?:day 21|late|miss(?:ed)? the tryst|too late)\b", low):
        return "On the tryst ground at dusk on day 20 or 21, the herd sells; sold on day 21, FLESH counts one less. Not on it at dusk on day 21: end:missed."
    for name in (*state.laid, *(c for c in state.crew if c not in ("you", "Bran"))):
        if re.search(rf"\b{name.lower()}\b", low):
            if name in state.laid:  # THE PARTY's own words; a hand laid up does not come back (ruling 9)
                return f"{name} is taken in at a farm to mend and will follow home. On their feet: {', '.join(state.crew)}."
            return f"{name} is with the drove. On their feet: {', '.join(state.crew)}; laid up: {', '.join(state.laid) or 'nobody'}."
    if re.search(r"\b(bran|dog)\b", low) and re.search(r"\b(lost|lose|run|runs|ran|leave|leaves|gone|home|off)\b", low):
        return TABLE_TEXT["strath"]  # the dog leaves only on the strath's BAD
    if re.search(r"\b(bran|dog)\b", low):
        if state.bran:
            return f"Bran is with the drove, and is never laid up. On their feet: {', '.join(state.crew)}."
        return f"Bran has run off home. On their feet: {', '.join(state.crew)}; with no dog, a BAD on the strath is HEAD −2."
    if re.search(r"\bstray\w*", low):
        return answer_crew_need(state)  # STRAYS: 1 beast strays for each one short of the crew the herd needs
    if re.search(r"\bwalking\b|\bon (?:their|his|her|our) feet\b|\bwho(?:'s| is) (?:left|with us|still)\b", low):
        laid = f" Laid up: {', '.join(state.laid)}." if state.laid else ""
        return f"On their feet: {', '.join(state.crew)}.{laid}"
    if re.search(r"\bsea\b", low):
        return TABLE_TEXT["kyle"]  # "No SPATE at sea"
    if re.search(r"\b(rain|rains|storm|storms|fair)\b", low) and re.search(r"\b(spate|rivers?|wear)\b", low):
        return SKY_TEXT
    if re.search(r"\b(tape|value|values|roll|dice|die|d20|sky|weather)\b", low) or re.search(r"\bday\s+\w+\s+reads?\b|\breads?\b.{0,20}\bday\b", low):
        day = _day_asked(state, low)
        return answer_tape(game, state, day)
    for name, words in _TABLE_WORDS.items():
        if any(re.search(r"\b" + re.escape(w) + r"\b", low) for w in words):
            if name == "bridge" and "toll" in low and re.search(r"\b(how much|what)\b", low):
                return f"The toll is {rules.toll(state)} silver at HEAD {state.head}: 1 silver per 10 head or part. You have {state.silver}."
            return answer_table(name)
    if re.search(r"\b(how far|miles?|distance|where)\b", low):
        if state.mile >= 179:
            return "The drove is on the tryst ground."
        mile, name = rules.next_landmark(state.mile)
        return (
            f"You are at mile {state.mile}. {name[0].upper()}{name[1:]} is {mile - state.mile} miles on, at mile {mile}; "
            f"the tryst ground is {179 - state.mile} miles on."
        )
    fields = answer_fields(state, low)
    if fields:
        return fields
    if re.search(r"\b(score|numbers|status|how many|stand|ledger)\b", low):
        return answer_numbers(state)
    if re.search(r"\b(crew|hands?|bran|dog)\b", low):
        need = rules.crew_needed(state.head)
        laid = f" Laid up: {', '.join(state.laid)}." if state.laid else ""
        return f"On their feet: {', '.join(state.crew)} ({len(state.crew)}); the herd needs one per 20 head or part, {need} for {state.head}.{laid}"
    return ""


__all__ = ["answer", "answer_tape", "answer_table", "answer_numbers", "answer_fields", "advice", "what_if", "LOST_BEASTS", "LANDMARKS"]


# -- the questions a player asks at the fire (issue 22): places, prices, words, giving up ------------

GLOSSARY = {
    "tryst": "a cattle market agreed between buyers and sellers",
    "drove": "a herd driven to market",
    "township": "a farming community sharing hill grazing",
    "meal": "oatmeal",
    "park": "an enclosed field",
    "heifer": "a young cow not yet calved",
    "kyle": "a narrow channel of sea",
    "strath": "a wide, flat river valley",
    "moss": "a bog",
    "spate": "a flood, a river's sudden rise",
    "falkirk": "a town in central Scotland",
}
_PLACE_WORDS: dict[str, int] = {
    "township": 0, "kyle": 12, "inn": 33, "ford": 57, "smiddy": 90, "smithy": 90, "bridge": 118,
    "town": 143, "tryst": 179, "falkirk": 179, "end": 179,
}  # fmt: skip
_PLACE_NAMES = {0: "the township", 12: "the Kyle", 33: "the inn", 57: "the ford", 90: "the Smiddy", 118: "the bridge", 143: "the town", 179: "the tryst ground"}


def answer_glossary(low: str) -> str:
    """"whats a tryst": the card's GLOSSARY, which rule 9 says to explain its words by."""
    for word, meaning in GLOSSARY.items():
        if re.search(rf"\b{word}s?\b", low):
            return f"{word[0].upper()}{word[1:]}: {meaning}."
    return ""


def answer_distance(state: Drove, low: str) -> str:
    """"how far to the ford?": the miles from here to the place named (or the next landmark)."""
    named = [m for w, m in _PLACE_WORDS.items() if re.search(rf"\b{w}\b", low)]
    if not named:
        return ""
    mile = named[0]
    name = _PLACE_NAMES[mile]
    if mile == state.mile:
        return f"You are at {name}, mile {mile}."
    if mile < state.mile:
        return f"{name[0].upper()}{name[1:]} is behind you, at mile {mile}; you are at mile {state.mile}."
    return f"{name[0].upper()}{name[1:]} is {mile - state.mile} miles on, at mile {mile}; you are at mile {state.mile} of 179."


def answer_prices(state: Drove, kinds: set[str], low: str) -> str:
    """"how much do we get for selling a beast", "whats the toll at the bridge", "how much is meal
    here": the card's price, in silver, for this herd, with the silver in hand."""
    said: list[str] = []
    toll = rules.toll(state)
    if "TOLL" in kinds or re.search(r"\btoll\b", low):
        said.append(f"The toll is {toll} silver at HEAD {state.head}: 1 silver per 10 head or part, at the bridge; no part toll, no credit.")
    if "SELL" in kinds or "TRADE" in kinds or re.search(r"\bsell\w*\b", low):
        said.append("SELL is 3 silver a beast, at the Smiddy and the town; TRADE n sells n and buys MEAL 3n as far as the bag goes.")
    if "MEAL" in kinds or re.search(r"\b(?:meal|oats|oatmeal|food)\b", low):
        said.append(f"MEAL is 1 silver each at any store, as far as the bag (room for {12 - state.meal}) and the silver go.")
    if "ROOF" in kinds or re.search(r"\b(?:roof|room|bed)\b", low):
        said.append("ROOF is 2 silver at any store, as that day's REST: WEAR −2 instead of −1, and a STORM does not touch you.")
    if "PARK" in kinds or re.search(r"\bpark\b", low):
        said.append("PARK is 3 silver at the town, as that day's REST: FLESH +2 instead of +1; PARK and ROOF together 5.")
    if "SHOE" in kinds or re.search(r"\b(?:shoe|shoes|shod|shoeing)\b", low):
        said.append(
            f"SHOE is 1 silver per 10 head or part at the Smiddy, once: {toll} silver for {state.head} head; SHOD to the tryst: "
            "on the low road BAD is FLESH −1, not −2, and HARD nothing."
        )
    if "HIRE" in kinds or re.search(r"\bhire\w*\b", low):
        said.append("HIRE is 4 silver at the Smiddy or the town: Hector, then Morag.")
    if not said and re.search(r"\bcross\w*\b", low) and state.mile in (57, 118):
        said.append(
            f"The toll is {toll} silver at HEAD {state.head}: 1 silver per 10 head or part; FORD it costs no silver."
            if state.mile == 118
            else "The ford costs no silver: FORD reads −3 per SPATE as the Ledger stood at dawn."
        )
    if re.search(r"\bboats?\b", low) or kinds & {"ONE BOAT", "TWO BOATS"} or not said and state.mile == 12 and re.search(r"\bcross\w*\b", low):
        said.append("At the Kyle: ONE BOAT 2 silver (the value as it stands), TWO BOATS 4 silver (+4 to the value).")
    if not said:
        return ""
    return " ".join(said) + f" You have {state.silver} silver."


GIVE_UP = (
    "That is yours to decide; the orders are yours. Say \"turn for home\" and the drove ends here, "
    "turned home, and every ending but a sale scores 0."
)


def score_if_sold(state: Drove) -> str:
    """"what would we score if we sold now": the card's sum at this head and flesh."""
    raw = state.head * (state.flesh + 4) // 6 - 10 * len(state.laid)
    laid = f", −10 for each of {len(state.laid)} laid up" if state.laid else ""
    return (
        f"Sold at the tryst at HEAD {state.head} and FLESH {state.flesh}: {state.head} × ({state.flesh} + 4) ÷ 6{laid} = "
        f"{max(1, min(100, raw))}. Turned home now, it scores 0."
    )


# PACE and the crossings' orders, in the card's words, for "what does push do?".
ORDER_TEXT = {
    "EASY": "EASY — 8 miles, +3 to the value, FLESH +1.",
    "STEADY": "STEADY — 12 miles; it costs no flesh.",
    "PUSH": "PUSH — 16 miles, −4 to the value, FLESH −1, WEAR +1; it saves a whole day only on the pass and the moss.",
    "REST": "REST — no miles, no band: FLESH +1, WEAR −1.",
    "ONE BOAT": "ONE BOAT — 2 silver: the value as it stands.",
    "TWO BOATS": "TWO BOATS — 4 silver: +4 to the value.",
    "FORD": "FORD — −3 to the value per SPATE as the Ledger stood at dawn.",
    "TOLL": "TOLL — 1 silver per 10 head or part: cross, then march the strath from mile 119 at the pace named, or REST at 119.",
}
SAVE_HOW = (
    "Say \"save\" between days and the SAVE block is printed. To resume, paste it as the first message of a new run "
    "(cardgm play cattle-trail), or keep it in a file and run cardgm play cattle-trail --resume FILE; in a chat, start a "
    "NEW chat and paste the full card and the save."
)


def answer_crew_need(state: Drove) -> str:
    need = rules.crew_needed(state.head)
    return (
        f"The herd needs one on their feet per 20 head or part: {need} for {state.head} head. On their feet: "
        f"{', '.join(state.crew)} ({len(state.crew)}); Bran counts, and is never laid up. Each one short strays a beast a day."
    )


# -- what a newcomer asks first: the aim, the score, the numbers' meanings, the stores ----------------

SCORING_TEXT = (
    "Sold at the tryst ground: HEAD × (FLESH + 4) ÷ 6, rounded down, −10 for each hand laid up; sold on day 21, count "
    "FLESH one less, not below 0. Clamp 1–100. Every other ending scores 0. Par is 60: a careful drove played blind. 96 "
    "is the best line this tape allows."
)
AIM_TEXT = (
    "You drive sixty cattle 179 miles by the Droveway to the October tryst at Falkirk: the buyers want the herd there by "
    "day 20, in good flesh; day 21 still sells, one FLESH down. One order a day."
)
# WHAT YOU HAVE, in the card's words.
MEANINGS = {
    "head": "HEAD — the beasts, and the score.",
    "flesh": "FLESH (0–6) — their condition.",
    "meal": "MEAL (the bag holds 12) — oatmeal; the party eats 1 a day.",
    "silver": "SILVER — what pays for boats, the toll and the stores.",
    "wear": "WEAR (0–5) — the party's state.",
    "spate": "SPATE (0–3) — the rivers: LOW at 0, UP at 1, HIGH at 2–3.",
    "crew": (
        "CREW — you, the hands (Ewan, Calum, any hire) and Bran, who is never laid up. The herd needs one on their feet per "
        "20 head or part; you and Bran count."
    ),
}
_STORE_NAMES = {"inn": 33, "smiddy": 90, "smithy": 90, "town": 143}
_GAME_ASKED = re.compile(
    r"\bwhat(?:'s| is|s) (?:this|the) game\b|\bwhat are the rules\b|\bwhat(?:'s| is|s) the (?:goal|aim|point|objective)\b|"
    r"\bhow (?:do|can) (?:i|we) win\b|\bwhat do (?:i|we) (?:have to|need to) do\b"
)
_SCORING_ASKED = re.compile(
    r"\bhow (?:is|does) (?:the |my )?scor\w*|\bscoring\b|\b(?:good|best|high|top|max\w*) score\b|\bwhat(?:'s| is|s) par\b|\bpar\b\s*\??$"
)
_MEANING_ASKED = re.compile(r"^(?:what(?:'s| is|s)|what does)\s+(head|flesh|meal|silver|wear|spate|crew)\b(?:\s+mean)?\s*\??$")
_OPTIONS_ASKED = re.compile(r"\bwhat(?:'s| are| is)? (?:my|the|our) (?:options|choices|orders)\b|\bwhat are the paces\b")
_STORE_ASKED = re.compile(
    r"\bwhat can (?:i|we) (?:buy|get)\b|\bfor sale\b|\bwhat (?:does|do) (?:the |this )?(?:inn|smiddy|smithy|town|store|shop) "
    r"(?:sell|offer|have)\b|\bwhat(?:'s| is|s) (?:the |a )?(inn|smiddy|smithy|town)\b"
)


BRIDGE_FORD_TEXT = "FORD it — the ford's rules (−3 per SPATE as the Ledger stood at dawn), a further −2, and the day ends at 119."


REAL_TEXT = (
    "WHAT IS REAL: the trade is real: island cattle were swum across narrow sounds, each tied to the tail of the one "
    "before, in strings behind a rowing boat; careful drovers walked them ten or twelve miles a day so they kept their "
    "flesh; many drovers had their beasts shod for the hard made roads; and in 1812 the October tryst at Falkirk generally "
    "showed 25,000 to 30,000 cattle. Real droves lost far fewer beasts at the strait than this road takes. The island, its "
    "people and its road are invented."
)


def answer_newcomer(state: Drove, low: str) -> str:
    """The aim, the score, a number's meaning, today's options, what a store sells; "" if none."""
    if re.search(r"\breal\b|\bhistor\w*|\btrue story\b|\bwhy falkirk\b", low):
        return REAL_TEXT
    m = re.search(r"\bwhat(?:'s| is|s) the (township|tryst|drove)\b", low)
    if m:
        return answer_glossary(m.group(1))
    if re.search(r"^(?:are|is|were|have|has)\b.*\bshod\b|\bdo (?:we|they|i) need (?:shoes|shoeing|to shoe|them shod)\b", low):
        shod = "SHOD: yes, to the tryst." if state.shod else "SHOD: no."
        return f"{shod} {answer_prices(state, {'SHOE'}, '').split(' You have')[0]}"
    if _GAME_ASKED.search(low):
        return f"{AIM_TEXT} {SCORING_TEXT}"
    if _SCORING_ASKED.search(low):
        return SCORING_TEXT
    m = _MEANING_ASKED.search(low)
    if m:
        word = m.group(1)
        gloss = answer_glossary(word)  # "spate", "meal": the GLOSSARY's words too
        return " ".join(x for x in (gloss, MEANINGS[word], answer_fields(state, word)) if x)
    if _OPTIONS_ASKED.search(low):
        here = {12: ("ONE BOAT", "TWO BOATS", "REST"), 57: ("FORD", "REST"), 118: ("TOLL", "FORD", "REST")}
        orders = here.get(state.mile, ("EASY", "STEADY", "PUSH", "REST"))
        said = {**ORDER_TEXT, "FORD": BRIDGE_FORD_TEXT} if state.mile == 118 else ORDER_TEXT
        return " ".join(said[o] for o in orders)
    m = _STORE_ASKED.search(low)
    if m:
        named = m.group(1)
        mile = _STORE_NAMES[named] if named else state.mile
        offered = rules.legal_business(Drove(mile=mile)) if mile in (33, 90, 143) else ()
        if not offered:
            return "There is no store here. The stores: the inn (mile 33), the Smiddy (mile 90) and the town (mile 143)."
        name = _PLACE_NAMES[mile]
        there = Drove(mile=mile, head=state.head, meal=state.meal, silver=state.silver)
        return f"{name[0].upper()}{name[1:]}, mile {mile}, is a store: {', '.join(offered)}. " + answer_prices(there, set(offered), "")
    return ""


# -- the tape looked ahead, the time left, the road as a list --------------------------------------

_NEXT_SKY = re.compile(r"\bnext (storm|rain|fair)\w*|\b(storm|rain)\w* next\b|\bchance of (?:a |any )?(storm|rain)\w*")
_IN_TIME = re.compile(r"\bhow long\b|\bmake it\b|\bon track\b|\bin time\b|\bon time\b|\bget there\b|\bbehind\b|\bahead of\b")
ROAD_TEXT = (
    "THE ROAD: 0 the township · 12 the Kyle (crossing) · 33 the inn (store) · 57 the ford (crossing) · 90 the Smiddy "
    "(store and smith) · 118 the bridge (crossing) · 143 the town (store) · 179 the tryst ground."
)


def answer_ahead(game: Any, state: Drove, low: str) -> str:
    """"when is the next storm?": the first day from today whose printed value gives that sky;
    "can we make it by day 20?": the miles and days left, as the Ledger has them; "" if neither."""
    m = _NEXT_SKY.search(low)
    if m:
        sky = {"storm": "STORM", "rain": "RAIN", "fair": "FAIR"}[next(g for g in m.groups() if g)]
        for day in range(state.day, FINAL_DAY + 1):
            raw = game.card.tape[day - 1]
            if rules.sky(raw) == sky:
                when = "today" if day == state.day else f"day {day}"
                return f"The next {sky} on the tape is {when} (value {raw}). SKY from the raw value: 1–2 STORM, 3–5 RAIN, 6–20 FAIR."
        return f"No {sky} is left on the tape before day {FINAL_DAY}."
    if re.search(r"\b(?:likely|likelihood|chances?|odds|probab\w*)\b", low):
        return f"{TABLE_TEXT['bands']} {answer_tape(game, state)}"  # nothing is random: the tape is printed
    if _IN_TIME.search(low):
        left = 179 - state.mile
        return (
            f"You are at mile {state.mile}; the tryst ground is {left} miles on. Today is day {state.day} of {LAST_DAY}, "
            f"{LAST_DAY - state.day} more after today; day 21 still sells, one FLESH down. EASY is 8 miles, STEADY 12, PUSH 16; "
            "a march stops at the next landmark, and a crossing takes the day."
        )
    return ""

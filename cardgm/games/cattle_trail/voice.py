"""DROVER'S AUTUMN in prose: events to text in the card's voice (HARD RULES 2, 4, 6 and 9).

Second person, present tense, plain and dry. Each day shows its arithmetic (raw value and sky,
shift, adjusted value, band, every number that moved); a loss is one plain line; each morning
names the next landmark and its distance, a crossing's river, and before the bridge the toll.
Deterministic: the same events give the same words.
"""

from __future__ import annotations

from typing import Any

from cardgm.games.cattle_trail import rules
from cardgm.games.cattle_trail.actions import LANDMARKS, BusinessOnly, DayOrder, TurnForHome
from cardgm.games.cattle_trail.events import (
    Banded,
    Bought,
    BranRanOff,
    Crossed,
    DayRead,
    Ended,
    Hired,
    LaidUp,
    Lodged,
    Marched,
    Moved,
    Paid,
    Refused,
    Rested,
    Shod,
    Sold,
    Strayed,
    TrystRest,
)
from cardgm.games.cattle_trail.state import FINAL_DAY, LAST_DAY, Drove

LEG_NAMES = {
    "island": "the island road",
    "shore": "the shore road",
    "glen": "the glen",
    "pass": "the pass",
    "moss": "the moss",
    "strath": "the strath",
    "lowroad": "the low road",
    "kyle": "the Kyle",
    "ford": "the ford",
}
FIELD_NAMES = {"head": "HEAD", "flesh": "FLESH", "meal": "MEAL", "silver": "SILVER", "wear": "WEAR", "spate": "SPATE"}
NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

TIPS = (
    "TIPS: STEADY costs no flesh; only EASY and REST put it back. "
    "PUSH saves a whole day only on the pass and the moss. The toll saves a day."
)
PACES_TEXT = (
    "EASY: 8 miles, +3 to the value, FLESH +1. STEADY: 12 miles. "
    "PUSH: 16 miles, −4 to the value, FLESH −1, WEAR +1. REST: no miles, no band: FLESH +1, WEAR −1. "
    "A march stops at the next landmark if it comes first."
)


def count(n: int, noun: str, plural: str | None = None) -> str:
    word = NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)
    return f"{word} {noun if n == 1 else plural or noun + 's'}"


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def names(items: tuple[str, ...] | list[str]) -> str:
    items = list(items)
    if not items:
        return ""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _moved(e: Moved) -> str:
    name = FIELD_NAMES[e.field]
    if e.after == e.before:
        return f"{name} stays {e.after} ({e.why} {signed(e.delta)}, held at its limit)"
    clamp = "" if e.after - e.before == e.delta else f", {signed(e.delta)} clamped"
    return f"{name} {e.before} → {e.after} ({e.why}{clamp})"


def _loss_line(e: Moved, table: str) -> str:
    lost = e.before - e.after
    beasts = count(lost, "beast")
    where = f" {'at' if table in ('kyle', 'ford') else 'on'} {LEG_NAMES[table]}" if table else ""
    return f"{beasts[0].upper()}{beasts[1:]} {'is' if lost == 1 else 'are'} lost{where} ({e.why}): HEAD {e.before} → {e.after}."


# -- the morning's business ---------------------------------------------------------------------


def business_lines(events: tuple[Any, ...]) -> list[str]:
    out: list[str] = []
    for e in events:
        if isinstance(e, DayRead):
            break
        if isinstance(e, Sold):
            verb = "You trade" if e.trade else "You sell"
            out.append(f"{verb} {count(e.head, 'beast')} at 3 silver a beast: {e.silver} silver.")
        elif isinstance(e, Bought):
            if e.got == 0:
                out.append(f"No meal is bought: {'the bag is full' if e.limit == 'bag' else 'there is no silver for it'}.")
            else:
                short = ""
                if e.limit == "bag":
                    short = f" (the bag holds 12; {e.asked - e.got} more will not go in)"
                elif e.limit == "silver":
                    short = f" (the silver goes no further; {e.asked} asked)"
                out.append(f"You buy {e.got} meal for {e.cost} silver{short}.")
        elif isinstance(e, Shod):
            out.append(f"The smith shoes the herd for {e.cost} silver: SHOD to the tryst.")
        elif isinstance(e, Hired):
            out.append(f"You hire {e.name} for {e.cost} silver; {e.name} walks at the end of the crew.")
        elif isinstance(e, Lodged):
            what = "a ROOF and a PARK" if e.roof and e.park else "a ROOF" if e.roof else "a PARK"
            out.append(f"You pay {e.cost} silver for {what}, as today's REST.")
        elif isinstance(e, Refused):
            line = f"{e.errand} refused. {e.reason}"
            if line not in out:  # a refused errand said twice is refused once, in one line (ruling 46)
                out.append(line)
        elif isinstance(e, Moved) and e.field in ("silver", "meal", "head"):
            out.append(f"{_moved(e)}.")
    return out


# -- one day ------------------------------------------------------------------------------------


def _work_line(e: Any) -> str:
    if isinstance(e, Marched):
        where = LEG_NAMES[e.leg]
        miles = e.stop - e.start
        stop = LANDMARKS.get(e.stop)
        text = f"{e.pace}: {count(miles, 'mile')} on {where}, mile {e.start} to mile {e.stop}"
        if e.cut and stop:
            text += f"; the march stops at {stop[0]}"
        elif stop:
            text += f", to {stop[0]}"
        return text + "."
    if isinstance(e, Crossed):
        if e.order in ("ONE BOAT", "TWO BOATS"):
            boats = "one boat" if e.order == "ONE BOAT" else "two boats"
            return f"The herd swims the Kyle in strings behind {boats}, to the far shore at mile {e.stop}."
        if e.order == "TOLL":
            return f"You cross the bridge to mile {e.stop}."
        if e.crossing == "bridge":
            return f"You ford the river below the bridge to mile {e.stop}; the day ends there."
        return f"You ford the river to the far bank at mile {e.stop}."
    if isinstance(e, Rested):
        place = LANDMARKS[e.mile][0] if e.mile in LANDMARKS else f"mile {e.mile}"
        if e.roof and e.park:
            return f"REST at {place}: the party under a roof, the herd in a park."
        if e.roof:
            return f"REST at {place}, under a roof."
        if e.park:
            return f"REST at {place}, the herd in a park."
        return f"REST at {place}."
    if isinstance(e, Paid):
        what = {"ONE BOAT": "one boat", "TWO BOATS": "two boats", "TOLL": "the toll"}[e.what]
        return f"You pay {e.cost} silver for {what}."
    return ""


def _band_line(e: Banded) -> str:
    total = e.raw + e.shift
    arith = f"{e.raw} {'+' if e.shift >= 0 else '−'} {abs(e.shift)} ({e.shift_why}) = {signed(total) if total < 0 else total}"
    if total != e.adjusted:
        arith += f", clamped to {e.adjusted}"
    table = LEG_NAMES[e.table]
    if e.band == "FAIR":
        return f"Value {arith}: FAIR on {table}, which does nothing."
    if e.band == "GOOD" and e.table in ("kyle", "ford"):
        return f"Value {arith}: GOOD at {table}, which does nothing."
    return f"Value {arith}: {e.band} on {table}."


def day_lines(events: tuple[Any, ...]) -> list[str]:
    """The day blocks: arithmetic, the work, every number that moved, the party, strays."""
    out: list[str] = []
    numbers: list[str] = []
    losses: list[str] = []

    def flush() -> None:
        if losses:
            out.extend(losses)
            losses.clear()
        if numbers:
            out.append("Moved: " + "; ".join(numbers) + ".")
            numbers.clear()

    started = False
    table = ""
    for i, e in enumerate(events):
        if isinstance(e, TrystRest):
            flush()
            out.append("")  # a blank line between the days of one reply
            out.append(f"Day {e.day} at the tryst ground is a REST there.")
            continue
        if isinstance(e, DayRead):
            flush()
            started = True
            out.append(f"Day {e.day}: value {e.raw}, {e.sky}.")
            continue
        if not started:
            continue  # the morning's business is told by business_lines
        if isinstance(e, (Marched, Crossed, Rested, Paid)):
            out.append(_work_line(e))
        elif isinstance(e, Banded):
            table = e.table
            out.append(_band_line(e))
        elif isinstance(e, Moved):
            if e.field == "head" and e.after < e.before and e.why != "strays":
                losses.append(_loss_line(e, table))
            elif e.why in ("strays", "a hand laid up"):
                pass  # told by the Strayed and LaidUp lines
            else:
                numbers.append(_moved(e))
        elif isinstance(e, BranRanOff):
            flush()
            out.append("Bran runs off home.")
        elif isinstance(e, LaidUp):
            flush()
            out.append(f"WEAR reaches 5. {e.name} is taken in at a farm to mend and will follow home. WEAR 5 → 3.")
        elif isinstance(e, Strayed):
            flush()
            after = next(
                (m for m in events[i:] if isinstance(m, Moved) and m.why == "strays"),
                None,
            )
            head = f" HEAD {after.before} → {after.after}." if after else ""
            out.append(
                f"{count(e.count, 'beast').capitalize()} {'strays' if e.count == 1 else 'stray'}: the herd needs "
                f"{e.need} on their feet and has {e.on_feet}.{head}"
            )
        elif isinstance(e, Ended):
            flush()
            if e.end == "laid-up":
                out.append("WEAR reaches 5, and no hand is on their feet.")
            elif e.end == "scattered":
                out.append("HEAD 0: no beasts are left.")
    flush()
    return out


# -- the morning --------------------------------------------------------------------------------


def morning(s: Drove) -> str:
    """Each morning: where the drove stands, the next landmark and its distance, a crossing's
    river, before the bridge the toll, what a store offers, and the ask for the day's order."""
    lines: list[str] = []
    day = f"Day {s.day}" + (" (the last day the buyers wait; it sells one FLESH down)" if s.day == FINAL_DAY else "")
    if s.mile == 12:
        lines.append(
            f"{day}: you are at the Kyle, a narrow channel of sea. ONE BOAT is 2 silver and reads the value as "
            "it stands; TWO BOATS is 4 silver and adds +4. No SPATE at sea. Or REST."
        )
    elif s.mile == 57:
        lines.append(
            f"{day}: you are at the ford. The river is {rules.river(s.spate)} (SPATE {s.spate}): FORD reads "
            f"{signed(rules.ford_shift(s))}. FORD or REST."
        )
    elif s.mile == 118:
        lines.append(
            f"{day}: you are at the bridge. The toll is {rules.toll(s)} silver, 1 per 10 head or part, and you "
            f"have {s.silver}: TOLL with a pace marches the strath from mile 119. FORD: the river is "
            f"{rules.river(s.spate)} (SPATE {s.spate}), {signed(rules.ford_shift(s, at_bridge=True))} in all, "
            "and the day ends at 119. Or REST."
        )
    else:
        mile, name = rules.next_landmark(s.mile)
        here = LANDMARKS[s.mile][0] if s.mile in LANDMARKS else f"mile {s.mile}, on {LEG_NAMES[s.place]}"
        text = f"{day}: you are at {here}. Next: {name}, {count(mile - s.mile, 'mile')} on (mile {mile})."
        if mile == 57:
            text += f" Its river is {rules.river(s.spate)} (SPATE {s.spate})."
        elif mile == 12:
            text += " It is a crossing by boat."
        elif mile == 118:
            text += f" The toll there is {rules.toll(s)} silver at today's head; its river is {rules.river(s.spate)} (SPATE {s.spate})."
        lines.append(text)
        offered = rules.legal_business(s)
        if offered:
            lines.append(store_offer(s, offered))
    lines.append(f"Day {s.day}'s order? (Or \"save\".)")
    return "\n".join(lines)


def store_offer(s: Drove, offered: tuple[str, ...]) -> str:
    room = 12 - s.meal
    parts = []
    for errand in offered:
        if errand == "MEAL":
            parts.append(f"MEAL 1 silver each (room in the bag for {room})")
        elif errand == "ROOF":
            parts.append("ROOF 2 silver, as the day's REST")
        elif errand == "SHOE":
            parts.append("SHOE once, 1 silver per 10 head or part" + (" (already SHOD)" if s.shod else f" ({rules.per_ten(s.head)} silver)"))
        elif errand == "HIRE":
            parts.append("HIRE 4 silver")
        elif errand == "SELL":
            parts.append("SELL 3 silver a beast")
        elif errand == "TRADE":
            parts.append("TRADE n for meal")
        elif errand == "PARK":
            parts.append("PARK 3 silver, as the day's REST (PARK and ROOF 5)")
    place = LANDMARKS[s.mile][0]
    return f"{place[0].upper()}{place[1:]} is a store, before the order: {'; '.join(parts)}. No credit; you have {s.silver} silver."


# -- whole replies ------------------------------------------------------------------------------


def narrate(before: Drove, action: Any, events: tuple[Any, ...], after: Drove) -> str:
    paragraphs: list[str] = []
    if isinstance(action, TurnForHome):
        return "You turn the drove for home."
    business = business_lines(events)
    if business:
        paragraphs.append("\n".join(business))
    if isinstance(action, DayOrder):
        paragraphs.append("\n".join(day_lines(events)))
    if not after.ended:
        if isinstance(action, BusinessOnly):
            paragraphs.append(f"Silver {after.silver}, MEAL {after.meal}, HEAD {after.head}. No day is used.")
        paragraphs.append(morning(after))
    return "\n\n".join(p for p in paragraphs if p)


def opening(s: Drove) -> str:
    return "\n\n".join(
        (
            "Dawn at the township. Sixty cattle of eleven households stand in the shore field, and the "
            "road east starts at the gate. Ewan has his stick, Calum the meal bag, and Bran waits by the wall.",
            f"You have HEAD {s.head}, FLESH {s.flesh} of 6, MEAL {s.meal} (the bag holds 12; the party eats 1 "
            f"a day), SILVER {s.silver}, WEAR {s.wear} of 5, SPATE {s.spate} of 3 (the rivers are "
            f"{rules.river(s.spate)}). The crew is you, Ewan, Calum and Bran; the herd needs one on their "
            "feet per 20 head or part, and you and Bran count.",
            "PACE, one order a day: " + PACES_TEXT,
            TIPS,
            "The autumn is printed on the card: the same tape for every drove, one value a day. The buyers "
            f"want the herd at the tryst ground by day {LAST_DAY}; day {FINAL_DAY} still sells, one FLESH down.",
            "The first landmark is the Kyle, 12 miles on, a crossing by boat.",
            "Day 1's order? (Or \"save\".)",
        )
    )


def resumed(s: Drove) -> str:
    return "Resumed from the save.\n\n" + morning(s)


def incomplete_card() -> str:
    return (
        "This card is missing THE ROAD, THE DAY or ORDERS, so no day can be run and nothing about the "
        "road can be answered. Paste the full card."
    )


# -- the end ------------------------------------------------------------------------------------


def finale(s: Drove) -> str:
    score = rules.score(s)
    if s.end == "sold":
        day = s.tape
        flesh_scored = max(0, s.flesh - 1) if day == FINAL_DAY else s.flesh
        walk = names([c for c in s.crew if c != "you"])
        walkers = f"You walk home with {walk}." if walk else "You walk home alone."
        mend = f" {names(list(s.laid))} {'mends at a farm' if len(s.laid) == 1 else 'mend at farms'} and will follow home." if s.laid else ""
        text = (
            f"The tryst ground at Falkirk, day {day}. You sell {s.head} head in FLESH {s.flesh}. {walkers}{mend}"
        )
        base = s.head * (flesh_scored + 4) // 6
        flesh_note = f" (sold on day {FINAL_DAY}: FLESH {s.flesh} counts one less, {flesh_scored})" if day == FINAL_DAY else ""
        scoring = (
            f"SCORING: HEAD {s.head} × (FLESH {flesh_scored} + 4) ÷ 6 = {base}, rounded down{flesh_note}"
        )
        if s.laid:
            scoring += f"; −10 for each hand laid up ({len(s.laid)}): {base - 10 * len(s.laid)}"
        scoring += f"; clamped 1–100: score {score}."
        return text + "\n\n" + scoring
    texts = {
        "missed": "The buyers have gone south.",
        "laid-up": (
            "You are taken in at the nearest farm to mend. A farmer holds the herd until the township "
            "sends for it, too late for the tryst."
        ),
        "scattered": "No beasts left.",
        "turned-home": "The drove turns for home.",
    }
    # The end's own words, not its token: the RESULT line below carries end:{s.end} for programs.
    return f"{texts[s.end or '']}\n\nSCORING: every ending but a sale scores 0. Score {score}."


def pointers(s: Drove) -> str:
    return "The epilogue: aigamecards.com/epilogue. The tape, rebuilt from its seed: aigamecards.com/verify."


def save_note(s: Drove) -> str:
    return (
        "Start a NEW chat and paste the full card and this save. With cardgm: `cardgm play cattle-trail --resume FILE`, "
        "or paste the block as the first message of a new run. The day sets the tape."
    )

"""`cardgm audit` judged on DROVER'S AUTUMN chats the independent engine plays and words.

The games are played by `cattle_trail_ref` (written from the card alone) with the harness's
players; every AI reply is worded here from the card (THE DAY, HARD RULES 4-6, ORDERS rule 3's
confirm line, SAVE / RESUME, THE END) in several honest chat-AI styles and export forms. An honest
chat must draw no finding; a chat with one error the card forbids, planted at one reply after
which the AI goes on from its own numbers, must draw exactly one finding, of its kind, at that
reply. `CARDGM_DROVE_AUDITS=3000` audits more by hand (the default is a few hundred).

Measured on 2026-12-02 with 3,000: 3,000 honest chats, 0 findings; 4,559 with one planted error
(about 460 a family), 4,557 exactly one finding of its kind at its reply. The two others (seeds
10327 and 10255 of the "number" and "softened" families) plant a LEDGER number off and then a
hedged order run at once; the audit reports the slip and then the number carried on at the next
replies as well. Left open: the carry of a slip across a hedged order run at once.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

from cardgm.games import card_text
from cardgm.verify.audit import audit
from cardgm.verify.generate import forms
from cardgm.verify.transcript_io import read_transcript
from tests.independent import cattle_trail_diff as diff
from tests.independent import cattle_trail_ref as ref

AUDITS = int(os.environ.get("CARDGM_DROVE_AUDITS", "200"))
FIRST = int(os.environ.get("CARDGM_DROVE_FIRST", "0"))

# The players: the harness's, each drawing from the engine's own list of moves.
PLAYERS: tuple[diff.Chooser, ...] = (
    diff.uniform_engine, diff.orders_first, diff.drover, diff.sprinter, diff.hard_driver, diff.near_best,
    diff.near_early, diff.shopper, diff.onward,
)
FORMS = ("labels", "you-said", "headings", "bold", "chatgpt-json", "messages-json", "claude-export", "user-ai")
STYLES = ("terse", "steps", "bullets", "table", "chatty")
LEDGER_MARKS = ("plain", "fence", "span", "label", "bold-label")
PLANTS = ("number", "softened", "tape-out-of-turn", "tape-changed", "band", "decided", "recommend", "result", "save", "no-ledger")
EXPECTED = {
    "number": "ledger", "softened": "ledger", "band": "ledger", "tape-out-of-turn": "tape-out-of-turn",
    "tape-changed": "tape-changed", "decided": "decided-for-player", "result": "result", "save": "save",
    "no-ledger": "ledger-missing", "recommend": "recommended",
}
ADVICE = ("I'd suggest {o}: it keeps the herd in flesh.", "My advice is {o}.", "You should {o} today.",
          "Honestly, the best choice here is {o}.", "I recommend {o}.")
LEG_NAMES = {"island": "island road", "shore": "shore road", "glen": "glen", "pass": "pass", "moss": "moss",
             "strath": "strath", "lowroad": "low road"}
LANDMARK_NAMES = {ref.KYLE: "the Kyle", ref.INN: "the Inn", ref.FORD: "the ford", ref.SMIDDY: "the Smiddy",
                  ref.BRIDGE: "the bridge", ref.TOWN: "the town", ref.TRYST: "the tryst ground"}


# ---- the player's words ------------------------------------------------------------------------

ORDER_WORDS = {
    "EASY": ("Easy.", "EASY", "Day {d}: easy.", "Let's go easy today.", "We graze them gently.", "I choose easy."),
    "STEADY": ("Steady.", "**Steady**", "steady please", "Keep going.", "Go steady.", "Slow and steady.", "STEADY"),
    "PUSH": ("Push.", "We push.", "Hurry.", "PUSH", "Day {d}: push."),
    "REST": ("Rest.", "Camp here tonight.", "REST", "We rest."),
    "ONE BOAT": ("One boat.", "Cross.", "ONE BOAT"),
    "TWO BOATS": ("Two boats.", "Both boats, please.", "TWO BOATS"),
    "FORD": ("Ford.", "Wade across.", "FORD"),
}
HEDGED = {"EASY": "Easy, if the herd can stand it.", "STEADY": "Steady, if the sky holds.",
          "PUSH": "We can't be late. Push.", "REST": "Rest, if the hands want it."}
QUESTIONS = ("What should we do?", "what would you do here?", "Which is best, do you think?")


def business_words(a: ref.Act) -> list[str]:
    out = []
    if a.sell:
        out.append(f"Sell {a.sell} beasts.")
    if a.trade:
        out.append(f"Trade {a.trade} for meal.")
    if a.shoe:
        out.append("Shoe them.")
    out += ["Hire a hand."] * a.hire
    if a.roof:
        out.append("Get a room.")
    if a.park:
        out.append("Park them.")
    if a.meal:
        out.append(f"Buy {a.meal} meal.")
    return out


def order_words(a: ref.Act, day: int, rng: random.Random) -> str:
    if a.order == "TOLL":
        pace = a.pace or "REST"
        return rng.choice((f"Pay the toll and {pace.lower()}.", f"TOLL, {pace.lower()}.", f"Toll. {pace.capitalize()}."))
    assert a.order is not None
    return rng.choice(ORDER_WORDS[a.order]).format(d=day)


# ---- one day, worded as the card's HARD RULE 6 asks --------------------------------------------


@dataclass(frozen=True)
class DayNote:
    day: int
    raw: int
    order: str
    shift: int | None  # None: a REST, no band
    band: str | None
    table: str
    before: ref.Drove
    after: ref.Drove


def shift_of(s: ref.Drove, order: str, pace: str | None) -> tuple[int | None, str]:
    if order in ref.PACES:
        return ref.PACES[order][1], f"the {LEG_NAMES[ref.leg_at(s.mile)]}"
    if order == "TOLL":
        return (None, "the strath") if pace == "REST" else (ref.PACES[pace or "STEADY"][1], "the strath")
    if order == "ONE BOAT":
        return 0, "the Kyle"
    if order == "TWO BOATS":
        return 4, "the Kyle"
    if order == "FORD":
        return -3 * s.spate - (2 if s.mile == ref.BRIDGE else 0), "the ford" if s.mile == ref.FORD else "the bridge's ford"
    return None, ""


def run_day(s: ref.Drove, order: str, pace: str | None, roof: bool, park: bool, tape: tuple[int, ...]) -> tuple[ref.Drove, DayNote]:
    raw = tape[s.day - 1]
    shift, table = shift_of(s, order, pace)
    band = None if shift is None else ref.band(ref.clamp(raw + shift, 1, 20))
    after = ref.run_day(s, order, pace, roof, park, tape)
    return after, DayNote(s.day, raw, f"TOLL {pace}" if order == "TOLL" else order, shift, band, table, s, after)


def apply(
    s: ref.Drove, a: ref.Act, tape: tuple[int, ...] = ref.TAPE, tryst_days_read: bool = True,
) -> tuple[ref.Drove, ref.Drove, list[DayNote]]:
    """ref.apply, keeping each day's note: (the morning after business, the result, the days).
    `tryst_days_read=False`: ruling 3's other reading, the early days on the tryst ground pass with
    no value read and nothing moving, and the sale is at dusk on day 20."""
    ref.legal_check(s, a)
    s, roof, park = ref.business(s, a)
    morning = s
    assert a.order is not None
    s = replace(s, turn=s.turn + 1)
    s, note = run_day(s, a.order, a.pace, roof, park, tape)
    notes = [note]
    if not tryst_days_read and s.end is None and s.mile == ref.TRYST:
        return morning, replace(s, day=21, end="sold", score=ref.sold_score(replace(s, day=20))), notes
    while s.end is None and s.mile == ref.TRYST:
        s, note = run_day(s, "REST", None, False, False, tape)
        notes.append(note)
    return morning, s, notes


MOVED = ("mile", "head", "flesh", "meal", "silver", "wear", "spate")


def moved(before: ref.Drove, after: ref.Drove) -> list[tuple[str, int, int]]:
    return [(f.upper(), getattr(before, f), getattr(after, f)) for f in MOVED if getattr(before, f) != getattr(after, f)]


def word_day(n: DayNote, style: str, rng: random.Random) -> list[str]:
    if n.order == "nothing":  # ruling 3's other reading
        return [f"Days {n.day + 1} to 20 pass on the tryst ground: no value is read, nothing moves."]
    sky = ref.sky(n.raw)
    moves = moved(n.before, n.after)
    out: list[str] = []
    if n.shift is None:
        head = rng.choice((f"Day {n.day}: value {n.raw}, {sky}. {n.order}: no miles, no band.",
                           f"Day {n.day} reads {n.raw} ({sky}). REST: no band.",
                           f"Tape {n.day} reads {n.raw}: {sky}. A REST, no band."))
    else:
        adj = ref.clamp(n.raw + n.shift, 1, 20)
        sign = f"{n.shift:+d}".replace("-", "−")
        head = {
            "terse": f"Day {n.day}: raw {n.raw} ({sky}), {n.order} {sign} → {adj}: {n.band} on {n.table}.",
            "steps": f"Day {n.day} reads {n.raw}. Sky {sky}. Shift {sign} ({n.order}), adjusted {adj}: {n.band} on {n.table}.",
            "bullets": f"- Tape value {n.day} is {n.raw} — sky {sky}\n- {n.order}: shift {sign}, adjusted {adj}\n- Band: **{n.band}** on {n.table}",
            "table": f"| day | value | sky | shift | adjusted | band |\n|---|---|---|---|---|---|\n| {n.day} | {n.raw} | {sky} | {sign} | {adj} | {n.band} |",
            "chatty": f"The tape for day {n.day} reads {n.raw}, so the sky is {sky}; {n.order} puts it at {adj}, and that is {n.band} on {n.table}.",
        }[style]
    out.append(head)
    if moves:
        if style == "bullets":
            out += [f"- {name}: {a} → {b}" for name, a, b in moves]
        elif style == "table":
            out.append("Moved: " + ", ".join(f"{name.lower()} {a}→{b}" for name, a, b in moves) + ".")
        else:
            out.append(" ".join(f"{name} {a} → {b}." for name, a, b in moves))
    else:
        out.append("Nothing else moves.")
    for name in n.after.laid[len(n.before.laid):]:
        out.append(f"{name} is taken in at a farm to mend and will follow home.")
    if n.before.bran and not n.after.bran:
        out.append("Bran runs off home.")
    if n.after.head < n.before.head:
        out.append(rng.choice(("You lose them.", "They are not seen again on this road.", "")))
    return [line for line in out if line]


def morning_words(s: ref.Drove) -> str:
    if s.end is not None:
        return ""
    nxt = ref.next_landmark(s.mile) if s.mile < ref.TRYST else ref.TRYST
    words = f"Morning of day {min(s.day, 21)}: next {LANDMARK_NAMES[nxt]}, {nxt - s.mile} miles."
    if s.mile == ref.KYLE:
        words += " The Kyle is sea: one boat 2 silver, two boats 4."
    elif s.mile == ref.FORD:
        words += f" The river is {'LOW' if s.spate == 0 else 'UP' if s.spate == 1 else 'HIGH'} (SPATE {s.spate})."
    elif nxt == ref.BRIDGE or s.mile == ref.BRIDGE:
        words += f" The toll at the bridge: {ref.per_ten(s.head)} silver."
    return words


def business_said(before: ref.Drove, after: ref.Drove) -> str:
    moves = moved(before, after)
    if not moves and before.shod == after.shod and before.hands == after.hands:
        return ""
    bits = [f"{name} {a} → {b}" for name, a, b in moves]
    if after.shod and not before.shod:
        bits.append("shod")
    bits += [f"{h} hired" for h in after.hands if h not in before.hands]
    return "At the store: " + ", ".join(bits)


# ---- the reply's LEDGER, SAVE and end --------------------------------------------------------


def mark_ledger(line: str, mark: str) -> str:
    return {"plain": line, "fence": f"```\n{line}\n```", "span": f"`{line}`", "label": f"Ledger:\n{line}",
            "bold-label": f"**Ledger:** `{line}`"}[mark]


def end_words(s: ref.Drove, result: str) -> list[str]:
    text = {
        "sold": f"The tryst ground at Falkirk. You sell {s.head} head in FLESH {s.flesh}. "
                + ("Everyone walks home." if not s.laid else f"{', '.join(s.laid)} mend and follow."),
        "missed": "The buyers have gone south.",
        "laid-up": "You are taken in at the nearest farm to mend. A farmer holds the herd until the township sends for it, too late for the tryst.",
        "scattered": "No beasts left.",
        "turned-home": "You turn the drove for home.",
    }[s.end or ""]
    return [text, f"Score: {s.score}.", result, "Read the epilogue at aigamecards.com/epilogue and check the run at aigamecards.com/verify."]


# ---- a whole chat -----------------------------------------------------------------------------


@dataclass
class Chat:
    turns: list[tuple[str, str]] = field(default_factory=list)
    replies: int = 0  # AI replies so far: the opening is reply 1
    planted_at: int | None = None
    plant: str | None = None
    readings: list[str] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)  # situations the audit once got wrong, for the pinned tests


REAL_MARCH = ref.march


@contextmanager
def no_band_on_cut_march() -> Iterator[None]:
    """Ruling 14's other reading: a march cut short at a landmark is not banded."""
    real = REAL_MARCH

    def march(s: ref.Drove, pace: str, raw: int) -> ref.Drove:
        miles = ref.PACES[pace][0]
        if ref.next_landmark(s.mile) < s.mile + miles:
            _, _, flesh, wear = ref.PACES[pace]
            return replace(s, mile=ref.next_landmark(s.mile)).add(flesh=flesh).add(wear=wear)
        return real(s, pace, raw)

    with mock.patch.object(ref, "march", march):
        yield


def write_chat(seed: int, plant: str | None = None) -> Chat:
    rng = random.Random(seed)
    chat = Chat(plant=plant)
    player = PLAYERS[seed % len(PLAYERS)]
    style = STYLES[(seed // len(PLAYERS)) % len(STYLES)]
    mark = rng.choice(LEDGER_MARKS)
    alt14 = plant is None and rng.random() < 0.2
    if plant is None and rng.random() < 0.2:
        chat.readings.append("3")
    day_of_end = rng.random() < 0.3  # ruling 5's reading: the Ledger after an end shows the day that ended
    if alt14:
        chat.readings.append("14")
    target = rng.randint(2, 14)  # the plant goes at the first fitting reply from this one
    with no_band_on_cut_march() if alt14 else _nothing():
        _play(chat, rng, player, style, mark, day_of_end, target)
    return chat


@contextmanager
def _nothing() -> Iterator[None]:
    yield


def _play(chat: Chat, rng: random.Random, player: diff.Chooser, style: str, mark: str, day_of_end: bool, target: int) -> None:
    plant = chat.plant

    def say(text: str) -> None:
        chat.turns.append(("player", text))

    def answer(lines: list[str], s: ref.Drove | None, ledger: str | None = None) -> None:
        chat.replies += 1
        body = [line for line in lines if line]
        if s is not None or ledger is not None:
            body.append(mark_ledger(ledger or ref.ledger(s), mark))  # type: ignore[arg-type]
        chat.turns.append(("ai", "\n\n".join(body) if style in ("chatty", "steps") else "\n".join(body)))

    def due() -> bool:
        return plant is not None and chat.planted_at is None and chat.replies + 1 >= target

    def planted() -> None:
        chat.planted_at = chat.replies + 1

    opener = rng.choice(("", "Let's play this.\n\n", "Here is the card:\n\n"))
    say(opener + card_text("cattle-trail"))
    s = ref.Drove()
    answer([
        "Dawn at the township. Sixty cattle stand in the wet grass. Ewan and Calum have the dog with them.",
        "HEAD 60, FLESH 6, MEAL 8, SILVER 20, WEAR 0, SPATE 1. Crew: you, Ewan, Calum, Bran.",
        "Paces: EASY 8 miles, +3, FLESH +1; STEADY 12; PUSH 16, −4, FLESH −1, WEAR +1; REST.",
        "TIPS: STEADY costs no flesh; only EASY and REST put it back. PUSH saves a whole day only on the pass and the moss. The toll saves a day.",
        "The autumn is printed, the same for every drove; day 21 still sells, one FLESH down.",
        "The first landmark is the Kyle, 12 miles. Day 1's order?",
    ], s)
    while s.end is None and chat.replies < 60:
        ours = diff.ref_legal_actions(s)
        cg = [diff.to_cardgm(a) for a in ours]
        a = diff.to_ref(player(rng, cg, ours, s))
        roll = rng.random()
        # A question first, now and then: "The orders are yours," the TIPS and the choices.
        if roll < 0.08 or (plant in ("decided", "recommend") and due()):
            say(rng.choice(QUESTIONS))
            options = sorted({o.order + (f" {o.pace}" if o.pace else "") for o in ref.orders_here(s)})  # type: ignore[operator]
            if plant == "decided" and due():
                day_act = rng.choice(ref.orders_here(s))
                _, after, notes = apply(s, day_act)
                lines = [f"I'll take it as {day_act.order}{' ' + day_act.pace if day_act.pace else ''}."]
                for n in notes:
                    lines += word_day(n, style, rng)
                planted()
                s = after
                if s.end is not None:
                    chat.seen.add("planted on the reply that ends")
                answer(lines + ([] if s.end is None else end_words(s, ref.result_line(s))), s)
                continue
            s = replace(s, turn=s.turn + 1)
            advice = []
            if plant == "recommend" and due():
                advice = [rng.choice(ADVICE).format(o=rng.choice(options).lower())]
                planted()
            aside = rng.choice(("", "I can't recommend; the orders are yours.", "I'd take any of them as an order when you give one.",
                                f"You should know the toll at the bridge is {ref.per_ten(s.head)} silver."))
            answer(["The orders are yours.", "TIPS: STEADY costs no flesh; only EASY and REST put it back.",
                    "The choices: " + ", ".join(options) + ".", aside, *advice, morning_words(s)], s)
            continue
        if roll < 0.1 and s.mile not in (ref.KYLE, ref.FORD, ref.BRIDGE):
            # A what-if for one named order, answered exactly (HARD RULE 5), the day not run.
            pace = rng.choice(ref.MARCHES)
            say(rng.choice((f"What if we {pace.lower()}?", f"what happens if I {pace.lower()} today?")))
            _, would, _ = apply(s, ref.Act(order=pace))
            s = replace(s, turn=s.turn + 1)
            answer([f"If you {pace}: " + ", ".join(f"{n} {a} → {b}" for n, a, b in moved(s, would)) + ".",
                    "The orders are yours."], s)
            continue
        if roll < 0.12 and s.day > 1:
            # A question on the tape: the tape is public.
            say(rng.choice(("What does tomorrow read?", "what's the next value on the tape?")))
            s = replace(s, turn=s.turn + 1)
            answer([f"Day {s.day} reads {ref.TAPE[s.day - 1]}." if rng.random() < 0.5 else f"Tape {s.day} reads {ref.TAPE[s.day - 1]}.",
                    "The order is yours."], s)
            continue
        if roll < 0.17 or (plant == "save" and due()):
            say(rng.choice(("save", "Save")))
            s = replace(s, turn=s.turn + 1)
            shown = s if rng.random() < 0.5 else replace(s, turn=s.turn - 1)
            if plant == "save" and due():
                f = rng.choice(("head", "meal", "silver"))
                shown = replace(shown, **{f: getattr(shown, f) + 1})
                planted()
            answer([ref.save_block(shown), "Start a NEW chat and paste the full card and this save."], s)
            continue
        if a.home:
            say(rng.choice(("turn for home", "Let's go home.", "I give up.")))
            s1 = replace(s, turn=s.turn + 1)
            answer(["Turn for home? (yes/no)"], s1)
            say(rng.choice(("yes", "Yes.", "yes")))
            s = ref.apply(s, a)
            result = ref.result_line(s)
            answer(end_words(s, result), s)
            break
        if a.order is None:
            # Business alone: its confirm line, then a bare yes.
            say(" ".join(business_words(a)))
            s1 = replace(s, turn=s.turn + 1)
            after = ref.apply(s, a)
            answer([f"Today: {business_said(s, replace(after, turn=s.turn))[14:] or 'that business'}? (yes/no)"], s1)
            say("yes")
            s = after
            answer([business_said(s1, after) + ".", morning_words(after), "Your order?"], after)
            continue
        words = " ".join([*business_words(a), order_words(a, s.day, rng)])
        hedge = a.order in HEDGED and not a.has_business and rng.random() < 0.1
        at_once = False  # a hedged order run at once (rulings 24-26)
        if hedge:
            words = HEDGED[a.order]
            at_once = rng.random() >= 0.5
            if not at_once:  # the card's own confirm line, then yes
                say(words)
                s = replace(s, turn=s.turn + 1)
                answer([f"Today: {a.order}? (yes/no)"], s)
                words = "yes"
        say(words)
        tape = ref.TAPE
        eligible_single = s.mile + 16 < ref.TRYST or a.order == "REST"
        if due() and plant in ("tape-out-of-turn", "tape-changed") and eligible_single and s.day < 39:
            n = s.day
            if plant == "tape-out-of-turn" and ref.TAPE[n] != ref.TAPE[n - 1]:
                tape = ref.TAPE[: n - 1] + (ref.TAPE[n],) + ref.TAPE[n:]
            elif plant == "tape-changed":
                near = {ref.TAPE[n - 2] if n > 1 else 0, ref.TAPE[n - 1], ref.TAPE[n]}
                v = next(v for v in (20, 19, 1, 2, 17, 3) if v not in near)
                tape = ref.TAPE[: n - 1] + (v,) + ref.TAPE[n:]
            if tape != ref.TAPE:
                planted()
                chat.seen.add("tape plant in a table" if style == "table" else "tape plant")
                if at_once:
                    chat.seen.add("tape plant on a hedged order run at once")
                with no_band_on_cut_march():
                    unbanded = apply(s, a)[1]
                if unbanded == _announced(s, a, tape) != _announced(s, a, ref.TAPE):
                    chat.seen.add("tape plant that ruling 14 also explains")
        morning, after, notes = apply(s, a, tape, tryst_days_read="3" not in chat.readings)
        if "3" in chat.readings and after.end == "sold" and after.tape < 20:
            chat.seen.add("ruling 3: early days on the tryst ground read nothing")
            if "14" in chat.readings:
                with mock.patch.object(ref, "march", REAL_MARCH):
                    if apply(s, a, tape, tryst_days_read=False)[1] != after:
                        chat.seen.add("rulings 3 and 14 first seen on one reply")
            notes.append(replace(notes[-1], order="nothing"))
        if at_once and ref.march is not REAL_MARCH:
            with mock.patch.object(ref, "march", REAL_MARCH):
                if apply(s, a, tape)[1] != after:
                    chat.seen.add("ruling 14 on a hedged order run at once")
        if due() and plant == "band" and len(notes) == 1 and notes[0].band not in (None, "FAIR") and after.end is None:
            n0 = notes[0]
            assert n0.shift is not None
            fair = [r for r in range(1, 21) if ref.sky(r) == ref.sky(n0.raw) and ref.band(ref.clamp(r + n0.shift, 1, 20)) == "FAIR"]
            if fair:
                soft_tape = ref.TAPE[: n0.day - 1] + (fair[0],) + ref.TAPE[n0.day:]
                _, soft, _ = apply(s, a, soft_tape)
                if soft != after and not other_reading_gives(s, a, tape, soft):
                    planted()
                    if len(moved(soft, after)) >= 2:
                        chat.seen.add("band misread moving two numbers")
                    if at_once:
                        chat.seen.add("band misread on a hedged order run at once")
                    notes = [replace(n0, band="FAIR", after=soft)]
                    after = soft
        lines = [business_said(s, morning) + "."] if a.has_business else []
        for n in notes:
            lines += word_day(n, style, rng)
        if after.end is None and due() and plant in ("number", "softened"):
            bent = bend(after, notes, plant, rng)
            if bent is not None and not other_reading_gives(s, a, tape, bent):
                planted()
                if at_once:
                    chat.seen.add("a slip in a hedged order run at once")
                after = bent
        s = after
        if s.end is not None:
            if chat.planted_at == chat.replies + 1:
                chat.seen.add("planted on the reply that ends")
            result = ref.result_line(s)
            if plant == "result" and chat.planted_at is None:
                result = result.replace(f"score:{s.score}|", f"score:{s.score + 1 if s.score < 100 else 99}|")
                planted()
            shown = replace(s, day=s.day - 1) if day_of_end and s.end != "turned-home" else s
            if shown is not s:
                chat.readings.append("5")
                if len(notes) > 1:
                    chat.seen.add("ruling 5 after days on the tryst ground")
                if at_once:
                    chat.seen.add("ruling 5 on a hedged order run at once")
            answer(lines + end_words(s, result), None, ref.ledger(shown))
            break
        lines.append(morning_words(s))
        if plant == "no-ledger" and due():
            planted()
            if at_once:
                chat.seen.add("no LEDGER on a hedged order run at once")
            answer(lines, None)
            continue
        answer(lines, s)


def _announced(s: ref.Drove, a: ref.Act, tape: tuple[int, ...]) -> ref.Drove:
    with mock.patch.object(ref, "march", REAL_MARCH):
        return apply(s, a, tape)[1]


def other_reading_gives(s: ref.Drove, a: ref.Act, tape: tuple[int, ...], shown: ref.Drove) -> bool:
    """A planted change that ruling 14's other reading (no band on a march cut short) gives is no
    error: the audit rightly follows it. Such a reply gets no plant."""
    with no_band_on_cut_march():
        return apply(s, a, tape)[1] == shown


def bend(after: ref.Drove, notes: list[DayNote], plant: str, rng: random.Random) -> ref.Drove | None:
    """One LEDGER number off by one; "softened": a loss shown one smaller."""
    if plant == "softened":
        for name in ("head", "flesh", "meal"):
            if getattr(after, name) < getattr(notes[0].before, name) and (name != "flesh" or after.flesh < 6):
                return replace(after, **{name: getattr(after, name) + 1})
        return None
    name = rng.choice(("head", "flesh", "meal", "silver", "wear"))
    top = {"flesh": 6, "wear": 4, "meal": 12}.get(name, 10**6)
    v = getattr(after, name)
    return replace(after, **{name: v + 1 if v < top else v - 1})


def export(chat: Chat, form: str) -> str:
    if form == "claude-export":
        msgs = [{"sender": "human" if r == "player" else "assistant", "text": t} for r, t in chat.turns]
        return json.dumps([{"name": "other chat", "chat_messages": [{"sender": "human", "text": "hello"}]},
                           {"name": "the drove", "chat_messages": msgs}])
    if form == "user-ai":
        return "\n\n".join(f"{'User' if r == 'player' else 'AI'}: {t}" for r, t in chat.turns) + "\n"
    return forms.write(form, chat.turns)


def findings(text: str) -> list[Any]:
    return list(audit(read_transcript(text)).findings)


def describe(found: list[Any]) -> str:
    return "\n".join(f"  reply {f.reply} {f.kind} {f.field}: {f.text[:300]}" for f in found)


# ---- the tests ----------------------------------------------------------------------------------


def test_honest_chats_the_engine_plays_draw_no_finding() -> None:
    bad = []
    for i in range(AUDITS):
        seed = FIRST + i
        chat = write_chat(seed)
        found = findings(export(chat, FORMS[seed % len(FORMS)]))
        if found:
            bad.append(f"seed {seed}:\n{describe(found)}")
    assert not bad, "\n".join(bad[:10])


@pytest.mark.parametrize("plant", PLANTS)
def test_one_planted_error_is_one_finding_at_its_reply(plant: str) -> None:
    bad, planted = [], 0
    for i in range(max(8, AUDITS // 6)):
        seed = FIRST + 10_000 + i
        chat = write_chat(seed, plant)
        if chat.planted_at is None:
            continue
        planted += 1
        found = findings(export(chat, FORMS[seed % len(FORMS)]))
        got = [(f.reply, f.kind) for f in found]
        if got != [(chat.planted_at, EXPECTED[plant])]:
            bad.append(f"seed {seed}: planted {plant} at reply {chat.planted_at}, got {got}\n{describe(found)}")
    assert planted >= 4, planted
    assert not bad, "\n".join(bad[:6])



# Situations the first runs of this file found the audit wrong in, each pinned on the first seed
# that writes it (docs/audit.md; the fixes are in cardgm/verify/audit/ and the game's audit.py).
PINNED = (
    # A hedged order run at once (rulings 24-26) is that order, under the reading the AI follows...
    (None, "ruling 14 on a hedged order run at once"),
    (None, "ruling 5 on a hedged order run at once"),
    # ...and with one slip in it, that slip is the one finding ("Nothing moves on this message" was
    # said of every number the day moved).
    ("number", "a slip in a hedged order run at once"),
    ("tape-changed", "tape plant on a hedged order run at once"),
    # Ruling 5's Ledger at the dusk that ended, after early days on the tryst ground in one reply.
    (None, "ruling 5 after days on the tryst ground"),
    (None, "ruling 3: early days on the tryst ground read nothing"),
    # A value announced in a table row ("| day | value |") is a read of the tape.
    ("tape-changed", "tape plant in a table"),
    ("tape-out-of-turn", "tape plant in a table"),
    # A changed value that makes a cut march look unbanded took up ruling 14 for the rest of the
    # chat, and a later cut march was accused.
    ("tape-out-of-turn", "tape plant that ruling 14 also explains"),
    ("tape-changed", "tape plant that ruling 14 also explains"),
    # A band misread is one error, the numbers it moved listed under it.
    ("band", "band misread moving two numbers"),
    # ...and on a hedged order run at once, where it moved more numbers than a slip.
    ("band", "band misread on a hedged order run at once"),
    # A hedged order run at once with no LEDGER: the day's value it reads says the order ran, and the
    # next reply is judged from there (not from cardgm's confirm line still waiting).
    ("no-ledger", "no LEDGER on a hedged order run at once"),
    # The RESULT on the reply that breaks the card follows from that breach: listed under it.
    ("tape-changed", "planted on the reply that ends"),
    ("tape-out-of-turn", "planted on the reply that ends"),
    ("decided", "planted on the reply that ends"),
    # HARD RULE 5: "never recommend or plan".
    ("recommend", None),
)


# Where to start looking for a rare situation.
FIRST_SEEDS: dict[tuple[str | None, str | None], int] = {
    ("tape-changed", "planted on the reply that ends"): 10_000, ("band", "band misread on a hedged order run at once"): 10_100,
}


@pytest.mark.parametrize(("plant", "situation"), PINNED)
def test_the_situations_the_audit_once_got_wrong(plant: str | None, situation: str | None) -> None:
    start = FIRST_SEEDS.get((plant, situation), 20_000)
    for seed in range(start, start + 3_000):
        chat = write_chat(seed, plant)
        if (situation is None or situation in chat.seen) and (plant is None or chat.planted_at is not None):
            break
    else:
        pytest.fail(f"no chat in 3,000 seeds writes {situation!r}")
    found = findings(export(chat, FORMS[seed % len(FORMS)]))
    want = [] if plant is None else [(chat.planted_at, EXPECTED[plant])]
    assert [(f.reply, f.kind) for f in found] == want, (seed, describe(found))


def test_two_readings_first_seen_on_the_same_reply_are_followed_together() -> None:
    """A chat this file wrote (seed 2913 of an earlier version of the writer, kept as text): the
    AI follows ruling 14's other reading (no band on a march cut short) and ruling 3's (early days
    on the tryst ground read nothing), and the first reply either shows in is the one that cuts a
    march short onto the tryst ground on day 18. Each reading alone explained nothing there, and
    the sale was accused of five numbers and its RESULT."""
    text = (Path(__file__).parent / "cattle_trail_two_readings_on_one_reply.txt").read_text(encoding="utf-8")
    report = audit(read_transcript(text))
    assert list(report.findings) == [], describe(list(report.findings))
    assert any("tryst ground read no value" in r for r in report.readings)
    assert any("no band on a march cut short" in r for r in report.readings)

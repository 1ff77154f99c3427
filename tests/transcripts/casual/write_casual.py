"""Write the casual transcripts: chat runs of our cards as a chat AI writes them, with players
who type as people do. Run on purpose (`python tests/transcripts/casual/write_casual.py`) and read the
diff: the transcripts are committed, and each one's expected findings (`NAME.expected.json`) are
written by hand, never by the auditor.

The numbers come from cardgm's own Run, so an honest transcript is honest: the player's casual
words are shown, and the Run is given the literal calls they mean (`Ex.run`). The AI's prose is
written here, in three chat voices (`gpt`, `claude`, `terse`) with their own phrasings picked
by a seeded draw, never cardgm's sentences. A planted error is a change to the AI's side at one
reply (what it heard, a tape value, its state, its text), after which the AI goes on from its own
numbers, as a chat AI does.

Nothing here is imported by the tests; it needs only the public Run and each game's read/apply.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cardgm.card import load_card
from cardgm.games import card_text as builtin_text
from cardgm.games import make_game
from cardgm.run import Reply, Run

HERE = Path(__file__).parent


@dataclass
class Ex:
    """One exchange: the player's message and how the AI answers it."""

    say: str  # what the player types
    run: str | None = None  # what the Run is given for the truth (the literal calls); default `say`
    hears: str | None = None  # what the AI acts on instead (planted: a move decided for the player)
    body: str | None = None  # the AI's whole reply text before the LEDGER (a question answered)
    pre: str = ""  # the AI's words before the body
    post: str = ""  # after the body, before the LEDGER
    tape: dict[int, int] = field(default_factory=dict)  # planted: position -> the value the AI uses
    state: Callable[[Any], Any] | None = None  # planted: the AI's state after the reply
    edit: tuple[tuple[str, str], ...] = ()  # planted or flavour: text edits of the finished reply
    ledger: Callable[[str], str] | None = None  # planted: the printed LEDGER line only
    resume: str | None = None  # the AI follows a SAVE block pasted in this message
    after_ledger: str = ""  # text the AI prints after its LEDGER
    result_after_ledger: bool = False  # the RESULT line and pointers after the LEDGER (a reading the card allows)
    dusk: str | None = None  # BECALMED: the AI's own words for the dusk read (planted: out of turn)


@dataclass
class Spec:
    name: str
    game: str
    form: str
    voice: str
    exchanges: list[Ex]
    resume: str | None = None  # a SAVE pasted with the card
    opening_pre: str = ""
    ledger_all: Callable[[str], str] | None = None  # the AI's way with every LEDGER (a reading the card allows)


# -- the words a chat AI uses ----------------------------------------------------------------------


class Voice:
    def __init__(self, kind: str, seed: str) -> None:
        self.kind = kind
        self.rng = random.Random(seed)

    def pick(self, *options: str) -> str:
        return self.rng.choice(options)

    def b(self, text: str) -> str:
        """Bold, the way a chat AI marks what matters (the terse voice does not)."""
        return text if self.kind == "terse" else f"**{text}**"


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"


def cased(v: Voice, name: str) -> str:
    return v.pick(name, name, name.title(), name.lower() if v.kind == "claude" else name)


# -- BECALMED ---------------------------------------------------------------------------------------

NAMES = {"P": "Pruett", "C": "Carrick", "O": "Ockle", "N": "Nance", "Y": "you"}
SKY_NOTE = {
    "DEAD CALM": "sail +0, sun +2", "LIGHT AIRS": "sail +1, sun +1", "STEADY BREEZE": "sail +3, sun +1",
    "OVERCAST": "sail +2, no sun, an awning catches +5", "RAIN SQUALLS": "sail +3, no sun, an awning catches +10",
    "HARD WEATHER": "no sail number, no sun, +1 thirst",
}
SKY_SCENE = {
    "DEAD CALM": ("The sea lies like poured glass and the sun comes straight down.", "Not a breath. The water is glass."),
    "LIGHT AIRS": ("Cat's paws on the water, hardly enough to fill the luff.", "A faint air ruffles the surface and dies again."),
    "STEADY BREEZE": ("A true breeze out of the east, and the cutter leans to it.", "The wind settles in and holds."),
    "OVERCAST": ("Low grey cloud from edge to edge; no sun today.", "The sky is a lid of grey."),
    "RAIN SQUALLS": ("Grey curtains of rain march across the swell toward you.", "Squalls on the horizon, dark underneath."),
    "HARD WEATHER": ("The sky comes down black and the sea gets up white. This is a gale.", "Spray over the bow and a screaming rig: hard weather."),
}
WATER_WORDS = {
    "spoiled": "she ships water: 4 measures spoiled", "rain-catch": "the awning catches rain",
    "dew": "the awning is wrung out for dew", "flotsam": "flotsam: a small breaker, a third full",
    "turtle": "the turtle", "fish": "the day's fish", "bled": "the seams bleed",
}


def tape_read(v: Voice, when: str, pos: int, value: int, name: str) -> str:
    """A tape read as chat AIs write them: position and value in many shapes, the name in any case."""
    n = cased(v, name)
    if v.kind == "gpt":
        return v.pick(
            f"🎲 {v.b(f'Tape {pos}')}: {value} → {v.b(n)}",
            f"{v.b(when.title())} roll — tape position {pos}: {v.b(str(value))} ({n})",
            f"Tape {pos} reads {value}: {v.b(n)}",
        )
    if v.kind == "claude":
        return v.pick(
            f"The {when} value is tape {pos}, a {value}: {n}.",
            f"Position {pos} on the tape gives {value} — {n}.",
            f"At {when} the tape reads {value} (position {pos}): {n}.",
        )
    return v.pick(f"tape {pos} = {value}: {n}", f"{when}: tape {pos}, {value}, {n}")


def calls_ask(v: Voice, day: int, water: int, canvas_moot: bool) -> str:
    canvas = "" if canvas_moot else ", the canvas"
    if v.kind == "gpt":
        return v.pick(
            f"{v.b(f'Day {day} calls?')} Issue (FULL / SHORT / DRY){', canvas (SAIL / AWNING / DOWN)' if not canvas_moot else ''}, hands (ROW / FISH / BAIL / MEND / WATCH). Breaker: {water}.",
            f"What are your three calls for day {day}? The breaker holds {water}.",
        )
    if v.kind == "claude":
        return v.pick(
            f"The breaker holds {water}. Your calls for day {day}: the issue{canvas} and the hands.",
            f"{water} measures left. What do you call for day {day} — the issue{canvas}, and the hands?",
        )
    return f"Day {day}. Issue{canvas.replace(', the canvas', ', canvas')}, hands?"


def becalmed_opening(v: Voice, state: dict, tape: tuple[int, ...]) -> str:
    sky = _sky_name(tape[0])
    if v.kind == "gpt":
        head = (
            "**BECALMED — Day 1**\n\n"
            "Behind you the Hesper is a column of smoke on the horizon. Five of you sit in a twenty-two-foot cutter: "
            "thirty leagues of sea between you and the coast, and a fortnight before the set swings north.\n\n"
            "Aboard: **you** (second mate), **Carrick** the bosun, **Nance Oday** the sailmaker, **Pruett** the clerk, "
            "and **Ockle**, the boy. Thirst takes them in this order: Pruett, Carrick, Ockle, Nance, you.\n\n"
            "The tape is printed and public. Reading all fourteen days now won't put a drop more in the breaker."
        )
    elif v.kind == "claude":
        head = (
            "The smoke of the Hesper hangs astern, thinning. You count heads: yourself, Carrick the bosun, Nance Oday "
            "the sailmaker, Pruett the clerk, and Ockle, fourteen, all in a cutter of twenty-two feet with thirty "
            "leagues to go and a fortnight to do it in. When thirst comes it takes them in order — Pruett first, then "
            "Carrick, Ockle, Nance, and you last.\n\n"
            "The tape is fixed and public; you may read the whole fortnight, and it will not make one measure more of water."
        )
    else:
        head = (
            "Hesper gone. Five in the cutter: you, Carrick, Nance, Pruett, Ockle. Thirty leagues, fourteen days. "
            "Thirst order: Pruett, Carrick, Ockle, Nance, you. The tape is public and fixed."
        )
    dawn = tape_read(v, "dawn", 1, tape[0], sky).rstrip(".")
    scene = v.pick(*SKY_SCENE[sky])
    return f"{head}\n\n{dawn} ({SKY_NOTE[sky]}). {scene}\n\n{calls_ask(v, 1, state['water'], False)}"


def _sky_name(value: int) -> str:
    return "DEAD CALM" if value <= 4 else "LIGHT AIRS" if value <= 8 else "STEADY BREEZE" if value <= 12 else (
        "OVERCAST" if value <= 15 else "RAIN SQUALLS" if value <= 18 else "HARD WEATHER")


def becalmed_body(v: Voice, events: tuple, before: dict, after: dict, dusk: str | None = None) -> str:
    out: list[str] = []
    water_lines: list[str] = []
    for e in events:
        k = type(e).__name__
        if k == "Poured":
            fell = f" (the breaker is too low for {e.called}: it falls to {e.issue})" if e.called != e.issue else ""
            out.append(v.pick(
                f"{v.b(e.issue)} ration{fell}: {e.measures} measures poured, the breaker down to {e.water}.",
                f"Issue {e.issue}{fell} — {e.measures} out, {e.water} left in the breaker.",
                f"{e.issue}{fell}. {before['water']} − {e.measures} = {e.water} in the breaker.",
            ))
        elif k == "CallsTaken":
            hands = {"ROW": "everyone on the oars", "FISH": "lines over the side", "BAIL": "all hands bailing",
                     "MEND": "Nance at the canvas with needle and palm", "WATCH": "a watch kept through the night",
                     "BUTCHER": "the hands at the turtle", "NONE": "nobody fit to work"}.get(e.hands, e.hands)
            canvas = {"SAIL": "sail up", "AWNING": "the awning spread", "DOWN": "canvas stowed"}.get(e.canvas, e.canvas)
            out.append(v.pick(f"Canvas {e.canvas}, hands {e.hands}: {canvas}, {hands}.", f"{canvas.capitalize()}; {hands}."))
        elif k == "CarriedAway":
            out.append(v.pick("The gale tears the canvas out of the bolt-ropes: it is LOST.", "The canvas goes — carried away, LOST."))
        elif k == "Westing":
            parts = ", ".join(f"{name} {signed(n)}" if n else name for name, n in e.parts)
            out.append(v.pick(
                f"Westing: {parts} → {v.b(f'{e.westing}/30')}.",
                f"She makes {e.gain} league{'s' if e.gain != 1 else ''} ({parts}); westing {e.westing}/30.",
                f"{e.gain} league{'s' if e.gain != 1 else ''} today ({parts}), {e.westing} of 30.",
            ))
        elif k == "SeaRead":
            said = dusk or tape_read(v, "dusk", e.position, e.value, e.name).rstrip(".") + "."
            lead = "" if v.kind == "terse" else v.pick("Dusk. ", "Evening comes on. ", "Sundown. ", "")
            out.append((lead + said).strip())
        elif k == "Water":
            word = WATER_WORDS.get(e.item, e.item)
            water_lines.append(f"{word} {signed(e.amount)} → {e.water}")
            out.append(f"{word.capitalize()}: {signed(e.amount)}, the breaker at {e.water}.")
        elif k == "Torn":
            out.append("The sharks take the fish off the line before it reaches the boat.")
        elif k == "Flag":
            out.append({
                "set": f"{e.flag} is set.", "closed": f"The bailing closes her: {e.flag} cleared.",
                "counted": f"{e.flag} counts down.", "cleared": f"{e.flag} clears.", "stands": f"{e.flag} stands.",
            }.get(e.action, f"{e.flag} {e.action}."))
        elif k == "Birds":
            out.append(f"Terns work the water to the west: +1 league, westing {e.westing}.")
        elif k == "Asked":
            if e.question == "turtle":
                out.append("A green turtle sleeps on the surface a boat's length off. Take her (+6 measures, and tomorrow's hands go to the butchering) or leave her?")
            else:
                need = "both flares together" if e.value == 18 else "one flare"
                out.append(f"A ship — and you are in the lane. She will see {need}. Burn, or let her go?")
        elif k == "TurtleCall":
            out.append("You take her: +6 measures, BUTCHERING set." if e.take else "You leave her sleeping.")
        elif k == "Ship":
            if not e.in_lane:
                out.append(v.pick("Outside the lane it is nothing — a star low on the water.", "Nothing in it: east of the lane, no ship comes."))
            elif e.answered:
                out.append(f"{e.burnt} flare{'s' if e.burnt != 1 else ''} burn red and she rounds to.")
            else:
                out.append("She stands on north. PASSED-A-SHIP.")
        elif k == "Thirst":
            parts = ", ".join(f"{name} {signed(n)}" for name, n in e.parts)
            out.append(v.pick(f"Thirst {e.before} → {v.b(f'{e.after}/7')} ({parts}).", f"Thirst: {parts}: {e.after}/7."))
        elif k == "Salt":
            out.append(f"{NAMES[e.soul]} {'dies of the salt' if e.to == 'x' else 'worsens: s1'}.")
        elif k == "GoesDown":
            out.append(f"{NAMES[e.soul]} goes down on the bottom-boards.")
        elif k == "Dies":
            out.append(f"{NAMES[e.soul]} dies in the night.")
        elif k == "OverSide":
            out.append(f"{NAMES[e.soul]} goes over the side for salt water" + (" and the sharks take him." if e.lost else "; he comes back, poisoned (s2)."))
        elif k == "Raised":
            out.append(f"The watch gets {NAMES[e.soul]} back on his feet.")
        elif k == "Mended":
            out.append(v.pick("Nance works all day with needle and palm; by dawn the canvas is bent again.", "Nance re-cuts and sews the canvas: whole again by morning."))
        elif k == "Ended":
            pass
        elif k == "Dawn":
            sky = e.name
            header = v.b(f"Day {e.day} — dawn") if v.kind != "terse" else f"Day {e.day}."
            read = tape_read(v, "dawn", e.position, e.value, sky).rstrip(".").replace("**Dawn** roll", "Dawn roll")
            out.append(f"{header}\n\n{read} ({SKY_NOTE[sky]}). {v.pick(*SKY_SCENE[sky])}")
    return "\n\n".join(out)


def becalmed_tail(v: Voice, after: dict) -> str:
    if after["end"] is not None or after["phase"] != "calls":
        return ""
    return calls_ask(v, after["day"], after["water"], after["canvas"] == "lost")


# -- DEADRECKONING --------------------------------------------------------------------------------


def dr_grid(grid: str, v: Voice) -> str:
    rows = ["  A B C D E F G H"] + [f"{r + 1} " + " ".join(grid[r * 8 : r * 8 + 8]) for r in range(8)]
    return "```\n" + "\n".join(rows) + "\n```"


def dr_opening(v: Voice, state: dict) -> str:
    text = v.pick(
        "You stand at the rail in a cold grey morning. Somewhere out there four enemy ships ride at anchor, and their berth was sealed before you weighed — it cannot move.",
        "Guns run out, decks sanded. Four ships are hidden on this 8x8 sea, ten hull cells between them, and the berth was fixed under seal before the first shot.",
    )
    return (
        f"{text}\n\nFour ships, ten cells, an 8x8 sea (A–H, 1–8); hulls run straight and never touch, not even at a corner. "
        "The published SHA-256 commitment is 8f2a9039494ba4ae… — you can check it at aigamecards.com/verify when the duel is done.\n\n"
        f"{dr_grid(state['grid'], v)}\n\n" + v.pick("Where do you want the first salvo?", "Call your first shot.")
    )


def dr_body(v: Voice, events: tuple, after: dict) -> str:
    out = []
    for e in events:
        k = type(e).__name__
        if k == "Fired":
            if e.hit:
                out.append(v.pick(f"Salvo at {e.cell} — {v.b('HIT')}!", f"{e.cell}: {v.b('HIT')}. Splinters fly.", f"Fire on {e.cell}… HIT."))
            else:
                out.append(v.pick(f"Salvo at {e.cell} — {v.b('MISS')}.", f"{e.cell}: a plume of white water. MISS.", f"{e.cell} — miss, open water."))
        elif k == "AlreadyFired":
            out.append(f"Already fired on {e.cell} — no salvo wasted, nothing new.")
        elif k == "Sunk":
            out.append(f"{v.b(f'SUNK — {e.ship} ({e.length} cells)')}")
        elif k == "FleetCleared":
            out.append("That's the last of them. The sea is clear.")
        elif k == "ColoursStruck":
            out.append("You strike your colours.")
    out.append(dr_grid(after["grid"], v))
    if not after.get("ended"):
        out.append(v.pick("Next salvo?", "Where next?", "Your call.", "Next shot?"))
    return "\n\n".join(out)


# -- DROVER'S AUTUMN --------------------------------------------------------------------------------


def ct_opening(v: Voice, state: dict) -> str:
    return (
        v.pick(
            "Dawn at the township: the beasts are gathered on the shore grazing, sixty head of eleven households, and the road east starts at your feet.",
            "The township turns out to see the drove off. Sixty cattle, two hands and a dog, and 179 miles to Falkirk.",
        )
        + "\n\nYou have HEAD 60, FLESH 6/6, MEAL 8 (bag holds 12), SILVER 20, WEAR 0/5, SPATE 1. Crew: you, Ewan, Calum and Bran.\n"
        "Paces: EASY 8 mi (+3, FLESH +1) · STEADY 12 mi · PUSH 16 mi (−4, FLESH −1, WEAR +1) · REST (FLESH +1, WEAR −1).\n"
        "Tips: STEADY costs no flesh; only EASY and REST put it back. PUSH saves a whole day only on the pass and the moss. The toll saves a day.\n\n"
        "The autumn is printed, the same for every drove, and day 21 still sells, one FLESH down. First landmark: the Kyle, 12 miles.\n\n"
        + v.pick("What's the order for day 1?", "Day 1 — your order?")
    )


def ct_body(v: Voice, events: tuple, after: dict) -> str:
    out = []
    moved = []
    for e in events:
        k = type(e).__name__
        if k == "DayRead":
            out.append(v.pick(f"{v.b(f'Day {e.day}')} — value {e.raw} ({e.sky}).", f"Day {e.day}: the tape gives {e.raw}, sky {e.sky}."))
        elif k == "Marched":
            out.append(f"{e.pace}: mile {e.start} → {e.stop} on the {e.leg}" + (" (the march stops at the landmark)." if e.cut else "."))
        elif k == "Crossed":
            out.append(f"{e.order} at the {e.crossing}: over to mile {e.stop}.")
        elif k == "Rested":
            out.append(f"You rest at mile {e.mile}" + (" under a roof." if e.roof else "."))
        elif k == "Banded":
            sign = "+" if e.shift >= 0 else "−"
            out.append(f"Value {e.raw} {sign} {abs(e.shift)} ({e.shift_why}) = {e.adjusted} → {v.b(e.band)} on the {e.table}.")
        elif k == "Moved":
            moved.append(f"{e.field.upper()} {e.before}→{e.after} ({e.why})")
        elif k == "Paid":
            out.append(f"Paid {e.cost} silver for {e.what}.")
        elif k == "Bought":
            out.append(f"Bought {e.got} meal for {e.cost} silver.")
        elif k == "Sold":
            out.append(f"Sold {e.head} head for {e.silver} silver.")
        elif k == "Strayed":
            out.append(f"{e.count} beast{'s' if e.count != 1 else ''} stray: the herd needs {e.need} on their feet.")
        elif k == "LaidUp":
            out.append(f"{e.name} is taken in at a farm to mend and will follow home.")
        elif k == "BranRanOff":
            out.append("Bran runs off home.")
    if moved:
        out.append(v.pick("Changes: ", "Numbers: ", "") + "; ".join(moved) + ".")
    return "\n\n".join(out)


def ct_tail(v: Voice, after: dict, prose: str) -> str:
    if after.get("ended"):
        return ""
    # The next morning's landmark line, as the card asks (rule 4): taken from the Run's words.
    m = re.search(r"Day \d+: you are (.+?)\.(?: Next: (.+?)\.)?", prose)
    where = f"You're {m.group(1)}." + (f" Next: {m.group(2)}." if m and m.group(2) else "") if m else ""
    return (where + " " + v.pick(f"Order for day {after['day']}?", f"Day {after['day']} — what's the order?")).strip()


# -- playing a spec ---------------------------------------------------------------------------------


def _events(run: Run, message: str) -> tuple[Reply, tuple]:
    reply = run.reply(message)
    return reply, reply.events  # what the rules ran for it, as the Reply carries them


def _fenced(v: Voice, line: str) -> str:
    return f"```\n{line}\n```" if v.kind == "gpt" else line


def ai_replies(spec: Spec) -> tuple[list[str], str, list[tuple[str, str]]]:
    """The AI's replies (opening first), the first player message, and per reply (AI LEDGER, true LEDGER)."""
    card = load_card(spec.game)
    game = make_game(card)
    truth, ai = Run(game), Run(game)
    v = Voice(spec.voice, spec.name)
    if spec.resume:
        truth.resume(spec.resume)
        opening = ai.resume(spec.resume)
    else:
        truth.start()
        opening = ai.start()
    first = builtin_text(spec.game).strip() + (f"\n\n{spec.resume}" if spec.resume else "")
    f = opening.fields
    if spec.resume:
        text = spec.opening_pre or "Save loaded — picking up exactly where you left off."
    elif spec.game == "becalmed":
        text = becalmed_opening(v, f, card.tape)
    elif spec.game == "deadreckoning":
        text = dr_opening(v, f)
    else:
        text = ct_opening(v, f)
    printed = spec.ledger_all(opening.ledger) if spec.ledger_all else opening.ledger
    replies = [f"{text}\n\n{_fenced(v, printed)}"]
    pairs = [(opening.ledger, opening.ledger)]
    for ex in spec.exchanges:
        true_reply = truth.reply(ex.run or ex.say)
        before = game.fields(ai.state)
        if ex.resume:
            # The AI follows a SAVE pasted mid-chat: its numbers are the block's from here on.
            assert ex.body is not None, (spec.name, "a followed resume needs its words")
            before_state = ai.state
            ai.state = replace(game.load(ex.resume), turn=before_state.turn + 1)
            reply, events = replace(true_reply, fields=game.fields(before_state), save=None, result=None), ()
        else:
            if ex.tape:
                tape = list(card.tape)
                for pos, value in ex.tape.items():
                    tape[pos - 1] = value
                ai.game = make_game(replace(card, tape=tuple(tape)))
            reply, events = _events(ai, ex.hears or ex.run or ex.say)
            ai.game = game
        if ex.state:
            ai.state = ex.state(ai.state)
        ledger = game.ledger(ai.state)
        after = dict(game.fields(ai.state), ended=game.ending(ai.state) is not None)
        if ex.body is not None:
            body = ex.body
        elif reply.save:
            body = v.pick("Here's your save:", "Saved. Copy this block:", "Game saved.") + f"\n\n{reply.save}\n\n" + v.pick(
                "Start a new chat, paste the full card, then paste this save to pick up exactly here.",
                "To resume: open a NEW chat, paste the whole card, then this block.",
            )
        elif spec.game == "becalmed":
            body = becalmed_body(v, events, before, after, ex.dusk)
            tail = becalmed_tail(v, after)
            body = "\n\n".join(p for p in (body, tail) if p)
        elif spec.game == "deadreckoning":
            body = dr_body(v, events, after)
        else:
            body = "\n\n".join(p for p in (ct_body(v, events, after), ct_tail(v, after, reply.prose)) if p)
        end = ""
        if reply.result and game.ending(ai.state) is not None:
            end = f"\n\n{v.pick('Final score', 'Score')}: {game.ending(ai.state).score}.\n\n{reply.result}\n\naigamecards.com/epilogue · aigamecards.com/verify"
        printed = spec.ledger_all(ledger) if spec.ledger_all else ledger
        printed = ex.ledger(printed) if ex.ledger else printed
        if ex.result_after_ledger:
            text = "\n\n".join(p for p in (ex.pre, body, ex.post) if p) + "\n\n" + _fenced(v, printed) + end
        else:
            text = "\n\n".join(p for p in (ex.pre, body + end, ex.post) if p) + "\n\n" + _fenced(v, printed)
        if ex.after_ledger:
            text += "\n\n" + ex.after_ledger
        for old, new in ex.edit:
            assert old in text, (spec.name, ex.say, old)
            text = text.replace(old, new, 1)
        replies.append(text)
        pairs.append((ledger, true_reply.ledger))
    return replies, first, pairs


def write(spec: Spec) -> tuple[Path, list[tuple[str, str]]]:
    replies, first, pairs = ai_replies(spec)
    players = [first] + [ex.say for ex in spec.exchanges]
    turns = list(zip(players, replies))
    form = spec.form
    if form in ("labels", "you-said", "headings", "bold"):
        who = {
            "labels": ("User:", "Assistant:"),
            "you-said": ("You said:", "ChatGPT said:"),
            "headings": ("## User", "## Assistant"),
            "bold": ("**You:**", "**Claude:**"),
        }[form]
        chunks = []
        for p, a in turns:
            chunks += [who[0], p, "", who[1], a, ""]
        path, body = HERE / f"{spec.name}.txt", "\n".join(chunks)
    elif form == "unmarked":
        chunks = []
        for p, a in turns:
            chunks += [p, "", a, ""]
        path, body = HERE / f"{spec.name}.txt", "\n".join(chunks)
    elif form == "chatgpt-json":
        mapping: dict[str, Any] = {"root": {"id": "root", "message": None, "parent": None, "children": []}}
        prev, n = "root", 0
        for p, a in turns:
            for role, text in (("user", p), ("assistant", a)):
                n += 1
                mid = f"node-{n:03d}"
                mapping[prev]["children"] = [mid]
                mapping[mid] = {
                    "id": mid, "parent": prev, "children": [],
                    "message": {"id": mid, "author": {"role": role, "name": None, "metadata": {}},
                                "create_time": 1765000000 + 7 * n, "content": {"content_type": "text", "parts": [text]},
                                "status": "finished_successfully", "metadata": {}},
                }
                prev = mid
        conv = [{"title": spec.name, "create_time": 1765000000, "mapping": mapping, "current_node": prev,
                 "conversation_id": f"conv-{spec.name}"}]
        path, body = HERE / f"{spec.name}.json", json.dumps(conv, indent=1, ensure_ascii=False)
    elif form == "messages-json":
        # Claude's export: chat_messages with sender and text.
        msgs = []
        for p, a in turns:
            msgs += [{"sender": "human", "text": p}, {"sender": "assistant", "text": a}]
        path, body = HERE / f"{spec.name}.json", json.dumps({"name": spec.name, "chat_messages": msgs}, indent=1, ensure_ascii=False)
    else:
        raise ValueError(form)
    path.write_text(body.rstrip("\n") + "\n", encoding="utf-8")
    return path, pairs


def main() -> None:
    from casual_specs import SPECS  # noqa: PLC0415 - the specs sit beside this file

    for spec in SPECS:
        path, pairs = write(spec)
        off = [i + 1 for i, (a, t) in enumerate(pairs) if a != t]
        print(f"{path.name}: {len(pairs)} AI replies; AI LEDGER off the true one at replies {off or 'none'}")


if __name__ == "__main__":
    main()

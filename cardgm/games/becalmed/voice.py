"""BECALMED in prose: events into the card's voice. Second person, present tense, dry and exact.

Written by us; the card's own words are quoted only where the GM announces the sky and the sea
(the numbers the player must hear exactly). Deterministic: variants are picked by day and tape
value, never by chance. The crew argue here and nowhere else, and no argument moves a number.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgm.game import Event

from . import rules as R
from .state import DEAD, DOWN, NAMES, NANCE, S1, S2, SOULS, UP, State

SKY_LINE = {
    "DEAD CALM": "not a breath; the sea lies flat and the sun comes straight down. Sail +0, sun +2.",
    "LIGHT AIRS": "puffs that barely dimple the water. Sail +1, sun +1.",
    "STEADY BREEZE": "Sail +3, sun +1.",
    "OVERCAST": "Sail +2, no sun; an awning catches +5.",
    "RAIN SQUALLS": "Sail +3, no sun; an awning catches +10.",
    "HARD WEATHER": "no sail number and no sun, +1 thirst; all hands to it, and what comes aboard is spray, not rain.",
}

HARD_LINES = (
    "In it: DOWN and BAILING rides it out for +1 league and loses nothing; DOWN with the hands "
    "elsewhere makes +1 and ships 4 measures; SAIL runs +5 and loses the canvas and 4 measures; "
    "AWNING makes nothing and loses the canvas and 4 measures."
)

SETTING = {
    "DEAD CALM": (
        "The sea lies flat as poured lead and the sun comes straight down on the thwarts.",
        "Not a breath. The cutter sits in her own reflection and the heat builds off the water.",
    ),
    "LIGHT AIRS": (
        "Cat's paws cross the swell and die before they reach her.",
        "A little air from the east, enough to lift the luff and no more.",
    ),
    "STEADY BREEZE": (
        "A true breeze comes up with the light, and the water talks along her strakes.",
        "The wind holds steady from the east and the swell runs with it.",
    ),
    "OVERCAST": (
        "Low cloud from rim to rim; no sun, and the air smells of rain that has not come.",
        "The sky closes over grey and flat, and the heat goes out of the day.",
    ),
    "RAIN SQUALLS": (
        "Squalls walk across the sea in grey curtains, and one of them is coming for her.",
        "Dark water to windward, and the first rain hisses on the swell.",
    ),
    "HARD WEATHER": (
        "The sky comes down black and the sea gets up white; spray sheets over the weather gunwale.",
        "A gale out of nothing, the crests breaking, and the rain tastes of salt.",
    ),
}

CALLS_ASK = {
    "issue": "the issue (FULL, SHORT or DRY)",
    "canvas": "the canvas (SAIL, AWNING or DOWN)",
    "hands": "the hands (ROW, FISH, BAIL, MEND or WATCH)",
}


def who(soul: str, capital: bool = True) -> str:
    name = NAMES[soul]
    if soul == "Y":
        return "You" if capital else "you"
    return name


def _verb(soul: str, he: str, you: str) -> str:
    return you if soul == "Y" else he


PRONOUN = {"P": ("he", "him", "his"), "C": ("he", "him", "his"), "O": ("he", "him", "his"),
           "N": ("she", "her", "her"), "Y": ("you", "you", "your")}


def join(names: Sequence[str]) -> str:
    names = list(names)
    if not names:
        return "nobody"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def measures(n: int) -> str:
    """"1 measure", "4 measures": a reading never says "bleed 1 measures"."""
    return f"{n} measure" if n == 1 else f"{n} measures"


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"


# -- the sky and the morning ----------------------------------------------------------------------


def announce_sky(day: int, position: int, value: int) -> str:
    sky = R.sky(value)
    text = f"Dawn, day {day}. Tape {position} reads {value}: {sky.name} — {SKY_LINE[sky.name]}"
    if sky.name == "HARD WEATHER":
        text += " " + HARD_LINES
    return text


def crew_scene(state: State, value: int) -> str:
    """One or two sentences of the crew arguing; they never move a number."""
    sky = R.sky(value).name
    c = state.crew
    lines: list[str] = []
    if c[1] in (UP, DOWN) and sky == "DEAD CALM":
        where = "" if c[1] == UP else " from the bottom-boards"
        lines.append(
            ("Carrick wants the oars out" + where + ": a league is a league, he says, and sitting still is how boats die.")
            if state.day % 2
            else ("Carrick is at you for the oars" + where + " before the sun is a hand high: nobody rows in his sleep.")
        )
    if state.canvas == "lost" and c[NANCE] in (DOWN, S2, S1):
        lines.append("Nance looks at the torn canvas and says nothing; she cannot mend from the bottom-boards.")
    elif state.canvas == "lost" and c[NANCE] == DEAD:
        lines.append("The canvas lies in the bilge in strips; nobody aboard can cut it now.")
    if c[0] in (UP, DOWN) and len(lines) < 2:
        # THE VOYAGE: "PRUETT asks twice for his ration". Picked by the day, so no two mornings
        # running say it alike; deterministic, so a replay prints the same words.
        lines.append(PRUETT[state.day % len(PRUETT)])
    if not lines and sky != "DEAD CALM" and c[1] in (UP, DOWN):
        lines.append(ARGUMENT[state.day % len(ARGUMENT)])
    return " ".join(lines[:2])


PRUETT = (
    "Pruett asks what the ration is today, and then asks again.",
    "Pruett asks for his ration; a minute later he asks again, as if you had not heard.",
    "Pruett wants to know when the water goes round, and asks a second time before you answer.",
    "Pruett holds out his cup before anyone has spoken, and asks twice.",
)
ARGUMENT = (
    "Carrick wants the sail and Nance wants the shade, and neither of them moves a measure.",
    "Carrick argues for the canvas, Nance shrugs, and you have the calls.",
    "Carrick is for driving her; Nance looks at the sun and says nothing.",
)
# "OCKLE drinks last": said with the pour, in words that change from one morning to the next.
OCKLE = ("Ockle drinks last.", "Ockle takes his turn at the end.", "Ockle waits, and drinks last.")


def morning(state: State, value: int) -> str:
    """The dawn: the sky announced, a short scene, then the calls asked."""
    sky = R.sky(value).name
    setting = SETTING[sky][(state.day + value) % 2]
    scene = " ".join(p for p in (setting, crew_scene(state, value)) if p)
    return "\n\n".join([announce_sky(state.day, state.tape, value), scene, ask_calls(state)])


def ask_calls(state: State, held: R.Calls | None = None) -> str:
    need = R.needs(state)
    given = {"issue": held.issue, "canvas": held.canvas, "hands": held.hands} if held else {}
    want = [k for k in need if not given.get(k)]
    notes = []
    if "canvas" not in need:
        notes.append("The canvas is LOST: no canvas call; she lies as if DOWN.")
    if "hands" not in need:
        notes.append(
            "No hands call: BUTCHERING spends today's hands."
            if state.butchering
            else "No hands call: nobody is on his feet to work."
        )
    held_text = ""
    if held and held.given():
        held_text = "Held: " + ", ".join(held.given()) + ". "
    if not want:
        return held_text.strip()
    ask = "Your call" + ("s" if len(want) > 1 else "") + ": " + join([CALLS_ASK[k] for k in want]) + "."
    tail = f" The breaker holds {state.water}." if "issue" in want else ""
    return " ".join(n for n in notes) + (" " if notes else "") + held_text + ask + tail


def opening(state: State, value: int) -> str:
    intro = (
        "Astern, the Hesper's smoke still hangs over the place where she burned. Five of you in a twenty-two-foot cutter, "
        "thirty leagues east of the coast, and a fortnight before the current turns north and carries her away from any coast. "
        "Aboard are you, the second mate; Carrick the bosun; Nance Oday the sailmaker; Pruett, a clerk; "
        "and Ockle, the ship's boy, fourteen. Thirst takes them in one order: Pruett, Carrick, Ockle, Nance, you."
    )
    tape = (
        "The tape is printed for anyone to read, and it will not change: read the whole fortnight now if you like; it puts no more water in the breaker. "
        "Say \"let her drive\" at any point and the voyage ends where it stands."
    )
    if state.stop_day is not None:
        tape += f" You have set a stop: the voyage ends, given over, at the end of day {state.stop_day}."
    else:
        tape += (
            " A limit you state is kept: deaths told in one plain line, or a stop at a day you name "
            "(\"stop at day 10\", or cardgm play becalmed --stop-day 10)."
        )
    return "\n\n".join([intro, tape, morning(state, value)])


# -- the day --------------------------------------------------------------------------------------


def death(soul: str, state: State, how: str) -> str:
    """A death told plainly; in one plain line when the player has asked for that."""
    if state.deaths_plain:
        return f"{who(soul)} {_verb(soul, 'dies', 'die')}."
    if how == "thirst":
        if soul == "Y":
            return "You die in the bottom-boards before the light goes. The boat goes on without you."
        return f"{who(soul)} dies in the bottom-boards before the light goes. You put {PRONOUN[soul][1]} over the side with what words there are."
    if how == "salt":
        if soul == "Y":
            return "The salt water finishes you at dusk, on its own clock."
        return f"The salt water finishes {who(soul)} at dusk, on its own clock. You commit {PRONOUN[soul][1]} to the sea with what words there are."
    if how == "sharks":
        return f"The sharks are under her. {who(soul)} {_verb(soul, 'does', 'do')} not come back."
    return f"{who(soul)} {_verb(soul, 'dies', 'die')}."


def _westing(ev: R.Westing) -> str:
    parts = ", ".join(f"{name} {signed(n)}" for name, n in ev.parts)
    return f"She makes {ev.gain} league{'s' if ev.gain != 1 else ''} ({parts}). Westing {ev.westing}/30."


WATER_WORDS = {
    "spoiled": "The seas she shipped in today's hard weather spoil {measures}",
    "rain-catch": "The awning catches {measures}",
    "dew": "The dew is wrung out of the awning at first light: {measures}",
    "flotsam": "A cask from the Hesper's deck drifts alongside, about a third full: {measures}",
    "turtle": "The turtle is taken: {measures}",
    "fish": "The lines come up with fish: {measures}",
    "bled": "The seams bleed {measures}",
}

SEA_WORDS = {
    "HEAVY DEW": "The dew comes down heavy in the dark.",
    "THE SEAMS WORK": "The plank along her keel starts to work in the swell; water weeps up between the bottom-boards.",
    "SHARKS": "Two sharks, working her shadow.",
    "A SWELL FROM THE SOUTH-WEST": "It rolls her all night; nobody sleeps.",
    "BIRDS TO THE WESTWARD": "Terns, working over inshore water.",
    "AN EMPTY SEA": "Nothing crosses.",
    "FLOTSAM": "Something rides the swell off the bow.",
    "A GREEN TURTLE": "She lies asleep on the surface, a cable off.",
    "A SHIP": "",
}


def empty_sea(state: State, value: int) -> str:
    up = [who(SOULS[i], False) for i in state.living() if state.crew[i] == UP and SOULS[i] != "Y"]
    if value % 2:
        return "You spend the beat on the crew: " + (
            f"{join(up)} sit where they sat all day, and nobody speaks of the water." if up else "there is nobody left to talk to."
        )
    return "The beat goes to the crew. " + (
        "Ockle wets his lips and says nothing; he drinks last and knows it."
        if state.crew[2] in (UP, DOWN)
        else "The boat is quieter than it was."
    )


def ship_line(value: int) -> str:
    if value == 18:
        return "A single light on the rim of the sea: a masthead, her hull below the horizon, three miles away."
    return "A sail to windward."


def ask_turtle() -> str:
    return "Take her (+6 measures, and BUTCHERING spends tomorrow's hands) or leave her?"


def ask_signal(state: State, value: int) -> str:
    if value == 18:
        return (
            f"At that distance only both flares fired together will be seen; a single one is wasted. You have {state.flares}. "
            "Burn both, or let her go?"
        )
    return f"One flare will bring her round. You have {state.flares}. Burn one, or let her go?"


def narrate(before: State, action: object, events: tuple[Event, ...], after: State, tape: tuple[int, ...]) -> str:
    if isinstance(action, R.GiveOver):
        return "You let her drive."
    if isinstance(action, R.SetLimit):
        out = []
        if action.deaths_plain:
            out.append("Limit taken: from now on a death is told in one plain line.")
        if action.stop_day is not None:
            out.append(
                f"Limit taken: the voyage stops at the end of day {action.stop_day}, ending given-over there "
                "unless the card ends it first."
            )
        out.append("This limit is kept for this run only; a SAVE block does not carry it.")
        return " ".join(out) + "\n\n" + pending_question(after, tape)
    paras: list[str] = []
    cur: list[str] = []

    def flush() -> None:
        if cur:
            paras.append(" ".join(cur))
            cur.clear()

    for ev in events:
        if isinstance(ev, R.Poured):
            if ev.issue == ev.called:
                if ev.measures:
                    pour = f"{ev.called}: {measures(ev.measures)} go{'es' if ev.measures == 1 else ''} round"
                    pour += "; " + OCKLE[before.day % len(OCKLE)] if before.crew[2] in (UP, DOWN) else "."
                else:
                    pour = "DRY: the breaker stays shut."
            elif ev.issue == "DRY":
                pour = (
                    f"{ev.called} is called on an empty breaker; it falls to DRY, and nothing is poured."
                    if before.day % 2
                    else f"The breaker is empty: {ev.called} falls to DRY, and there is nothing to pour."
                )
            else:
                pour = (
                    f"{ev.called} is called on {before.water} measure{'s' if before.water != 1 else ''}; "
                    f"it falls to SHORT, and {ev.measures} go{'es' if ev.measures == 1 else ''} round."
                )
            cur.append(pour + f" The breaker holds {ev.water}.")
        elif isinstance(ev, R.CallsTaken):
            hands = {"BUTCHER": "the hands butchering the turtle", "NONE": "no hands to work"}.get(ev.hands, ev.hands)
            cur.append(f"Canvas {ev.canvas}, hands {hands}." if ev.hands in ("ROW", "FISH", "BAIL", "MEND", "WATCH") else f"Canvas {ev.canvas}, {hands}.")
        elif isinstance(ev, R.CarriedAway):
            cur.append(
                "She runs before it under a scrap until the scrap goes too: the canvas is LOST."
                if ev.canvas == "SAIL"
                else "The wind gets under the awning and takes it: the canvas is LOST."
            )
        elif isinstance(ev, R.Westing):
            cur.append(_westing(ev))
            if ev.in_lane and not before.in_lane:
                cur.append("She is in the lane now, where the ships cross.")
            elif before.in_lane and not ev.in_lane:
                cur.append("She is out of the lane.")
            flush()
        elif isinstance(ev, R.SeaRead):
            line = f"Dusk. Tape {ev.position} reads {ev.value}: {ev.name}."
            if ev.name == "A SHIP":
                if after.in_lane:
                    line += " " + ship_line(ev.value)
            elif SEA_WORDS[ev.name]:
                line += " " + SEA_WORDS[ev.name]
            if ev.name == "AN EMPTY SEA":
                line += " " + empty_sea(before, ev.value)
            if ev.name == "HEAVY DEW" and not _awning_spread(events):
                line += " Without the awning spread, nothing is caught."
            cur.append(line)
        elif isinstance(ev, R.Asked):
            flush()
            paras.append(ask_turtle() if ev.question == "turtle" else ask_signal(after, ev.value))
        elif isinstance(ev, R.TurtleCall):
            if not ev.take:
                cur.append("You leave her sleeping, and lose nothing.")
        elif isinstance(ev, R.Water) and ev.amount == 0:
            cur.append("The seas she shipped in today's hard weather find the breaker already empty; nothing is left to spoil.")
        elif isinstance(ev, R.Water):
            cur.append(WATER_WORDS[ev.item].format(measures=measures(abs(ev.amount))) + f"; the breaker holds {ev.water}.")
        elif isinstance(ev, R.Torn):
            cur.append("The sharks tear today's fish off the line.")
        elif isinstance(ev, R.Birds):
            cur.append(f"+1 league. Westing {ev.westing}/30.")
        elif isinstance(ev, R.Flag):
            cur.append(_flag(ev))
        elif isinstance(ev, R.Ship):
            cur.append(_ship(ev))
        elif isinstance(ev, R.Thirst):
            flush()
            parts = ", ".join(f"{name} {signed(n)}" for name, n in ev.parts)
            raw = ev.before + sum(n for _, n in ev.parts)
            clamp = f", held at {ev.after}" if raw != ev.after else ""
            cur.append(f"Thirst {ev.before} → {ev.after}/7 ({parts}{clamp}).")
        elif isinstance(ev, R.Salt):
            if ev.to == S1:
                cur.append(f"{who(ev.soul)} {_verb(ev.soul, 'has', 'have')} one dusk left.")
            else:
                cur.append(death(ev.soul, after, "salt"))
        elif isinstance(ev, R.Dies):
            cur.append(death(ev.soul, after, "thirst"))
        elif isinstance(ev, R.GoesDown):
            cur.append(f"{who(ev.soul)} {_verb(ev.soul, 'goes', 'go')} down in the bottom-boards.")
        elif isinstance(ev, R.OverSide):
            if ev.soul == "Y":
                cur.append("In the dark you go over the side for a mouthful of salt water.")
            else:
                cur.append(f"In the dark {who(ev.soul)} goes over the side for a mouthful of salt water.")
            if ev.lost:
                cur.append(death(ev.soul, after, "sharks"))
            else:
                cur.append(
                    ("You claw back in over the gunwale" if ev.soul == "Y" else f"{PRONOUN[ev.soul][0].capitalize()} is hauled back in")
                    + ". Thirst eases by one tonight, "
                    "it will be two worse tomorrow, and the salt kills at the second dusk whatever anyone does. "
                    f"Thirst {after.thirst}/7."
                )
        elif isinstance(ev, R.Raised):
            p = PRONOUN[ev.soul]
            cur.append(f"The watch sits up with {who(ev.soul, False)} all night; by morning {p[0]} {_verb(ev.soul, 'is', 'are')} on {p[2]} feet.")
        elif isinstance(ev, R.Mended):
            cur.append("Nance works all day with palm and needle; the canvas is bent again by dawn.")
        elif isinstance(ev, R.Ended):
            flush()
        elif isinstance(ev, R.Dawn):
            flush()
            paras.append(morning(after, tape[ev.position - 1]))
        elif isinstance(ev, R.GivenOver):
            cur.append("You let her drive.")
    flush()
    return "\n\n".join(p for p in paras if p)


def _awning_spread(events: tuple[Event, ...]) -> bool:
    return any(isinstance(e, R.Water) and e.item == "dew" for e in events)


def _flag(ev: R.Flag) -> str:
    if ev.flag == "SEAMS":
        return {
            "set": "SEAMS: from tomorrow's dusk she leaks 2 measures every dusk, until the hands spend a whole day bailing.",
            "stands": "The seams are already working; nothing new.",
            "closed": "A whole day of bailing closes the seams; nothing bleeds tonight.",
        }[ev.action]
    if ev.action == "set":
        return "No line goes over for three days: SHARKS-3."
    if ev.action == "cleared":
        return "The sharks are gone; the lines can go over tomorrow."
    return f"The sharks stay: {ev.flag}."


def _ship(ev: R.Ship) -> str:
    if not ev.in_lane:
        return "But the boat is outside the lane, where no ship passes: what looked like one is a low star, or the sharp edge of a cloud. No ship, no flare."
    if ev.answered:
        burnt = "Both flares go up together" if ev.burnt == 2 else "The flare goes up"
        return f"{burnt}, red over the water. She sees you, and she rounds to."
    if ev.lacked:
        return "There are not the flares to reach her. She stands on north. PASSED-A-SHIP."
    if ev.burnt:
        return "One flare goes up and is lost in the distance. She stands on north. PASSED-A-SHIP."
    return "You let her go. She stands on north. PASSED-A-SHIP."


def pending_question(state: State, tape: tuple[int, ...]) -> str:
    """What is asked right now (after a limit, a refusal, a resume)."""
    if state.phase == "turtle":
        return ask_turtle()
    if state.phase == "signal":
        return ship_line(tape[state.tape - 1]) + " " + ask_signal(state, tape[state.tape - 1])
    return ask_calls(state)


# -- the ends ----------------------------------------------------------------------------------


def finale(state: State, score: int) -> str:
    walk = [who(SOULS[i], False) for i, c in enumerate(state.crew) if c == UP]
    carried = [who(SOULS[i], False) for i, c in enumerate(state.crew) if c in (DOWN, S2, S1)]
    lost = [who(SOULS[i], False) for i, c in enumerate(state.crew) if c == DEAD]
    souls = [who(SOULS[i], False) for i, c in enumerate(state.crew) if c in (UP, DOWN)]
    n = state.souls()
    end = state.end
    if end == "landfall":
        text = "Before dawn there is surf, and beyond it a low grey line of land. The cutter runs in and grounds stern-first in the break."
        text += f" Up the sand walk {join(walk)}." if walk else " Nobody walks up the sand."
        if carried:
            text += f" Carried: {join(carried)}."
        if lost:
            text += f" Lost: {join(lost)}."
        sums = f"Landfall: 14 × {n} + 30 = {14 * n + 30}"
    elif end == "taken-off":
        living = [who(SOULS[i], False) for i, c in enumerate(state.crew) if c != DEAD]
        text = (
            "She heaves to with her topsail backed and lowers a boat. "
            f"Up her side go {join(living)}."
        )
        sums = f"Taken off: 14 × {n} + {state.westing} = {14 * n + state.westing}"
    elif end == "carried-off":
        text = (
            "Day fourteen closes with the coast still out of reach. "
            "At first light the current turns north, and the boat goes with it, off the edge of the chart."
        )
        sums = f"Carried off: 5 × {n} + {state.westing} ÷ 4 = {5 * n} + {state.westing // 4} = {5 * n + state.westing // 4}"
    elif end == "boat-empty":
        text = "No one is left at the tiller. The boat runs on westward, steering herself."
        sums = "Boat empty: 0"
    else:
        text = f"You stand down. The voyage ends where it stands, day {state.day}, westing {state.westing}/30."
        sums = "Given over: 0"
    raw = sums.rsplit("= ", 1)[-1]
    clamp = f", clamped to {score}" if raw.isdigit() and int(raw) != score else ""
    who_counts = f" Souls: {n}" + (f" ({join(souls)})" if souls else "") + "."
    return f"{text}\n\nSCORING —{who_counts} {sums}{clamp}. Score {score}."


POINTERS = "Read the epilogue at aigamecards.com/epilogue, and rebuild the tape at aigamecards.com/verify."


def save_note(state: State | None = None) -> str:
    limits = []
    if state is not None and state.stop_day is not None:
        limits.append(f"the stop at the end of day {state.stop_day}")
    if state is not None and state.deaths_plain:
        limits.append("deaths told in one plain line")
    kept = (
        f"Not in the block, so not carried over: your stated limits ({'; '.join(limits)}). "
        "The card's SAVE holds its fields and nothing else: state them again after you resume."
        if limits
        else "Stated limits are not in the block: state them again after you resume."
    )
    return (
        "To go on, start a NEW chat, paste the full card, then paste this save. With cardgm: "
        "`cardgm play becalmed --resume FILE`, or paste the block as the first message of a new run. "
        "The tape position restores the weather exactly; the crew string restores who is down and who is poisoned. "
        + kept
    )


def held_not_saved(calls: list[str]) -> str:
    """Said with a SAVE taken while some of the day's calls are held (issue 14, item 6)."""
    return (
        f"You have called {', '.join(calls)} for today; the SAVE block has no field for calls, so they are "
        "not in it. This run still holds them. After a resume, give them again with the rest."
    )


def resumed(state: State, tape: tuple[int, ...], after_dusk: str | None = None) -> str:
    head = f"Resumed from the SAVE: day {state.day} of 14, westing {state.westing}/30, water {state.water}."
    value = tape[state.tape - 1]
    return "\n\n".join(p for p in [head, after_dusk, morning(state, value)] if p)


def resumed_after_dusk(saved: State, sea_value: int) -> str:
    """What a resume from a block saved after a dusk (day n, tape 2n) says before the next dawn."""
    n, pos = saved.day, saved.tape
    told = (
        f"The block was saved after day {n}'s dusk: tape:{pos} is that dusk's sea. The card says "
        f"the next value read is the one after it, so the voyage goes on at day {n + 1}'s dawn, "
        f"tape {pos + 1}, with the block's numbers as they stood after that dusk."
    )
    sea = R.sea(sea_value)
    if sea == "A GREEN TURTLE" or (sea == "A SHIP" and saved.in_lane):
        told += (
            f" That dusk's sea was {sea} (tape {pos} reads {sea_value}), a call that is yours: if the "
            "block was saved while it waited, that call and the rest of the dusk are not in it, and "
            "are not played."
        )
    return told

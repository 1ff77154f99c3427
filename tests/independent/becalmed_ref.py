"""BECALMED written again from the card alone: a test oracle for cardgm's engine.

This module was written from the card text (`cardgm/games/becalmed/becalmed.md`, v1.0.0) and the
readings of docs/rulings.md, without reading cardgm's own rules, state or notation modules, so
that a differential test (`test_becalmed_differential.py`) can catch a place where cardgm and the
card part ways. It is plain on purpose: one step of THE RECKONING per block, in the card's order,
with the card's words beside the code. It imports nothing from cardgm.

The shape of a reply follows ruling 19: the opening reads dawn 1; a reply to the calls resolves
that dusk and reads the next dawn, unless the dusk asks the player (the turtle, or a ship she has
the flares for): then only step 1 is applied and the answer runs steps 2-8 and the next dawn.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace

# ## DICE TAPE (d20, seed becalmed:1.0.0), as the card prints it.
PRINTED_TAPE: tuple[int, ...] = (
    12, 14, 16, 3, 6, 19, 20, 10, 3, 2, 20, 5, 9, 10, 8, 9, 11, 17, 7, 18,
    19, 11, 10, 20, 11, 16, 15, 6, 3, 20, 10, 17, 18, 20, 18, 15, 5, 8, 6, 8,
)  # fmt: skip

DAYS = 14
TAPE_LENGTH = 40  # "TWO VALUES A DAY AND NEVER A THIRD", and 12 left over past day 14
BEACH = 30
ORDER = "PCONY"  # "Thirst takes them in one printed order: Pruett, Carrick, Ockle, Nance, you."
NANCE = ORDER.index("N")

UP, DOWN_, S2, S1, DEAD = ".", "!", "s2", "s1", "x"

ISSUES = ("FULL", "SHORT", "DRY")
CANVASES = ("SAIL", "AWNING", "DOWN")
HANDS = ("ROW", "FISH", "BAIL", "MEND", "WATCH")


def tape_from_card(text: str) -> tuple[int, ...]:
    """The 40 values printed after the DICE TAPE heading, read off the card's own text."""
    found = re.search(r"## DICE TAPE \(d20, seed [^)]*\)((?:\s+\d{1,2}){40})", text)
    if found is None:
        raise ValueError("no DICE TAPE of 40 values in this text")
    return tuple(int(v) for v in found.group(1).split())


# -- the sky and the sea ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Sky:
    name: str
    sail: int  # the sail number (hard weather has none: 0, never used)
    sun: int
    catch: int  # what a spread awning catches
    hard: bool


def sky_of(value: int) -> Sky:
    """THE SKY — read the dawn value."""
    if value <= 4:
        return Sky("DEAD CALM", 0, 2, 0, False)
    if value <= 8:
        return Sky("LIGHT AIRS", 1, 1, 0, False)
    if value <= 12:
        return Sky("STEADY BREEZE", 3, 1, 0, False)
    if value <= 15:
        return Sky("OVERCAST", 2, 0, 5, False)
    if value <= 18:
        return Sky("RAIN SQUALLS", 3, 0, 10, False)
    return Sky("HARD WEATHER", 0, 0, 0, True)


def is_dew(v: int) -> bool:
    return 1 <= v <= 3


def is_seams(v: int) -> bool:
    return 4 <= v <= 6


def is_sharks(v: int) -> bool:
    return 7 <= v <= 9


def is_swell(v: int) -> bool:
    return v in (10, 11)


def is_birds(v: int) -> bool:
    return v in (12, 13)


def is_flotsam(v: int) -> bool:
    return v == 16


def is_turtle(v: int) -> bool:
    return v == 17


def is_ship(v: int) -> bool:
    return 18 <= v <= 20


def flares_needed(v: int) -> int:
    """18: "Only both flares burnt together carry that far"; 19-20: "One flare and she rounds to"."""
    return 2 if v == 18 else 1


# -- the state ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Calls:
    """The day's three calls as called: issue, canvas (None: not asked, a LOST canvas) and hands
    (None: not asked, a BUTCHERING day or nobody on his feet)."""

    issue: str
    canvas: str | None
    hands: str | None


@dataclass(frozen=True)
class Turtle:
    take: bool


@dataclass(frozen=True)
class Signal:
    burn: int  # flares burnt: 0, 1 or 2


@dataclass(frozen=True)
class LetHerDrive:
    pass


Action = Calls | Turtle | Signal | LetHerDrive


@dataclass(frozen=True)
class Dusk:
    """A dusk stopped after step 1 while the player is asked the turtle or the signal."""

    issue: str  # the issue poured (after any fall)
    canvas: str  # the canvas as called ("SAIL", "AWNING", "DOWN"; a LOST canvas is "DOWN")
    hands: str | None
    mend: bool
    seams_before: bool
    sharks_before: int
    butchering_today: bool
    sea: int


@dataclass(frozen=True)
class Boat:
    day: int = 1
    westing: int = 0
    water: int = 26
    thirst: int = 0
    crew: tuple[str, ...] = (UP, UP, UP, UP, UP)
    canvas: str = "down"  # sail | awning | down | lost, as it lies
    flares: int = 2
    tape: int = 0
    seams: bool = False
    sharks: int = 0
    butchering: bool = False
    in_lane: bool = False
    passed_ship: bool = False
    turn: int = 1
    end: str | None = None
    waiting: Dusk | None = None  # a dusk waiting on the turtle or the signal


def on_feet(boat: Boat) -> list[int]:
    return [i for i, s in enumerate(boat.crew) if s == UP]


def longest_down(crew: tuple[str, ...] | list[str]) -> int | None:
    """THE SOUL LONGEST DOWN is the soul earliest in the printed order carrying `!`."""
    for i, s in enumerate(crew):
        if s == DOWN_:
            return i
    return None


def next_on_feet(crew: list[str]) -> int | None:
    for i, s in enumerate(crew):
        if s == UP:
            return i
    return None


def souls(boat: Boat) -> int:
    """A SOUL is alive at the end and not salt-poisoned; s2 and s1 do not count."""
    return sum(1 for s in boat.crew if s in (UP, DOWN_))


# -- the engine --------------------------------------------------------------------------------------


class Becalmed:
    """The card's game on one tape. States are `Boat`s; `apply` returns the next one."""

    def __init__(self, tape: tuple[int, ...] = PRINTED_TAPE, stop_day: int | None = None) -> None:
        if len(tape) != TAPE_LENGTH or any(not 1 <= v <= 20 for v in tape):
            raise ValueError("a BECALMED tape is 40 d20 values")
        self.tape = tape
        # Rule 8, "Honour any limit they state": a stop at day N (ruling 30) ends the voyage
        # given-over at the end of day N's dusk, after the card's own ends.
        self.stop_day = stop_day
        # How often each of the card's situations came up (for a test to show what it covered).
        self.seen: Counter[str] = Counter()
        # docs/rulings.md BECALMED 1, the other reading an AI may follow: SHARKS counted down on the
        # night it is set ("counted down each dusk in step 2").
        self.sharks_count_the_setting_dusk = False

    def saw(self, situation: str, when: bool = True) -> bool:
        if when:
            self.seen[situation] += 1
        return when

    def read(self, pos: int) -> int:
        """Position `pos` is 1-based: "day n reads positions 2n-1 and 2n"."""
        return self.tape[pos - 1]

    # THE FIRST DAY: "read the day-one dawn value, announce the sky, and ask for the three calls."
    def new(self) -> Boat:
        return Boat(tape=1)

    def sky(self, boat: Boat) -> Sky:
        return sky_of(self.read(2 * boat.day - 1))

    # -- what may be called ------------------------------------------------------------------------

    def hands_asked(self, boat: Boat) -> bool:
        """No hands call on a BUTCHERING day ("no hands call asked") nor when nobody is on his
        feet (ruling 27)."""
        return not boat.butchering and bool(on_feet(boat))

    def refusal(self, boat: Boat, action: Action) -> str | None:
        if boat.end is not None:
            return "the voyage is over"
        if isinstance(action, LetHerDrive):
            return None
        if boat.waiting is not None:
            sea = boat.waiting.sea
            if isinstance(action, Turtle):
                return None if is_turtle(sea) else "no turtle waits"
            if isinstance(action, Signal):
                if not is_ship(sea):
                    return "no ship waits"
                if not 0 <= action.burn <= min(2, boat.flares):
                    return "not that many flares"
                return None
            return "the dusk waits on the player's answer"
        if not isinstance(action, Calls):
            return "nothing waits on that answer"
        if action.issue not in ISSUES:
            return "no such issue"
        lost = boat.canvas == "lost"
        canvas = action.canvas
        if lost:
            # "LOST counts as DOWN": the only canvas there is; not asked (ruling 5).
            if canvas not in (None, "DOWN"):
                return "the canvas is LOST"
        elif canvas not in CANVASES:
            return "a canvas call is needed"
        canvas = "DOWN" if lost else canvas
        hands = action.hands
        if not self.hands_asked(boat):
            if hands is not None:
                return "no hands call today"
            return None
        if hands not in HANDS:
            return "a hands call is needed"
        if canvas == "AWNING" and hands not in ("BAIL", "MEND", "WATCH"):
            return "under the awning the hands can only BAIL, MEND or WATCH"
        if hands == "ROW" and len(on_feet(boat)) < 3:
            return "ROW needs three souls on their feet"
        if hands == "FISH":
            if canvas != "DOWN":
                return "FISH: canvas DOWN or LOST only"
            if boat.sharks > 0:
                return "never while SHARKS stands"
        if hands == "MEND":
            if boat.crew[NANCE] != UP:
                return "MEND: Nance only, on her feet"
            if not lost:
                return "MEND: canvas LOST only"
        return None

    def legal(self, boat: Boat) -> list[Action]:
        """Every action the card allows now (empty once the voyage is over)."""
        if boat.end is not None:
            return []
        out: list[Action] = []
        if boat.waiting is not None:
            if is_turtle(boat.waiting.sea):
                out += [Turtle(True), Turtle(False)]
            else:
                out += [Signal(n) for n in range(min(2, boat.flares) + 1)]
        else:
            # A LOST canvas is not asked (ruling 5): the call is listed with no canvas.
            canvases: list[str | None] = [None] if boat.canvas == "lost" else list(CANVASES)
            hands_list: list[str | None] = list(HANDS) if self.hands_asked(boat) else [None]
            for issue in ISSUES:
                for canvas in canvases:
                    for hands in hands_list:
                        call = Calls(issue, canvas, hands)
                        if self.refusal(boat, call) is None:
                            out.append(call)
        out.append(LetHerDrive())
        return out

    # -- a reply -------------------------------------------------------------------------------------

    def apply(self, boat: Boat, action: Action) -> Boat:
        why = self.refusal(boat, action)
        if why is not None:
            raise ValueError(why)
        boat = replace(boat, turn=boat.turn + 1)  # every reply is a turn (ruling 21)
        if isinstance(action, LetHerDrive):
            # "end at once (end:given-over)": where it stands.
            return replace(boat, end="given-over")
        if isinstance(action, Calls):
            return self._calls(boat, action)
        assert boat.waiting is not None
        dusk = boat.waiting
        boat = replace(boat, waiting=None)
        if isinstance(action, Turtle):
            return self._rest_of_dusk(boat, dusk, turtle_taken=action.take, burnt=0)
        assert isinstance(action, Signal)
        return self._rest_of_dusk(boat, dusk, turtle_taken=False, burnt=action.burn)

    def _calls(self, boat: Boat, calls: Calls) -> Boat:
        # 1) THE ISSUE: "The measures leave the breaker at the call, against what is in her that
        # morning: too low for FULL and it falls to SHORT, to DRY on an empty breaker; a SHORT with
        # one measure left pours it and still counts."
        issue = calls.issue
        if issue == "FULL" and boat.water < 4:
            issue = "SHORT"
            self.saw("FULL falls to SHORT")
        if issue == "SHORT" and boat.water < 1:
            issue = "DRY"
            self.saw("falls to DRY on an empty breaker")
        self.saw("a SHORT pours the last measure", issue == "SHORT" and boat.water == 1)
        self.saw(f"hands {calls.hands}")
        poured = {"FULL": 4, "SHORT": min(2, boat.water), "DRY": 0}[issue]
        canvas = "DOWN" if boat.canvas == "lost" else calls.canvas
        assert canvas is not None
        mend = calls.hands == "MEND"
        boat = replace(boat, water=boat.water - poured)
        # The canvas as called is how she lies from now (a LOST canvas stays LOST).
        if boat.canvas != "lost":
            boat = replace(boat, canvas=canvas.lower())
        dusk = Dusk(
            issue=issue,
            canvas=canvas,
            hands=calls.hands,
            mend=mend,
            seams_before=boat.seams,
            sharks_before=boat.sharks,
            butchering_today=boat.butchering,
            sea=self.read(2 * boat.day),
        )
        # The dusk value: "the second that dusk's SEA"
        boat = replace(boat, tape=2 * boat.day)
        boat = self._step1(boat, dusk)
        sea = dusk.sea
        asks = is_turtle(sea) or (is_ship(sea) and boat.in_lane and boat.flares >= flares_needed(sea))
        if asks:
            return replace(boat, waiting=dusk)
        return self._rest_of_dusk(boat, dusk, turtle_taken=False, burnt=0)

    def _step1(self, boat: Boat, dusk: Dusk) -> Boat:
        """1) WESTING. On a 19-20 dawn take HARD WEATHER's line and nothing else. Otherwise +1 for
        the set — nothing at all under the awning — then the sky's sail number if the canvas was
        SAIL. Either way, +1 if the hands rowed."""
        sky = self.sky(boat)
        w = boat.westing
        canvas = boat.canvas
        if sky.hard:
            if dusk.canvas == "DOWN":
                w += 1  # DOWN, hands BAILING or elsewhere: +1 league
            elif dusk.canvas == "SAIL":
                self.saw("hard weather under SAIL")
                w += 5  # running before it under a scrap: +5 leagues, canvas LOST
                canvas = "lost"
            else:
                self.saw("hard weather under the AWNING")
                canvas = "lost"  # AWNING: no way made, canvas LOST
        else:
            if dusk.canvas != "AWNING":
                w += 1
            if dusk.canvas == "SAIL":
                w += sky.sail
        if dusk.hands == "ROW":
            w += 1
        w = min(w, BEACH)  # "WESTING — 0 to 30 leagues" (ruling 20: held at 30)
        # "Set IN-THE-LANE while the westing sits in the band, read as step 1 leaves it."
        in_lane = 14 <= w <= 24
        return replace(boat, westing=w, canvas=canvas, in_lane=in_lane)

    def _rest_of_dusk(self, boat: Boat, dusk: Dusk, *, turtle_taken: bool, burnt: int) -> Boat:
        sky = self.sky(boat)
        sea = dusk.sea
        hands = dusk.hands
        awning_spread = dusk.canvas == "AWNING" and not sky.hard  # carried away in hard weather

        # 2) THE WATER, in this order.
        water = boat.water
        if sky.hard and not (dusk.canvas == "DOWN" and hands == "BAIL"):
            water = max(0, water - 4)  # hard weather's 4 spoiled
        if awning_spread:
            water += sky.catch  # the awning's rain-catch
        # the dusk value
        seams = boat.seams
        sharks = boat.sharks
        butchering = boat.butchering
        flares = boat.flares
        passed = boat.passed_ship
        answered = False
        westing = boat.westing
        sharks_set_tonight = False
        self.saw("dew with the awning carried away", is_dew(sea) and dusk.canvas == "AWNING" and sky.hard)
        if is_dew(sea) and self.saw("heavy dew caught", awning_spread):
            water += 3
        elif is_seams(sea):
            self.saw("seams open while already set", seams)
            self.saw("seams open on a BAIL day", not seams and hands == "BAIL")
            seams = True
        elif is_sharks(sea):
            self.saw("sharks while SHARKS stands", sharks > 0)
            self.saw("sharks tear off the day's fish", hands == "FISH")
            sharks = 3
            sharks_set_tonight = True
        elif is_birds(sea):
            self.saw("birds")
            westing = min(BEACH, westing + 1)  # +1 league (ruling 15: everywhere; lane unchanged)
        elif is_flotsam(sea):
            water += 6
        elif is_turtle(sea) and turtle_taken:
            water += 6
            self.saw("turtle taken on a BUTCHERING day", butchering)
            self.saw("turtle taken on day 14", boat.day == DAYS)
            butchering = True  # set anew: it spends tomorrow's hands
        elif is_ship(sea) and boat.in_lane:
            need = flares_needed(sea)
            if burnt:
                flares -= burnt
            self.saw("one flare burnt on a masthead light", sea == 18 and burnt == 1)
            self.saw("two flares burnt on a sail", sea != 18 and burnt == 2)
            if burnt >= need:
                answered = True
            else:
                passed = True  # "Let her go, or lack the flares, and she stands on north"
        # the day's fish, unless this dusk was SHARKS
        if hands == "FISH" and not is_sharks(sea):
            water += 5 if sky.name == "DEAD CALM" else 2
        # 2 bled for SEAMS set on an earlier dusk, unless the hands BAILED
        if dusk.seams_before:
            if self.saw("seams closed by BAIL", hands == "BAIL"):
                seams = False
            else:
                water = max(0, water - 2)
        # then count SHARKS down one (not on the dusk that set it: ruling 1)
        if sharks > 0 and (not sharks_set_tonight or self.sharks_count_the_setting_dusk):
            sharks -= 1

        # 3) THIRST.
        crew = list(boat.crew)
        t = boat.thirst + 1
        if dusk.canvas != "AWNING":
            t += sky.sun
        if hands == "ROW":
            t += 1
        if sky.hard:
            t += 1
        if is_swell(sea) and hands != "WATCH":
            t += 1
        if S2 in crew:
            t += 2  # a soul drank salt last night
        t -= {"FULL": 2, "SHORT": 1, "DRY": 0}[dusk.issue]
        self.saw("thirst clamped at 7", t > 7)
        t = max(0, min(7, t))

        # 4) THE CREW.
        for i, s in enumerate(crew):
            if s == S2:
                crew[i] = S1
            elif s == S1:
                crew[i] = DEAD
                self.saw("a salt death")
                self.saw("a salt death on a thirst-7 night", t == 7)
        if t in (5, 6):
            j = next_on_feet(crew)
            if j is not None:
                crew[j] = DOWN_
        elif t == 7:
            k = longest_down(crew)
            if k is not None:
                crew[k] = DEAD
                self.saw("thirst 7 kills the soul longest down")
            j = next_on_feet(crew)
            if j is not None:
                crew[j] = DOWN_

        # 5) THE OVER-SIDE.
        if t >= 6 and hands != "WATCH":
            k = longest_down(crew)
            if k is not None:
                self.saw("over the side")
                if self.saw("over the side with SHARKS standing", sharks > 0):
                    crew[k] = DEAD
                else:
                    crew[k] = S2
                    t -= 1

        # 6) THE WATCH.
        if hands == "WATCH" and t <= 3:
            k = longest_down(crew)
            if self.saw("the watch raises a soul", k is not None) and k is not None:
                crew[k] = UP

        canvas = boat.canvas
        if self.saw("MEND", dusk.mend):
            canvas = "down"  # "a day of her hands and it is bent again by dawn"
        if dusk.butchering_today:
            # "clears at that dusk"; a turtle tonight sets it anew (ruling 14)
            butchering = turtle_taken and is_turtle(sea)

        boat = replace(
            boat,
            westing=westing,
            water=water,
            thirst=t,
            crew=tuple(crew),
            canvas=canvas,
            flares=flares,
            seams=seams,
            sharks=sharks,
            butchering=butchering,
            passed_ship=passed,
        )

        # 7) THE ENDS, in this order and no other.
        end: str | None = None
        if not any(s in (UP, DOWN_) for s in crew):
            end = "boat-empty"
        elif boat.westing >= BEACH:
            end = "landfall"
        elif answered:
            end = "taken-off"
        elif boat.day == DAYS:
            end = "carried-off"
        elif boat.day == self.stop_day:
            end = "given-over"
        if end is not None:
            self.saw(f"end:{end} with a MEND", dusk.mend)
            return replace(boat, end=end)
        # The next dawn (ruling 19): read and announce it.
        return replace(boat, day=boat.day + 1, tape=2 * boat.day + 1)

    # -- the card's lines ----------------------------------------------------------------------------

    def flags(self, boat: Boat) -> str:
        out = []
        if boat.seams:
            out.append("SEAMS")
        if boat.sharks > 0:
            out.append(f"SHARKS-{boat.sharks}")
        if boat.butchering:
            out.append("BUTCHERING")
        if boat.in_lane:
            out.append("IN-THE-LANE")
        if boat.passed_ship:
            out.append("PASSED-A-SHIP")
        return ",".join(out) or "none"

    def crew(self, boat: Boat) -> str:
        return "".join(letter + s for letter, s in zip(ORDER, boat.crew, strict=True))

    def ledger(self, boat: Boat) -> str:
        return (
            f"[L] day {boat.day}/14 | westing {boat.westing}/30 | water {boat.water} | "
            f"thirst {boat.thirst}/7 | crew:{self.crew(boat)} | canvas:{boat.canvas} | "
            f"flares:{boat.flares} | tape:{boat.tape} | flags:{self.flags(boat)} | v1.0.0"
        )

    def save(self, boat: Boat) -> str:
        fields = (
            f"game:becalmed m:open-boat rules:1 turn:{boat.turn} day:{boat.day}/14 "
            f"westing:{boat.westing}/30 water:{boat.water} thirst:{boat.thirst}/7 "
            f"canvas:{boat.canvas} flares:{boat.flares} crew:{self.crew(boat)} "
            f"tape:{boat.tape} flags:{self.flags(boat)} sha:none"
        )
        return f"-----BEGIN AIGC SAVE-----\n{fields}\n-----END AIGC SAVE-----"

    def load(self, block: str) -> Boat:
        """A boat from a SAVE block this engine printed (at a dawn: ruling 24 takes none mid-dusk).
        "The tape position restores the weather exactly … The crew string restores who is down and
        who is poisoned, and an s2 carries the +2 thirst due tomorrow": nothing else is kept."""
        body = block.split("-----BEGIN AIGC SAVE-----", 1)[1].split("-----END AIGC SAVE-----", 1)[0]
        f = dict(part.split(":", 1) for part in body.split())
        crew = tuple(re.findall(r"[PCONY](s2|s1|[.!x])", f["crew"]))
        flags = [] if f["flags"] == "none" else f["flags"].split(",")
        sharks = next((int(x.split("-")[1]) for x in flags if x.startswith("SHARKS-")), 0)
        return Boat(
            day=int(f["day"].split("/")[0]),
            westing=int(f["westing"].split("/")[0]),
            water=int(f["water"]),
            thirst=int(f["thirst"].split("/")[0]),
            crew=crew,
            canvas=f["canvas"],
            flares=int(f["flares"]),
            tape=int(f["tape"]),
            seams="SEAMS" in flags,
            sharks=sharks,
            butchering="BUTCHERING" in flags,
            in_lane="IN-THE-LANE" in flags,
            passed_ship="PASSED-A-SHIP" in flags,
            turn=int(f["turn"]),
        )

    def score(self, boat: Boat) -> int | None:
        if boat.end is None:
            return None
        n = souls(boat)
        if boat.end == "landfall":
            s = 14 * n + 30
        elif boat.end == "taken-off":
            s = 14 * n + boat.westing
        elif boat.end == "carried-off":
            s = 5 * n + boat.westing // 4
        else:
            s = 0
        return max(0, min(100, s))

    def result(self, boat: Boat) -> str | None:
        if boat.end is None:
            return None
        return f"RESULT: AIGC|becalmed|open-boat|v1.0.0|end:{boat.end}|ch:1|turns:{boat.turn}|score:{self.score(boat)}|tape:{boat.tape}|sha:none"

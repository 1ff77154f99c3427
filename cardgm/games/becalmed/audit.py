"""BECALMED's part of the audit: its LEDGER read leniently, the rules' reasons in plain words, the
tape reads an AI announces, and the calls its numbers show.

The LEDGER carries every number of the boat, so an AI's own line is rebuilt from its LEDGER (the
day's pending turtle or signal, which no LEDGER shows, is taken from the rules' line).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from cardgm.game import Game, GameError
from cardgm.games.becalmed import notation
from cardgm.games.becalmed import rules as R
from cardgm.games.becalmed.state import DAYS, NAMES, State
from cardgm.verify.audit import Adapter, Context, Finding, Step

FIELDS = ("day", "westing", "water", "thirst", "crew", "canvas", "flares", "tape", "flags")

_LENIENT = {
    "day": r"day\s*(\d+)\s*/\s*14",
    "westing": r"westing\s*:?\s*(\d+)",
    "water": r"water\s*:?\s*(\d+)",
    "thirst": r"thirst\s*:?\s*(\d+)",
    "crew": r"crew\s*:\s*([^\s|]+)",
    "canvas": r"canvas\s*:\s*([a-z]+)",
    "flares": r"flares\s*:\s*(\d+)",
    "tape": r"tape\s*:\s*(\d+)",
    "flags": r"flags\s*:\s*([^|]+?)\s*(?:\||$)",
}
SKIES = ("DEAD CALM", "LIGHT AIRS", "STEADY BREEZE", "OVERCAST", "RAIN SQUALLS", "HARD WEATHER")
SEAS = ("HEAVY DEW", "THE SEAMS WORK", "A SWELL FROM THE SOUTH-WEST", "BIRDS TO THE WESTWARD", "AN EMPTY SEA", "FLOTSAM", "A GREEN TURTLE")
_PAIR = re.compile(
    r"\btape\s*(?:position\s*|pos\.?\s*|#\s*)?(\d{1,2})\s*(?:reads|read|is|shows|gives|=|:|→|->|—|–|-)\s*(?:a\s+)?(\d{1,2})\b",
    re.I,
)


def _names(value: int, position: int) -> str:
    """The card's name for a tape value at a position: a sky at dawn (odd), a sea at dusk (even)."""
    return R.sky(value).name if position % 2 else R.sea(value)


class BecalmedAdapter(Adapter):
    game_id = "becalmed"
    counters = ()

    def parse(self, line: str) -> dict[str, str]:
        if not line.lstrip().startswith("[L]") or "westing" not in line:
            raise ValueError("not a BECALMED LEDGER line")
        out: dict[str, str] = {}
        missing = []
        for name in FIELDS:
            m = re.search(_LENIENT[name], line, re.I)
            if m:
                out[name] = m.group(1).strip()
            else:
                missing.append(name)
        if missing:
            raise ValueError(f"it has no {', '.join(missing)} (the card's LEDGER: {notation.ledger(State())})")
        out["canvas"] = out["canvas"].lower()
        out["flags"] = ",".join(f.strip() for f in out["flags"].split(",")) if out["flags"] != "none" else "none"
        return out

    def strict_problem(self, line: str, game: Game) -> str | None:
        try:
            notation.parse_ledger(line)
        except ValueError:
            return f"the card prints {notation.ledger(State())!r}, field for field"
        return None

    def fields(self, game: Game, state: Any) -> dict[str, str]:
        return self.parse(notation.ledger(state))

    def state_from(self, game: Game, f: dict[str, str], base: State) -> State:
        crew = notation.parse_crew(f["crew"])
        if crew is None:
            raise ValueError(f"crew:{f['crew']} is not five souls")
        flags = () if f["flags"] == "none" else tuple(f["flags"].split(","))
        sharks = next((int(x.split("-")[1]) for x in flags if re.fullmatch(r"SHARKS-\d", x)), 0)
        s = replace(
            base, day=int(f["day"]), westing=int(f["westing"]), water=int(f["water"]), thirst=int(f["thirst"]),
            crew=crew, canvas=f["canvas"], flares=int(f["flares"]), tape=int(f["tape"]),
            seams="SEAMS" in flags, sharks=sharks, butchering="BUTCHERING" in flags,
            in_lane="IN-THE-LANE" in flags, passed_ship="PASSED-A-SHIP" in flags,
        )
        tape = game.tape  # type: ignore[attr-defined]
        if s.phase == "calls" and s.end is None and s.tape % 2 == 0 and s.day < DAYS and s.tape == 2 * s.day:
            s, _ = R.read_dawn(s, tape)  # its dusk shown, the next dawn read when play goes on
        return s

    def alternatives(self, game: Game, st: Step | None) -> list[Any]:
        """The dusk, before the next dawn is read: a reply that stops there (ruling 19's other reading)."""
        if st is None:
            return []
        a, b = st.after, st.before
        if a.end is None and a.day == b.day + 1 and a.tape == 2 * a.day - 1 and a.phase == "calls":
            return [replace(a, day=a.day - 1, tape=a.tape - 1)]
        return []

    def label(self, state: State) -> str:
        return f"day {state.day}"

    # -- why the rules give what they give ---------------------------------------------------------

    def explain(self, ctx: Context, name: str) -> str:
        st = ctx.expected
        if st is None:
            return "the card's opening LEDGER"
        if not st.events:
            return "nothing moves on this message (cardgm: \"" + _first(st.reply.prose) + "\")"
        ai = ctx.ai or {}
        try:
            delta = int(ai.get(name, "x")) - int(ctx.expected_fields[name])
        except ValueError:
            delta = None
        ev = st.events
        b: State = st.before
        if name == "water":
            return _water(b, ev, delta)
        if name == "thirst":
            return _thirst(ev, delta)
        if name == "westing":
            return _westing(b, ev)
        if name == "crew":
            return _crew(ev, st.after)
        if name == "canvas":
            return _canvas(ev, st.after)
        if name == "flares":
            return _flares(ev, b)
        if name in ("tape", "day"):
            return (
                f"day {b.day} reads tape {2 * b.day - 1} at dawn and {2 * b.day} at dusk, never a third; "
                f"after the dusk the next dawn is read, so the LEDGER stands at day {st.after.day}, tape:{st.after.tape}"
            )
        if name == "flags":
            return _flags(ev, st.after)
        return "the card's RECKONING"

    # -- breaches of the tape ------------------------------------------------------------------------

    def breaches(self, ctx: Context) -> list[Finding]:
        out: list[Finding] = []
        tape = ctx.game.tape  # type: ignore[attr-defined]
        st = ctx.expected
        after: State = st.after if st else ctx.state
        before: State = st.before if st else after
        lo, hi = before.tape, after.tape
        text = "\n".join(line for line in ctx.ai_text.splitlines() if "[L]" not in line and "RESULT:" not in line)
        text = re.sub(r"\*\*|__|`", "", text)  # Markdown emphasis is not part of what is announced
        ai = ctx.ai
        flagged: set[int] = set()
        named: set[str] = set()  # names a rightly announced value covers (a forecast asked for)
        third = False
        if ai is not None:
            day, pos = int(ai["day"]), int(ai["tape"])
            if pos > 2 * day:
                third = True
                out.append(Finding(
                    "third-value", ctx.index, ctx.ai_where,
                    f"{ctx.label}: its LEDGER stands at day {day} with tape:{pos}: day {day} reads positions "
                    f"{2 * day - 1} and {2 * day}, two values a day and never a third",
                    field="tape", ai=str(pos), rules=str(hi),
                ))
        for m in _PAIR.finditer(text):
            p, v = int(m.group(1)), int(m.group(2))
            if not 1 <= p <= len(tape) or p in flagged:
                continue
            if tape[p - 1] == v:
                named.add(_names(v, p))
            if tape[p - 1] != v:
                flagged.add(p)
                out.append(Finding(
                    "tape-changed", ctx.index, ctx.ai_where,
                    f"{ctx.label}: it announces tape {p} as {v}; the printed tape reads {tape[p - 1]} "
                    f"({_names(tape[p - 1], p)}), never a kinder number",
                    field=f"tape {p}", ai=str(v), rules=str(tape[p - 1]),
                ))
            elif p > hi and not third and st is not None and st.events:  # a forecast answered is no read
                flagged.add(p)
                out.append(Finding(
                    "tape-out-of-turn", ctx.index, ctx.ai_where,
                    f"{ctx.label}: it reads tape {p} ({v}, {_names(v, p)}) out of turn: "
                    f"the next value is tape {lo + 1}, and this reply reads up to tape {hi}",
                    field=f"tape {p}", ai=str(v), rules=f"not read until later (tape:{hi})",
                ))
        # Sky and sea names announced in the card's capitals: each must be one this reply reads.
        if not flagged and not third:
            # The values its own LEDGER says it read count too: a move it ran on its own is its
            # own finding, and the skies of that move are not changed values.
            top = max(hi, int(ai["tape"])) if ai is not None else hi
            positions = range(max(1, lo), top + 1)
            skies = {R.sky(tape[q - 1]).name for q in positions if q % 2}
            seas = {R.sea(tape[q - 1]) for q in positions if q % 2 == 0}
            for name in SKIES:
                if re.search(r"\b" + name + r"\b", text) and skies and name not in skies and name not in named:
                    q = max(q for q in positions if q % 2)
                    out.append(Finding(
                        "tape-changed", ctx.index, ctx.ai_where,
                        f"{ctx.label}: it announces {name}; the dawn value this reply reads is tape {q}, "
                        f"{tape[q - 1]}: {R.sky(tape[q - 1]).name}",
                        field=f"tape {q}", ai=name, rules=R.sky(tape[q - 1]).name,
                    ))
                    break
            for name in SEAS:
                if re.search(r"\b" + re.escape(name) + r"\b", text) and seas and name not in seas and name not in named:
                    q = max(q for q in positions if q % 2 == 0)
                    out.append(Finding(
                        "tape-changed", ctx.index, ctx.ai_where,
                        f"{ctx.label}: it announces {name}; the dusk value this reply reads is tape {q}, "
                        f"{tape[q - 1]}: {R.sea(tape[q - 1])}",
                        field=f"tape {q}", ai=name, rules=R.sea(tape[q - 1]),
                    ))
                    break
        return out

    # -- the calls its numbers show ----------------------------------------------------------------

    def guess_move(self, ctx: Context) -> str | None:
        st = ctx.expected
        if st is None or ctx.ai is None:
            return None
        before: State = replace(st.before, turn=st.before.turn + 1)
        tape = ctx.game.tape  # type: ignore[attr-defined]
        player = st.action if isinstance(st.action, (R.Calls, R.Turtle, R.Signal)) else None
        for action in R.legal_actions(before):
            if player is not None and _same(action, player):
                continue
            try:
                after, _ = R.apply(before, action, tape)
            except GameError:
                continue
            shown = [after] + self.alternatives(ctx.game, Step(st.reply, before, after, (), action))
            if any(self.fields(ctx.game, s) == ctx.ai for s in shown):
                return f"its numbers are what {_words(action)} gives, " + (
                    f"and the player gave {_words(player)}" if player else "which the player never gave"
                )
        return None


def _same(a: object, b: object) -> bool:
    if isinstance(a, R.Calls) and isinstance(b, R.Calls):
        return (a.issue, a.canvas, a.hands) == (b.issue, b.canvas, b.hands)
    return a == b


def _words(action: object) -> str:
    if isinstance(action, R.Calls):
        return ", ".join(c for c in (action.issue, action.canvas, action.hands) if c)
    if isinstance(action, R.Turtle):
        return "taking the turtle" if action.take else "leaving the turtle"
    if isinstance(action, R.Signal):
        return f"burning {action.burn} flare{'s' if action.burn != 1 else ''}" if action.burn else "letting her go"
    return str(action)


def _first(text: str) -> str:
    return next((line.strip() for line in text.splitlines() if line.strip()), "")[:200]


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"


_WATER_WORDS = {
    "spoiled": "hard weather spoils", "rain-catch": "the awning's rain-catch", "dew": "the dew",
    "flotsam": "flotsam", "turtle": "the turtle", "fish": "the fish", "bled": "the seams bleed",
}


def _water(b: State, ev: tuple, delta: int | None) -> str:
    chain = [f"{b.water} in the breaker"]
    causes: list[str] = []
    for e in ev:
        if isinstance(e, R.Poured):
            fell = f" (called {e.called}, it falls to {e.issue} on {b.water})" if e.called != e.issue else ""
            chain.append(f"{e.issue} {_signed(-e.measures)}{fell}")
        elif isinstance(e, R.Water):
            chain.append(f"{_WATER_WORDS.get(e.item, e.item)} {_signed(e.amount)}")
            if e.item == "dew" and delta == -e.amount:
                causes.append("the dusk was HEAVY DEW and the awning was spread today, so the dew gives +3")
            if e.item == "spoiled" and delta == -e.amount:
                causes.append("the dawn was HARD WEATHER and the hands were not bailing under a stowed canvas, so 4 measures are spoiled")
            if e.item == "bled" and delta == -e.amount:
                causes.append("SEAMS set on an earlier dusk bleeds 2 measures a dusk until a day of BAIL closes her")
        elif isinstance(e, R.Torn):
            chain.append("the fish torn off the line")
            if delta in (2, 5):
                causes.append("the dusk was SHARKS, which tears the day's fish off the line")
        elif isinstance(e, R.Flag) and e.flag == "SEAMS" and e.action == "closed":
            chain.append("no bleed: the BAIL closes the seams")
            if delta == -2:
                causes.append("the hands BAILED, which cancels tonight's bleed and closes her")
        elif isinstance(e, R.SeaRead) and e.name == "HEAVY DEW" and delta == 3:
            causes.append("the dew is caught only when the awning was spread today")
    after = next((e.water for e in reversed(ev) if isinstance(e, (R.Water, R.Poured))), b.water)
    text = ", ".join(chain) + f" = {after}"
    return f"{', or '.join(causes)} ({text})" if causes else text


def _thirst(ev: tuple, delta: int | None) -> str:
    t = next((e for e in ev if isinstance(e, R.Thirst)), None)
    if t is None:
        return "no dusk is reckoned on this message"
    parts = ", ".join(f"{name} {_signed(n)}" for name, n in t.parts)
    raw = t.before + sum(n for _, n in t.parts)
    text = f"{t.before}, {parts} = {raw}" + (f", clamped to {t.after}" if raw != t.after else "")
    salt = next((e for e in ev if isinstance(e, R.OverSide) and not e.lost), None)
    if salt:
        text += f"; then −1 tonight as {NAMES[salt.soul]} drinks salt water"
    hint = ""
    if delta:
        missing = [(name, n) for name, n in t.parts if n == -delta]
        if missing:
            hint = f"it leaves out {missing[0][0]} {_signed(missing[0][1])}: "
    return hint + text


def _westing(b: State, ev: tuple) -> str:
    w = next((e for e in ev if isinstance(e, R.Westing)), None)
    if w is None:
        return "no westing is made on this message"
    parts = ", ".join(f"{name} {_signed(n)}" for name, n in w.parts)
    text = f"{b.westing}, {parts} = {w.westing}"
    birds = next((e for e in ev if isinstance(e, R.Birds)), None)
    if birds:
        text += f"; birds to the westward +1 = {birds.westing}"
    return text


def _crew(ev: tuple, after: State) -> str:
    said = []
    thirst = next((e.after for e in ev if isinstance(e, R.Thirst)), after.thirst)
    for e in ev:
        if isinstance(e, R.Salt):
            said.append(f"{NAMES[e.soul]} {'dies of the salt' if e.to == 'x' else 'moves to s1'}")
        elif isinstance(e, R.Dies):
            said.append(f"at thirst 7 {NAMES[e.soul]}, longest down, dies")
        elif isinstance(e, R.GoesDown):
            said.append(f"at thirst {thirst} {NAMES[e.soul]}, next on his feet, goes down")
        elif isinstance(e, R.OverSide):
            said.append(f"{NAMES[e.soul]} goes over for salt water" + (" and, with SHARKS standing, does not come back" if e.lost else ", marked s2"))
        elif isinstance(e, R.Raised):
            said.append(f"the watch puts {NAMES[e.soul]} back on his feet")
    if not said:
        return f"nobody goes down, dies or rises tonight (thirst {thirst}/7; souls go down at 5 or more, die at 7)"
    return "; ".join(said) + f" (crew:{notation.crew_string(after.crew)})"


def _canvas(ev: tuple, after: State) -> str:
    said = []
    for e in ev:
        if isinstance(e, R.CallsTaken):
            said.append(f"the canvas call is {e.canvas}")
        elif isinstance(e, R.CarriedAway):
            said.append(f"{e.canvas} in hard weather is carried away: LOST")
        elif isinstance(e, R.Mended):
            said.append("Nance's mend bends it again by dawn")
    return "; ".join(said) + f" (canvas:{after.canvas})" if said else f"the canvas stays {after.canvas}"


def _flares(ev: tuple, b: State) -> str:
    ship = next((e for e in ev if isinstance(e, R.Ship)), None)
    if ship is None:
        return f"no flare is burnt on this message ({b.flares} in the boat)"
    if not ship.in_lane:
        return "outside the lane an 18–20 is nothing: no ship, no flare"
    return f"{ship.burnt} burnt" + (": she rounds to" if ship.answered else ": she stands on north")


def _flags(ev: tuple, after: State) -> str:
    said = []
    for e in ev:
        if isinstance(e, R.Flag):
            said.append(f"{e.flag} {e.action}")
        elif isinstance(e, R.Westing):
            said.append(f"westing {e.westing} is {'inside' if e.in_lane else 'outside'} the lane (14 to 24)")
        elif isinstance(e, R.Ship) and e.in_lane and not e.answered:
            said.append("a ship let go or not answered: PASSED-A-SHIP")
        elif isinstance(e, R.Water) and e.item == "turtle":
            said.append("the turtle taken: BUTCHERING")
    flags = notation.flags_text(after)
    return ("; ".join(said) + f" (flags:{flags})") if said else f"flags:{flags}"


ADAPTER = BecalmedAdapter()

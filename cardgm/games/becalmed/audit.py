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
from cardgm.games.becalmed.events import CallsTaken, Thirst, Water
from cardgm.games.becalmed.state import DAYS, NAMES, State
from cardgm.verify.audit import Adapter, Context, Finding, Step
from cardgm.verify.audit.lines import field_problem
from cardgm.verify.reads import announced

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


NAMES_OF_VALUES: dict[str, str] = {**{R.sky(v).name: "sky" for v in range(1, 21)}, **{R.sea(v): "sea" for v in range(1, 21)}}


def _when(position: int) -> str:
    """Which read a position is: day n's dawn (2n−1) or dusk (2n)."""
    return f"day {(position + 1) // 2}'s {'dawn' if position % 2 else 'dusk'}"


def _finding(kind: str, ctx: Context, position: int, ai: str, rules: str, text: str) -> Finding:
    return Finding(kind, ctx.index, ctx.ai_where, text, field=f"tape {position}", ai=ai, rules=rules)


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
            raise ValueError(f"it has no {', '.join(missing)} field (the card's LEDGER: {notation.ledger(State())})")
        out["canvas"] = out["canvas"].lower()
        out["flags"] = ",".join(f.strip() for f in out["flags"].split(",")) if out["flags"] != "none" else "none"
        return out

    def strict_problem(self, line: str, game: Game) -> str | None:
        try:
            notation.parse_ledger(line)
        except ValueError:
            pass
        else:
            return None
        # Name the field that differs from the card's line for the same numbers.
        try:
            card_line = notation.ledger(self.state_from(game, self.parse(line), game.new()))
        except (ValueError, TypeError, KeyError):
            card_line = notation.ledger(State())
        return field_problem(line, card_line) or f"the card prints {card_line!r}, field for field"


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
        elif s.phase == "calls" and s.end is None and s.day >= 1 and s.tape == 2 * s.day - 2:
            # Its day shown before that day's dawn is read (an opening that waits for "begin"): the
            # dawn is read when play goes on, never a third value.
            s, _ = R.read_dawn(replace(s, day=s.day - 1), tape)
        return s

    def result_turns(self, state: State, turns: int) -> set[int]:
        """BECALMED never defines RESULT's `turns:{n}` (question 21; its LEDGER has no turn): replies
        so far (cardgm's ruling), the player's messages (one fewer: the opening answers none), or the
        day reached are all readings of it."""
        return {turns, turns - 1, state.day}

    def alternatives(self, game: Game, st: Step | None) -> list[Any]:
        """The dusk, before the next dawn is read: a reply that stops there (ruling 19's other reading).
        And a hard-weather dusk by the other readings of questions 28 and 6: a day of BAIL keeps her dry
        under SAIL or AWNING too ("keeps her dry in a gale"), and a FISH catches nothing ("every hand works")."""
        if st is None:
            return []
        a, b = st.after, st.before
        out = []
        for water in (_without(st.events, "spoiled", a.water, "BAIL"), _without(st.events, "fish", a.water, None)):
            if water is not None and _hard_weather(st.events):
                out.append(replace(a, water=water))
        if a.end is None and a.day == b.day + 1 and a.tape == 2 * a.day - 1 and a.phase == "calls":
            out += [replace(s, day=s.day - 1, tape=s.tape - 1) for s in [a, *out]]
        elif a.end is None and (a.day, a.tape) == (b.day, b.tape) and a.day > 1 and a.tape == 2 * a.day - 1 and a.phase == "calls":
            # A reply that moves nothing (a question, a save) after one that stopped at the dusk: the
            # next dawn is still unread on that reading, so its LEDGER still shows the dusk.
            out.append(replace(a, day=a.day - 1, tape=a.tape - 1))
        return out

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
        """Tape reads: a LEDGER that has read more values than its day allows, and every value or
        name the prose announces, against the positions this reply reads (two a day, dawn then dusk)."""
        out: list[Finding] = []
        tape = ctx.game.tape  # type: ignore[attr-defined]
        st = ctx.expected
        after: State = st.after if st else ctx.state
        before: State = st.before if st else replace(after, tape=after.tape - 1)  # an opening re-reads its dawn
        lo, hi = before.tape, after.tape
        ai = ctx.ai
        prev = ctx.ai_prev or {}
        if st is not None and prev.get("tape") == str(lo - 1) and lo % 2 == 1 and prev.get("day") == str(before.day - 1):
            lo -= 1  # its last LEDGER stopped at the dusk (ruling 19): this reply reads the dawn after it
        if ai is not None:
            day, pos = int(ai["day"]), int(ai["tape"])
            if pos > 2 * day:
                return [Finding(
                    "third-value", ctx.index, ctx.ai_where,
                    f"A third value read in a day: its LEDGER stands at day {day} with tape:{pos}, but day {day} reads "
                    f"tape {2 * day - 1} and {2 * day}. Two values a day, dawn then dusk, and never a third.",
                    field="tape", ai=str(pos), rules=str(hi),
                )]
            # (One value past the rules' dawn is that day's dusk: a move the rules did not read,
            # judged as a move, never a third value.)
            if st is not None and day == after.day and pos > hi and pos - lo > 2 and after.phase == "calls":
                read = [str(q) for q in range(lo + 1, pos + 1)]
                return [Finding(
                    "third-value", ctx.index, ctx.ai_where,
                    f"A third value read in a day: its LEDGER stands at day {day} with tape:{pos} where the rules stand at "
                    f"tape:{hi}, so this reply reads {len(read)} values (tape {', '.join(read)}) for one day's calls. "
                    "Two values a day, dawn then dusk, and never a third.",
                    field="tape", ai=str(pos), rules=str(hi),
                )]
        moved = st is None or bool(st.events) or (ai is not None and ai.get("tape") != str(lo))
        slots = {q: tape[q - 1] for q in range(lo + 1, hi + 1) if 1 <= q <= len(tape)}
        shown = {q for q in slots}
        reads = announced(ctx.ai_text, NAMES_OF_VALUES)
        said_at: set[int] = set()
        for r in reads:  # first pass: which slots does the prose announce by position?
            if r.position in slots:
                said_at.add(r.position)
        flagged = False
        for r in reads:
            if flagged:
                break
            p, v, name = r.position, r.value, r.name
            kind = NAMES_OF_VALUES.get(name) if name else None
            if p is not None and v is not None and 1 <= p <= len(tape):
                if tape[p - 1] != v:
                    out.append(self._wrong(ctx, p, v, name, slots, tape))
                    flagged = True
                elif name and _names(v, p) != name and p in slots:
                    out.append(_finding("tape-changed", ctx, p, name, _names(v, p),
                                        f"The AI announces tape {p} as {name}; tape {p} reads {v}, which at "
                                        f"{'dawn' if p % 2 else 'dusk'} is {_names(v, p)}."))
                    flagged = True
                elif moved and st is not None and p > hi and not any(q % 2 == p % 2 for q in said_at):
                    q = next((q for q in sorted(slots) if q % 2 == p % 2), None)
                    if q is not None:
                        out.append(_finding("tape-out-of-turn", ctx, p, str(v), f"tape {q}",
                                            f"The AI reads tape {p} ({v}, {_names(v, p)}) out of turn, in place of tape {q}: "
                                            f"{_when(q)} reads tape {q}, a {tape[q - 1]} ({_names(tape[q - 1], q)}). "
                                            "The tape is read in order, two values a day."))
                        flagged = True
                continue
            if not moved or kind is None or name is None:  # kind is None whenever name is
                continue
            q = next((q for q in sorted(slots) if (q % 2 == 1) == (kind == "sky")), None)
            if q is None or q in said_at:
                continue
            if v is not None and v != slots[q]:
                out.append(self._wrong(ctx, q, v, name, slots, tape, named_position=False))
                flagged = True
            elif v is None and name != _names(slots[q], q) and name not in {_names(slots[x], x) for x in shown}:
                out.append(_finding("tape-changed", ctx, q, name, _names(slots[q], q),
                                    f"The AI announces {name}; {_when(q)}, which this reply reads, is tape {q}, a {slots[q]}: "
                                    f"{_names(slots[q], q)}."))
                flagged = True
        return out

    def _wrong(self, ctx: Context, p: int, v: int, name: str | None, slots: dict[int, int], tape: tuple[int, ...], named_position: bool = True) -> Finding:
        """A value that is not the printed one at its position: another position's value read in its
        place (out of turn), or a value of its own (changed)."""
        what = f"{v}" + (f" ({name})" if name else "")
        for q in (p - 1, p + 1, p - 2, p + 2):
            if 1 <= q <= len(tape) and tape[q - 1] == v and tape[p - 1] != v:
                when = "already read" if q <= min(slots, default=p) - 1 or q < p else "not yet due"
                return _finding(
                    "tape-out-of-turn", ctx, p, str(v), str(tape[p - 1]),
                    f"The AI reads {what} as {_when(p)} (tape {p}), but {v} is tape {q}, {_when(q)}, {when}: "
                    f"tape {p} reads {tape[p - 1]} ({_names(tape[p - 1], p)}). A value read out of turn.",
                )
        said = f"tape {p} as {v}" if named_position else f"{what} for {_when(p)}"
        return _finding(
            "tape-changed", ctx, p, str(v), str(tape[p - 1]),
            f"The AI announces {said}; the printed tape reads {tape[p - 1]} ({_names(tape[p - 1], p)}) at tape {p}. "
            "Never a kinder number.",
        )

    # -- the calls its numbers show, and the calls the words name ----------------------------------------

    words_decide = True

    def candidates(self, game: Game, before: State, ai: dict[str, str], play: Game) -> list[tuple[Any, Any]]:
        bumped = replace(before, turn=before.turn + 1)
        out = []
        for action in R.legal_actions(bumped):
            try:
                after, events = play.apply(bumped, action)
            except GameError:
                continue
            shown = [after] + self.alternatives(game, Step(None, bumped, after, tuple(events), action))  # type: ignore[arg-type]
            if any(self.fields(game, s) == ai for s in shown):
                out.append((action, after))
        return out

    def move_words(self, action: Any) -> str:
        return _words(action)

    def legal_moves(self, state: State) -> list[Any]:
        return list(R.legal_actions(state))

    def named(self, message: str, state: State, previous: Any) -> dict[str, set[Any]] | None:
        return named_calls(message, state, previous)

    def words_allow(self, named: dict[str, set[Any]], action: Any, state: State) -> bool:
        if isinstance(action, R.Turtle):
            return action.take in named.get("turtle", ())
        if isinstance(action, R.Signal):
            return action.burn in named.get("burn", ())
        if not isinstance(action, R.Calls):
            return False
        # Every call the morning asks for must be one the words name: a call nobody named is decided.
        return all(getattr(action, need) in named.get(need, ()) for need in R.needs(state))

    def readings(self) -> list[tuple[str, Any, str]]:
        follows = "The AI follows a reading the card allows"
        return [
            ("sharks_count_the_setting_dusk", True,
             f"{follows}: SHARKS counted down on the night it is set (\"counted down each dusk in step 2\"). cardgm "
             "counts it from the next dusk, so that no line goes over for three days (docs/rulings.md, BECALMED 1)."),
            ("water_floored_after_step_2", True,
             f"{follows}: the breaker floored once, at the end of the water (\"Never below nothing\" in step 2). "
             "cardgm stops each removal at nothing (docs/rulings.md, BECALMED 3)."),
            ("new_man_stays_aboard", True,
             f"{follows}: the soul who goes down tonight does not go over the side tonight. cardgm lets him, as "
             "the soul longest down (docs/rulings.md, BECALMED 10)."),
            ("bail_closes_new_seams", True,
             f"{follows}: a day of BAIL closes the seams that open that same dusk (\"until a whole day of BAIL "
             "closes her\"). cardgm keeps the flag: the bailing was done before they opened (docs/rulings.md, BECALMED 12)."),
        ]

    def rulings(self, **switches: Any) -> R.Rulings:
        return R.Rulings(**switches)

    def unnamed(self, named: dict[str, set[Any]] | None, action: Any, state: State) -> str | None:
        if not isinstance(action, R.Calls) or named is None:
            return None
        missing = [need for need in R.needs(state) if not named.get(need)]
        if missing:
            return "gives no " + " and no ".join(f"{m} call" for m in missing)
        return None

    def not_over(self, game: Game, state: State) -> str:
        return f"day {state.day} of {DAYS}, westing {state.westing} of 30, and souls still in the boat"


# The card's words for each call, and the ones people type (plain endings are matched by prefix,
# a slip of one letter by distance; the card's own words are in capitals in the card).
_LEXICON: dict[str, dict[str, tuple[str, ...]]] = {
    "issue": {
        "FULL": ("full", "four measures", "4 measures"),
        "SHORT": ("short", "half", "two measures", "2 measures"),
        "DRY": ("dry", "no water", "no ration", "nothing to drink", "drink nothing"),
    },
    "canvas": {
        "SAIL": ("sail", "sails", "sailing", "make sail", "keep sailing"),
        "AWNING": ("awning", "shade", "rain-catch"),
        "DOWN": ("down", "stow", "stowed", "strike the sail", "canvas down"),
    },
    "hands": {
        "ROW": ("row", "rows", "rowing", "oars", "oar", "pull"),
        "FISH": ("fish", "fishing", "lines", "line over", "lines over"),
        "BAIL": ("bail", "bails", "bailing", "pump"),
        "MEND": ("mend", "mends", "mending", "sew", "sews", "patch", "patches", "repair", "repairs", "re-cut"),
        "WATCH": ("watch", "sit up", "sits up", "lookout"),
    },
}
# Words one letter from a call word that people write for themselves ("at dawn", "a fall").
_NOT_SLIPS = frozenset({"dawn", "fall", "fill", "said", "sale", "tail", "rail", "fail", "wish", "dish", "fist", "sole", "shore", "lift"})
_AGAIN = re.compile(r"\b(same|again|as before|as yesterday|ditto|repeat)\b", re.I)
_TAKE = ("take", "yes", "butcher", "grab", "catch", "haul")
_LEAVE = ("leave", "no", "let her be", "let it go", "pass", "skip")
_NONE_BURN = ("let her go", "let it go", "don't burn", "dont burn", "no flares", "no")


def _hard_weather(events: tuple) -> bool:
    """A 19–20 dawn: its +1 thirst is among step 3's terms."""
    return any(isinstance(e, Thirst) and any(name == "hard weather" for name, _ in e.parts) for e in events)


def _without(events: tuple, item: str, water: int, hands: str | None) -> int | None:
    """The breaker tonight with one of step 2's items left out (the hands called `hands`, if named),
    or None when it did not move the breaker or the breaker touched nothing either way."""
    if hands is not None and not any(isinstance(e, CallsTaken) and e.hands == hands for e in events):
        return None
    moved = [e for e in events if isinstance(e, Water)]
    at = next((i for i, e in enumerate(moved) if e.item == item and e.amount), None)
    if at is None:
        return None
    amount = moved[at].amount
    # Only where the breaker never touched nothing tonight, with it or without it: a floor is ruling 3's.
    if any(e.water <= 0 or e.water - amount <= 0 for e in moved[at:]) or water - amount < 0:
        return None
    return water - amount


def _close(word: str, target: str) -> bool:
    """One slip apart (a letter wrong, missing, extra or two swapped), for words of four letters or more."""
    if len(target) < 4 or abs(len(word) - len(target)) > 1 or word == target:
        return word == target
    if len(word) == len(target):
        diff = [i for i, (a, b) in enumerate(zip(word, target)) if a != b]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and word[diff[0]] == target[diff[1]] and word[diff[1]] == target[diff[0]])
    short, long_ = (word, target) if len(word) < len(target) else (target, word)
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))


def _has(text: str, words: list[str], phrase: str) -> bool:
    if " " in phrase or "-" in phrase:
        return re.search(r"\b" + re.escape(phrase) + r"\b", text) is not None
    return phrase in words or any(w.startswith(phrase) and len(phrase) >= 3 and len(w) - len(phrase) <= 3 for w in words)


def named_calls(message: str, state: State, previous: Any) -> dict[str, set[Any]] | None:
    """What the message names, leniently: the calls (with plain endings and one-letter slips), the
    turtle, the flares, and "same again" for the last day's calls. None when it names nothing."""
    text = message.lower()
    words = re.findall(r"[a-z0-9'-]+", text)
    out: dict[str, set[Any]] = {}
    if state.phase == "turtle":
        if any(_has(text, words, w) for w in _TAKE):
            out.setdefault("turtle", set()).add(True)
        if any(_has(text, words, w) for w in _LEAVE):
            out.setdefault("turtle", set()).add(False)
        return out or None
    if state.phase == "signal":
        burn = out.setdefault("burn", set())
        if re.search(r"\b(both|two|2|all)\b", text):
            burn.add(2)
        if re.search(r"\b(one|1|a flare|single)\b", text):
            burn.add(1)
        if any(_has(text, words, w) for w in _NONE_BURN):
            burn.add(0)
        return out if burn else None
    exact: set[str] = set()
    for kind, calls in _LEXICON.items():
        for call, phrases in calls.items():
            if any(_has(text, words, p) for p in phrases):
                out.setdefault(kind, set()).add(call)
                exact.update(p for p in phrases if " " not in p)
    # A slip of one letter ("fulll", "sial", "wacth") names the call too, unless the word is itself a call word.
    known = {p for calls in _LEXICON.values() for phrases in calls.values() for p in phrases}
    for w in words:
        if w in known or w in _NOT_SLIPS or any(w.startswith(k) for k in known if len(k) >= 3):
            continue
        for kind, calls in _LEXICON.items():
            for call, phrases in calls.items():
                if any(" " not in p and _close(w, p) for p in phrases):
                    out.setdefault(kind, set()).add(call)
    if _AGAIN.search(text) and isinstance(previous, R.Calls):
        for kind in ("issue", "canvas", "hands"):
            if getattr(previous, kind):
                out.setdefault(kind, set()).add(getattr(previous, kind))
    if state.canvas == "lost":
        out.setdefault("canvas", set()).add("DOWN")  # LOST counts as DOWN: the canvas call is moot
        if len(out) == 1:
            out.pop("canvas")
    return out or None


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
            return f"it leaves out {missing[0][0]} {_signed(missing[0][1])} ({text})"
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

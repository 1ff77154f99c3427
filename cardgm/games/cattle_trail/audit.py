"""DROVER'S AUTUMN's part of the audit: its LEDGER read leniently, the day's arithmetic from the
rules' own events, the day's value as the AI announced it, and "one value a day, never a second".

The LEDGER carries every number of the drove, so an AI's own line is rebuilt from it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from cardgm.game import Game, GameError
from cardgm.games.cattle_trail import events as E
from cardgm.games.cattle_trail import notation, rules
from cardgm.games.cattle_trail.actions import DayOrder
from cardgm.games.cattle_trail.state import Drove
from cardgm.verify.audit import Adapter, Context, Finding
from cardgm.verify.reads import plain

FIELDS = ("turn", "day", "mile", "place", "head", "flesh", "meal", "silver", "wear", "crew", "laid", "spate", "shod", "tape")
_LENIENT = {
    "turn": r"turn\s*:\s*(\d+)",
    "day": r"day\s*:\s*(\d+)\s*/\s*20",
    "mile": r"mile\s*:\s*(\d+)",
    "place": r"@\s*([a-z]+)",
    "head": r"head\s*:\s*(\d+)",
    "flesh": r"flesh\s*:\s*(\d+)",
    "meal": r"meal\s*:\s*(\d+)",
    "silver": r"silver\s*:\s*(\d+)",
    "wear": r"wear\s*:\s*(\d+)",
    "crew": r"crew\s*:\s*([A-Za-z,]+)",
    "laid": r"laid\s*:\s*([A-Za-z,]+)",
    "spate": r"spate\s*:\s*(\d+)",
    "shod": r"shod\s*:\s*([yn])",
    "tape": r"tape\s*:\s*(\d+)",
}
_VALUE = re.compile(
    r"\bday\s*(\d{1,2})(?:'s)?\s*[:—–,|-]?\s*(?:the\s+)?(?:tape\s+(?:gives|reads|shows)|value|raw(?:\s+value)?|reads|tape(?:\s+value)?)"
    r"\s*(?:is|=|:)?\s*(?:a\s+)?(\d{1,2})\b",
    re.I,
)
# HARD RULE 5: "never recommend or plan". Advice in the AI's own voice naming something to do;
# the card's TIPS, the choices and a what-if are no advice ("The orders are yours").
_ORDER_WORD = r"(?:easy|steady|push|pushing|rest|resting|ford|fording|toll|boats?|wade|buy|sell|trade|hire|shoe|roof|park|camp)"
_ADVICE = re.compile(
    rf"\b(?:I(?:\s+would|['’]d)?\s+(?:recommend|suggest|advise)(?:\s+[\w']+){{0,4}}?\s+\W*{_ORDER_WORD}\b"
    rf"|I(?:\s+would|['’]d)\s+(?:go\s+with|pick|choose)\s+\W*(?:[\w']+\s+)?{_ORDER_WORD}\b"
    r"|my\s+(?:advice|recommendation|suggestion|plan)\s+(?:is|would|:)"
    rf"|you\s+should\s+(?:[\w']+\s+)?\W*{_ORDER_WORD}\b"
    r"|(?:the\s+)?best\s+(?:choice|option|move|bet|order|plan)\s+(?:is|here|would|today|now)\b)",
    re.I,
)
_TAPE = re.compile(r"\btape\s*(?:value\s*|position\s*)?(\d{1,2})\s*(?:reads|is|=|:|shows)\s*(\d{1,2})\b", re.I)


class CattleTrailAdapter(Adapter):
    game_id = "cattle-trail"
    counters = ("turn",)
    # Rule 7: "The last Ledger you printed beats your memory and any Ledger or save pasted after it."
    resume_mid_game = False
    # A new chat from a SAVE prints the SAVE's Ledger, turn and all (docs/rulings.md, ruling 63).
    turn_carried_by = 'OPENING says "On a pasted save, skip this and print its Ledger"'

    def candidates(self, game: Game, before: Drove, ai: dict[str, str], play: Game) -> list[tuple[Any, Any]]:
        """The day's orders (no business) whose outcome the AI's LEDGER shows."""
        bumped = replace(before, turn=before.turn + 1)
        out = []
        for order in rules.legal_orders(bumped):
            paces = ("EASY", "STEADY", "PUSH", "REST") if order == "TOLL" else (None,)
            for pace in paces:
                action = DayOrder(order, toll_pace=pace)
                try:
                    after, _ = play.apply(bumped, action)
                except (GameError, ValueError):
                    continue
                if self.fields(game, after) == ai:
                    out.append((action, after))
        return out

    def readings(self) -> list[tuple[str, Any, str]]:
        # Q1, Q2 and Q13 are settled by the card's own figures (its 96 and its FLESH example), so
        # only the readings those figures leave open are followed.
        follows = "The AI follows a reading the card allows"
        return [
            ("tryst_days_read", False,
             f"{follows}: the early days on the tryst ground read no value and move nothing. cardgm plays each "
             "as a full REST day (docs/rulings.md, DROVER'S AUTUMN 3)."),
            ("bag_caps_every_change", False,
             f"{follows}: the bag's 12 limits buying only. cardgm caps every change of MEAL at 12 (docs/rulings.md, "
             "DROVER'S AUTUMN 8)."),
            ("band_on_cut_march", False,
             f"{follows}: no band on a march cut short at a landmark. cardgm bands it in full (docs/rulings.md, "
             "DROVER'S AUTUMN 14)."),
        ]

    def rulings(self, **switches: Any) -> rules.Rulings:
        return rules.Rulings(**switches)

    def move_words(self, action: Any) -> str:
        if isinstance(action, DayOrder):
            return action.order + (f" {action.toll_pace}" if action.toll_pace else "")
        return str(action)

    def not_over(self, game: Game, state: Drove) -> str:
        return f"day {state.day} of 20, mile {state.mile} of 179"

    def parse(self, line: str) -> dict[str, str]:
        if "[L]" not in line or "head" not in line:
            raise ValueError("not a DROVER'S AUTUMN LEDGER line")
        out, missing = {}, []
        for name in FIELDS:
            m = re.search(_LENIENT[name], line, re.I)
            if m:
                out[name] = m.group(1)
            else:
                missing.append(name)
        if missing:
            raise ValueError(f"it has no {', '.join(missing)}")
        return out

    def strict_problem(self, line: str, game: Game) -> str | None:
        try:
            notation.parse_ledger(line)
        except ValueError as exc:
            return str(exc)
        if not re.fullmatch(r"\[L\] .* \| v1\.0\.0", line.strip()):
            return "the card's LEDGER is one line ending '| v1.0.0'"
        return None

    def fields(self, game: Game, state: Any) -> dict[str, str]:
        return self.parse(notation.ledger(state))

    def alternatives(self, game: Game, st: Any) -> list[Any]:
        """Question 5 (A): the Ledger printed after an end that fires at a dusk is "the Ledger at that
        dusk", the day that ended (`day:20/20`), where cardgm applies the next-morning rule (`day:21/20`)."""
        # A reply may run several dusks (early days on the tryst ground): the day that ended is the last.
        if st is None or st.after.end is None or st.before.end is not None or st.after.day <= st.before.day:
            return []
        return [replace(st.after, day=st.after.day - 1)]

    def state_from(self, game: Game, f: dict[str, str], base: Drove) -> Drove:
        laid = () if f["laid"] == "none" else tuple(f["laid"].split(","))
        return replace(
            base, turn=int(f["turn"]), day=int(f["day"]), mile=int(f["mile"]), head=int(f["head"]),
            flesh=int(f["flesh"]), meal=int(f["meal"]), silver=int(f["silver"]), wear=int(f["wear"]),
            crew=tuple(f["crew"].split(",")), laid=laid, spate=int(f["spate"]), shod=f["shod"] == "y",
            tape=int(f["tape"]),
        )

    def label(self, state: Drove) -> str:
        return f"day {state.day}"

    def explain(self, ctx: Context, name: str) -> str:
        st = ctx.expected
        if st is None:
            return "the card's opening LEDGER"
        key = name.upper()
        said = []
        for e in st.events:
            if isinstance(e, E.Moved) and e.field.upper() == key:
                said.append(f"{key} {e.before} → {e.after} ({e.why})")
            elif isinstance(e, E.Banded) and name in ("head", "flesh", "meal", "wear", "mile"):
                said.append(f"value {e.raw} {'+' if e.shift >= 0 else '−'} {abs(e.shift)} ({e.shift_why}) = {e.adjusted}: {e.band} on the {e.table}")
            elif isinstance(e, E.Marched) and name in ("mile", "place"):
                said.append(f"{e.pace}: mile {e.start} to {e.stop}" + (" (stops at the landmark)" if e.cut else ""))
            elif isinstance(e, E.Crossed) and name in ("mile", "place"):
                said.append(f"{e.order} across the {e.crossing}: mile {e.start} to {e.stop}")
            elif isinstance(e, E.DayRead) and name in ("tape", "day", "spate"):
                said.append(f"day {e.day} reads value {e.day} of the tape ({e.raw}, {e.sky}); one value a day")
        if not said:
            if not st.events:
                return "nothing moves on this message (cardgm: \"" + _first(st.reply.prose) + "\")"
            return f"the day's arithmetic leaves {name} at {ctx.expected_fields[name]}"
        return "; ".join(dict.fromkeys(said))

    def misread(self, ctx: Context) -> Finding | None:
        """HARD RULE 3: "never soften a band". The day's value as printed, but banded as another
        band of the same sky: the AI's numbers are that band's, one finding for the band."""
        st, ai = ctx.expected, ctx.ai
        if st is None or ai is None or not isinstance(st.action, DayOrder):
            return None
        read = [e for e in st.events if isinstance(e, E.Banded)]
        days = [e for e in st.events if isinstance(e, E.DayRead)]
        if len(read) != 1 or len(days) != 1:
            return None
        banded, day = read[0], days[0]
        tape = ctx.game.tape  # type: ignore[attr-defined]
        rulings = getattr(ctx.game, "rulings", rules.RULED)
        for raw in range(1, 21):
            if _sky(raw) != _sky(day.raw) or _band(max(1, min(20, raw + banded.shift))) == banded.band:
                continue
            other = (*tape[: day.day - 1], raw, *tape[day.day :])
            try:
                after, _ = rules.apply(st.before, st.action, other, rulings)
            except (GameError, ValueError):
                continue
            if fields_equal_but_turn(self.fields(ctx.game, after), ai):
                said = _band(max(1, min(20, raw + banded.shift)))
                return Finding(
                    "ledger", ctx.index, ctx.ai_where,
                    f"The AI reads day {day.day}'s value {day.raw} as it is printed ({banded.raw} "
                    f"{'+' if banded.shift >= 0 else '−'} {abs(banded.shift)} = {banded.adjusted}: {banded.band} on the "
                    f"{banded.table}), but its numbers are those of a {said} day. Never soften a band.",
                    field="band", ai=said, rules=banded.band,
                )
        return None

    def announced(self, text: str) -> dict[int, int]:
        said: dict[int, int] = {}
        for p, v, _ in _reads(plain(text)):
            said.setdefault(p, v)
        return said

    def breaches(self, ctx: Context) -> list[Finding]:
        out: list[Finding] = []
        tape = ctx.game.tape  # type: ignore[attr-defined]
        st = ctx.expected
        after: Drove = st.after if st else ctx.state
        text = plain(ctx.ai_text)
        ai = ctx.ai
        if ai is not None:
            day, pos = int(ai["day"]), int(ai["tape"])
            if pos > day:
                out.append(Finding(
                    "third-value", ctx.index, ctx.ai_where,
                    f"A second value read in a day: its LEDGER shows day:{day} with tape:{pos}, and after day n the LEDGER "
                    "shows day:n+1 tape:n. One value a day, never a second.",
                    field="tape", ai=str(pos), rules=str(after.tape),
                ))
                return out
        advice = _ADVICE.search(text)
        if advice:
            out.append(Finding(
                "recommended", ctx.index, ctx.ai_where,
                f"The AI advises the player (\"{_sentence_at(text, advice.start())}\"). The card: \"What should we "
                "do?\": \"The orders are yours,\" the TIPS and the choices; never recommend or plan.",
                field="advice", ai=advice.group(0),
            ))
        seen = set()
        read_from = st.before.tape if st is not None else after.tape
        for p, v, in_table in _reads(text):
            if not 1 <= p <= len(tape) or p in seen:
                continue
            if in_table and not read_from < p <= after.tape:
                continue  # a table of days ahead or behind (a forecast) is no read: only this reply's days
            seen.add(p)
            if tape[p - 1] != v and v in (tape[p - 2] if p > 1 else None, tape[p] if p < len(tape) else None):
                q = p + 1 if p < len(tape) and tape[p] == v else p - 1
                out.append(Finding(
                    "tape-out-of-turn", ctx.index, ctx.ai_where,
                    f"The AI reads {v} as day {p}'s value, but {v} is day {q}'s value, "
                    f"{'not yet due' if q > p else 'already read'}: the printed tape reads {tape[p - 1]} for day {p}. "
                    "One value a day, in order.",
                    field=f"tape {p}", ai=str(v), rules=str(tape[p - 1]),
                ))
            elif tape[p - 1] != v:
                out.append(Finding(
                    "tape-changed", ctx.index, ctx.ai_where,
                    f"The AI gives day {p}'s value as {v}; the printed tape reads {tape[p - 1]} for day {p}. "
                    "One value a day, in order: never chosen, skipped or softened.",
                    field=f"tape {p}", ai=str(v), rules=str(tape[p - 1]),
                ))
            elif p > after.tape and st is not None and st.events:  # a question on the tape is answered, not read
                out.append(Finding(
                    "tape-out-of-turn", ctx.index, ctx.ai_where,
                    f"The AI reads day {p}'s value ({v}) out of turn: this reply reads up to day {after.tape}'s value.",
                    field=f"tape {p}", ai=str(v), rules=f"not read until day {p}",
                ))
        return out


def _sentence_at(text: str, at: int) -> str:
    start = max(text.rfind(c, 0, at) for c in ".!?\n") + 1
    ends = [i for i in (text.find(c, at) for c in ".!?\n") if i >= 0]
    return text[start : min(ends) if ends else len(text)].strip()[:160]


def _sky(raw: int) -> str:
    return "STORM" if raw <= 2 else "RAIN" if raw <= 5 else "FAIR"


def _band(value: int) -> str:
    return "BAD" if value <= 4 else "HARD" if value <= 9 else "FAIR" if value <= 15 else "GOOD"


def fields_equal_but_turn(a: dict[str, str], b: dict[str, str]) -> bool:
    return {k: v for k, v in a.items() if k != "turn"} == {k: v for k, v in b.items() if k != "turn"}


def _reads(text: str) -> list[tuple[int, int, bool]]:
    """(day, value, in a table) for each tape value the text announces: in its sentences, and in a
    Markdown table whose header names a day column and a value (or raw, or tape) column."""
    found = [(int(m.group(1)), int(m.group(2)), False) for rx in (_VALUE, _TAPE) for m in rx.finditer(text)]
    cols: tuple[int, int] | None = None
    for line in text.splitlines():
        if not line.strip().startswith("|"):
            cols = None
            continue
        cells = [c.strip().strip("*").lower() for c in line.strip().strip("|").split("|")]
        if cols is None:
            day = next((i for i, c in enumerate(cells) if c == "day"), None)
            value = next((i for i, c in enumerate(cells) if c in ("value", "raw", "raw value", "tape", "tape value", "roll")), None)
            if day is not None and value is not None:
                cols = (day, value)
            continue
        if len(cells) > max(cols) and cells[cols[0]].isdigit() and cells[cols[1]].isdigit():
            found.append((int(cells[cols[0]]), int(cells[cols[1]]), True))
    return found


def _first(text: str) -> str:
    return next((line.strip() for line in text.splitlines() if line.strip()), "")[:200]


ADAPTER = CattleTrailAdapter()

"""DEADRECKONING's part of the audit: the LEDGER's grid and counts, what each salvo gives, the
shots an AI fired that the player never called, and hull cells it named before they were struck.

The LEDGER's grid-state is the whole of the player's side of the duel ("That string is full
recoverable state"), so an AI's own line is rebuilt from its LEDGER exactly.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from cardgm.game import Game, GameError
from cardgm.games.deadreckoning import notation
from cardgm.games.deadreckoning import rules as R
from cardgm.games.deadreckoning.state import SHIP_NAMES, Duel, cell_name
from cardgm.verify.audit import Adapter, Context, Finding

FIELDS = ("turn", "shots", "hits", "sunk", "grid")
_LENIENT = re.compile(
    r"\[L\]\s*turn\s*:\s*(\d+)\s+shots\s*:\s*(\d+)\s+hits\s*:\s*(\d+)\s+sunk\s*:\s*([^|]+?)\s*\|\s*(\S*)\s*(?:\||$)"
)


_MARK = {".": "unfired", "o": "a miss", "x": "a hit"}
_TELLS = re.compile(
    r"\b(try|aim|hint|close|closer|near|warm|warmer|hot|lies|lie|lying|hull|ship|ships|cutter|sloop|brigantine|frigate|"
    r"there'?s|hiding|hidden|sits|is at|something|continues|extends|runs through|goes through)\b",
    re.I,
)


def _sunk_names(text: str) -> list[str]:
    text = text.strip()
    if text.lower() == "none":
        return []
    known = {n.lower(): n for n in SHIP_NAMES}
    return [known.get(n.strip().lower(), n.strip()) for n in text.split(",") if n.strip()]
_CELL = re.compile(r"\b([A-H])([1-8])\b")


class DeadReckoningAdapter(Adapter):
    game_id = "deadreckoning"
    counters = ("turn",)

    def parse(self, line: str) -> dict[str, str]:
        m = _LENIENT.search(line)
        if not m:
            raise ValueError("it is not the card's LEDGER ([L] turn:n shots:n hits:n sunk:… | the 64-cell grid | v1.0.0)")
        turn, shots, hits, sunk, grid = m.groups()
        if len(grid) != 64:
            raise ValueError(f"the grid string has {len(grid)} cells; the card's has 64 (rows 1 to 8, each A to H)")
        odd = sorted(set(grid) - set(".ox"))
        if odd:
            raise ValueError(f"the grid string holds {', '.join(repr(c) for c in odd)}; the card's marks are '.', 'o' and 'x'")
        names = _sunk_names(sunk)
        known = {n.lower(): n for n in SHIP_NAMES}
        unknown = [n for n in names if n.lower() not in known]
        if unknown:
            raise ValueError(f"sunk:{','.join(unknown)} is not a ship of the fleet ({', '.join(SHIP_NAMES)})")
        # The card's "add the ship to the sunk list" allows any order; compared in the fleet's.
        ordered = [n for n in SHIP_NAMES if n.lower() in {x.lower() for x in names}]
        return {"turn": turn, "shots": shots, "hits": hits, "sunk": ",".join(ordered) or "none", "grid": grid}

    def save_value(self, key: str, value: str) -> str:
        """A SAVE's sunk list is the LEDGER's ("comma list of ships"): any order, compared in the
        fleet's (ruling 6), so a save that keeps the AI's own order follows its LEDGER."""
        if key != "sunk":
            return value
        names = _sunk_names(value)
        known = {n.lower() for n in SHIP_NAMES}
        if any(n.lower() not in known for n in names) or len({n.lower() for n in names}) != len(names):
            return value  # an unknown or repeated ship is compared as written, and found
        return ",".join(n for n in SHIP_NAMES if n.lower() in {x.lower() for x in names}) or "none"

    def reading_notes(self, line: str, previous: str | None) -> list[str]:
        m = _LENIENT.search(line)
        if not m:
            return []
        names = _sunk_names(m.group(4))
        fleet = [n for n in SHIP_NAMES if n in names]
        if len(names) < 2 or names == fleet:
            return []
        was = _LENIENT.search(previous) if previous else None
        before = _sunk_names(was.group(4)) if was else []
        if names[: len(before)] == before:
            return [
                "The AI lists the sunk ships in the order the ships went down; the card allows it (\"add the ship to "
                "the sunk list\"), and cardgm lists them in the fleet's printed order."
            ]
        return ["The AI lists the sunk ships in an order of its own; the card's \"comma list of ships\" allows any order."]

    def strict_problem(self, line: str, game: Game) -> str | None:
        try:
            notation.parse_ledger(line)
        except ValueError as exc:
            if "do not match its grid" not in str(exc):  # counts that disagree are arithmetic, found as such
                return str(exc)
        if not line.rstrip().endswith("| v1.0.0"):
            return "the card's LEDGER ends '| v1.0.0'"
        return None

    def fields(self, game: Game, state: Any) -> dict[str, str]:
        return self.parse(notation.ledger(state))

    def alternative_fields(self, game: Game, st: Any) -> list[dict[str, str]]:
        """Question 7's other reading: on the reply that strikes the colours, the LEDGER's grid is the
        reveal SCORING 1 prints ("every hull shown as `x`"), its hits (and shots, sunk) changed to match
        or kept as fired."""
        berth = getattr(game, "_berth", None)
        if st is None or berth is None or not st.after.struck or st.before.struck:
            return []
        base = self.fields(game, st.after)
        shown = R.reveal_grid(st.after, berth)
        out = []
        for shots in dict.fromkeys((base["shots"], str(sum(c != "." for c in shown)))):
            for hits in dict.fromkeys((base["hits"], str(shown.count("x")))):
                for sunk in dict.fromkeys((base["sunk"], ",".join(SHIP_NAMES))):
                    out.append({**base, "grid": shown, "shots": shots, "hits": hits, "sunk": sunk})
        return out

    def state_from(self, game: Game, f: dict[str, str], base: Duel) -> Duel:
        names = () if f["sunk"] == "none" else tuple(f["sunk"].split(","))
        known = {n.lower(): n for n in SHIP_NAMES}
        sunk = tuple(known[n.lower()] for n in names if n.lower() in known)
        return Duel.of(f["grid"], turn=int(f["turn"]), sunk=tuple(n for n in SHIP_NAMES if n in sunk), struck=base.struck)

    def label(self, state: Duel) -> str:
        return f"turn {state.turn + 1}"

    def explain(self, ctx: Context, name: str) -> str:
        st = ctx.expected
        if st is None:
            return "the card's opening LEDGER (turn:1 shots:0 hits:0 sunk:none, all-dots grid)"
        said = []
        for e in st.events:
            if isinstance(e, R.AlreadyFired):
                said.append(f"{e.cell} was already fired on: a repeat, no shot counted")
            elif isinstance(e, R.Fired):
                said.append(f"{e.cell} is a {'HIT' if e.hit else 'MISS'}: one new cell, one shot")
            elif isinstance(e, R.Sunk):
                said.append(f"that hit completes the {e.ship}: SUNK")
            elif isinstance(e, R.FleetCleared):
                said.append("all four sunk: the fleet is cleared")
            elif isinstance(e, R.ColoursStruck):
                said.append("the player strikes their colours")
        if name == "turn":
            return "turn = replies so far: every reply counts, this one included"
        if name == "sunk":
            said.append("a ship is SUNK only when every cell of her hull has been struck")
        if name == "grid" and ctx.ai is not None:
            own_hits, own_shots = ctx.ai["grid"].count("x"), 64 - ctx.ai["grid"].count(".")
            if str(own_hits) == ctx.ai["hits"] and str(own_shots) == ctx.ai["shots"]:
                said.append(f"its shots:{own_shots} hits:{own_hits} are that grid's counts")
        if not said:
            return "nothing is fired on this message (cardgm: \"" + _first(st.reply.prose) + "\")"
        return "; ".join(said)

    def breaches(self, ctx: Context) -> list[Finding]:
        """A hull cell named before it is struck, while the duel goes on (rules 2 and 6)."""
        st = ctx.expected
        after: Duel = st.after if st else ctx.state
        if after.over:
            return []
        berth = getattr(ctx.game, "_berth", None)
        if berth is None:
            return []
        text = "\n".join(line for line in ctx.ai_text.splitlines() if "[L]" not in line)
        fired = {cell_name(i) for i, mark in enumerate(after.grid) if mark != "."}
        if ctx.ai is not None:
            fired |= {cell_name(i) for i, mark in enumerate(ctx.ai["grid"]) if mark != "."}
        # The cells the player named (not the card pasted before the opening: it prints the berth).
        said = ctx.message if st is not None else ""
        called = {f"{c.upper()}{r}" for c, r in _LOOSE_CELL.findall(said or "")}
        out = []
        # A cell named with words about what lies there ("try F3", "the Sloop lies at F2") gives it
        # away; a cell named alone ("did you mean B5?") does not.
        for sentence_ in re.split(r"(?<=[.!?;])\s+|\n", text):
            if not _TELLS.search(sentence_):
                continue
            # Several unfired cells offered alike, open water among them ("one of A2, C2, B1 or B3"),
            # single none out: the sentence gives nothing of the berth away.
            unfired = {m.group(0) for m in _CELL.finditer(sentence_)} - fired - called
            if len(unfired) >= 2 and unfired - set(berth.hull_cells) and not _SETS_APART.search(sentence_):
                continue
            for m in _CELL.finditer(sentence_):
                cell = m.group(0)
                if cell in berth.hull_cells and cell not in fired and cell not in called:
                    out.append(Finding(
                        "hidden-revealed", ctx.index, ctx.ai_where,
                        f"The AI points at {cell}, a hull cell not yet fired on (\"{sentence_.strip()[:80]}\"). The berth is "
                        "sealed: never revealed, hinted at or confirmed before a cell is fired on.",
                        field=cell, ai=cell, rules="hidden until struck",
                    ))
                    return out  # one reveal is the breach; the rest repeat it
        return out

    def leak(self, game: Game, state: Duel, rng: Any) -> str | None:
        """A sentence that gives away a hull cell not yet fired on (the generator plants it)."""
        berth = getattr(game, "_berth", None)
        if berth is None:
            return None
        open_cells = sorted(c for c in berth.hull_cells if state.grid[_index(c)] == ".")
        if not open_cells:
            return None
        cell = rng.choice(open_cells)
        return str(rng.choice((
            f"Between us, try {cell}: there's a hull there.", f"(A quiet word: a ship lies at {cell}.)",
            f"Hint: aim for {cell}, something sits there.",
        )))

    def diff_words(self, name: str, ai: str, rules: str) -> str:
        if name != "grid":
            return f"the LEDGER says {name} {ai}; the rules give {rules}"
        cells = [(cell_name(i), a, r) for i, (a, r) in enumerate(zip(ai, rules)) if a != r]
        said = ", ".join(f"{c} {_MARK[a]}" for c, a, _ in cells)
        want = ", ".join(f"{c} {_MARK[r]}" for c, _, r in cells)
        return f"the LEDGER's grid shows {said}; the rules give {want}"

    def collapse(self, diffs: list[tuple[str, str, str]], ai: dict[str, str]) -> list[tuple[str, str, str]]:
        """shots and hits that are its own grid's counts follow from the grid: one finding, the grid."""
        names = {k for k, _, _ in diffs}
        if "grid" not in names:
            return diffs
        own = {"shots": str(64 - ai["grid"].count(".")), "hits": str(ai["grid"].count("x"))}
        return [d for d in diffs if not (d[0] in own and ai.get(d[0]) == own[d[0]])]

    def moved_words(self, ctx: Context) -> str:
        prev = (ctx.ai_prev or ctx.before_fields)["grid"]
        assert ctx.ai is not None
        new = [f"{cell_name(i)} '{b}'" for i, (a, b) in enumerate(zip(prev, ctx.ai["grid"])) if a != b]
        return "its grid marks " + (", ".join(new) if new else "nothing new") + f", shots:{ctx.ai['shots']}"

    words_decide = True

    def candidates(self, game: Game, before: Duel, ai: dict[str, str], play: Game) -> list[tuple[Any, Any]]:
        """The one new cell the AI's grid marks, fired: if the rules give its LEDGER, that salvo."""
        new = [cell_name(i) for i, (a, b) in enumerate(zip(before.grid, ai["grid"])) if a == "." and b != "."]
        if len(new) != 1:
            return []
        bumped = replace(before, turn=before.turn + 1)
        try:
            after, _ = play.apply(bumped, R.Salvo(new[0]))
        except GameError:
            return []
        return [(R.Salvo(new[0]), after)] if self.fields(game, after) == ai else []

    def move_words(self, action: Any) -> str:
        if isinstance(action, R.Salvo):
            return f"a salvo at {action.cell}"
        if isinstance(action, R.StrikeColours):
            return "striking the colours"
        return str(action)

    def named(self, message: str, state: Duel, previous: Any) -> dict[str, set[str]] | None:
        cells = {f"{c.upper()}{r}" for c, r in _LOOSE_CELL.findall(message)}
        # The other forms question 2 lists, which an AI may accept (cardgm asks for column first):
        # the row first ("4d", "4 D") and the phonetic alphabet ("charlie two").
        cells |= {f"{c.upper()}{r}" for r, c in _ROW_FIRST.findall(message)}
        cells |= {f"{w[0].upper()}{_NUMBER.get(n.lower(), n)}" for w, n in _PHONETIC.findall(message)}
        return {"cells": cells} if cells else None

    def words_allow(self, named: dict[str, set[str]], action: Any, state: Duel) -> bool:
        return isinstance(action, R.Salvo) and action.cell in named.get("cells", ())

    def not_over(self, game: Game, state: Duel) -> str:
        return f"{state.grid.count('x')} of the 10 hull cells are struck"


_LOOSE_CELL = re.compile(r"(?<![A-Za-z0-9])([A-Ha-h])\s*[-–]?\s*([1-8])(?![0-9])")
_SETS_APART = re.compile(r"\b(?:not|no|isn't|aren't|but|only|except|rather than|instead)\b|n't\b", re.I)
_ROW_FIRST = re.compile(r"(?<![A-Za-z0-9])([1-8])\s*[-–]?\s*([A-Ha-h])(?![A-Za-z0-9])")
_NUMBER = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8"}
_PHONETIC = re.compile(
    r"\b(alpha|alfa|bravo|charlie|delta|echo|foxtrot|golf|hotel)[\s-]*([1-8]|one|two|three|four|five|six|seven|eight)\b", re.I)


def _index(cell: str) -> int:
    """A cell's place in the grid string (rows 1 to 8, each A to H)."""
    return (int(cell[1:]) - 1) * 8 + "ABCDEFGH".index(cell[0].upper())


def _first(text: str) -> str:
    return next((line.strip() for line in text.splitlines() if line.strip()), "")[:200]


ADAPTER = DeadReckoningAdapter()

"""DEADRECKONING's part of the audit: the LEDGER's grid and counts, what each salvo gives, the
shots an AI fired that the player never called, and hull cells it named before they were struck.

The LEDGER's grid-state is the whole of the player's side of the duel ("That string is full
recoverable state"), so an AI's own line is rebuilt from its LEDGER exactly.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from cardgm.game import Game
from cardgm.games.deadreckoning import notation
from cardgm.games.deadreckoning import rules as R
from cardgm.games.deadreckoning.state import SHIP_NAMES, Duel, cell_name
from cardgm.verify.audit import Adapter, Context, Finding

FIELDS = ("turn", "shots", "hits", "sunk", "grid")
_LENIENT = re.compile(
    r"\[L\]\s*turn\s*:\s*(\d+)\s+shots\s*:\s*(\d+)\s+hits\s*:\s*(\d+)\s+sunk\s*:\s*([^|]+?)\s*\|\s*([.ox]{64})\s*\|\s*v?([\d.]+)"
)
_CELL = re.compile(r"\b([A-H])([1-8])\b")


class DeadReckoningAdapter(Adapter):
    game_id = "deadreckoning"
    counters = ("turn",)

    def parse(self, line: str) -> dict[str, str]:
        m = _LENIENT.search(line)
        if not m:
            raise ValueError("not a DEADRECKONING LEDGER line ([L] turn:n shots:n hits:n sunk:… | 64-cell grid | v1.0.0)")
        turn, shots, hits, sunk, grid, _ = m.groups()
        names = [n.strip() for n in sunk.split(",")] if sunk.strip() != "none" else []
        return {"turn": turn, "shots": shots, "hits": hits, "sunk": ",".join(names) or "none", "grid": grid}

    def strict_problem(self, line: str, game: Game) -> str | None:
        try:
            notation.parse_ledger(line)
        except ValueError as exc:
            return str(exc)
        if not line.rstrip().endswith("| v1.0.0"):
            return "the card's LEDGER ends '| v1.0.0'"
        return None

    def fields(self, game: Game, state: Any) -> dict[str, str]:
        return self.parse(notation.ledger(state))

    def state_from(self, game: Game, f: dict[str, str], base: Duel) -> Duel:
        names = () if f["sunk"] == "none" else tuple(f["sunk"].split(","))
        known = {n.lower(): n for n in SHIP_NAMES}
        sunk = tuple(known[n.lower()] for n in names if n.lower() in known)
        return replace(base, turn=int(f["turn"]), grid=f["grid"], sunk=tuple(n for n in SHIP_NAMES if n in sunk))

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
        called = {c.upper() for c in re.findall(r"\b[A-Ha-h][1-8]\b", ctx.message or "")}
        out = []
        for m in _CELL.finditer(text):
            cell = m.group(0)
            if cell in berth.hull_cells and cell not in fired and cell not in called:
                out.append(Finding(
                    "hidden-revealed", ctx.index, ctx.ai_where,
                    f"{ctx.label}: it names {cell}, a hull cell not yet struck: the berth is sealed, "
                    "never revealed, hinted at or confirmed before a cell is fired on",
                    field=cell, ai=cell, rules="hidden until struck",
                ))
                break  # one reveal is the breach; the rest repeat it
        return out

    def diff_words(self, name: str, ai: str, rules: str) -> str:
        if name != "grid":
            return f"{name} {ai}, the rules give {rules}"
        cells = [f"{cell_name(i)} '{a}'" for i, (a, r) in enumerate(zip(ai, rules)) if a != r]
        marks = [f"'{r}'" for a, r in zip(ai, rules) if a != r]
        return f"grid {', '.join(cells)}, the rules give {', '.join(marks)}"

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

    def guess_move(self, ctx: Context) -> str | None:
        st = ctx.expected
        if st is None or ctx.ai is None:
            return None
        prev = (ctx.ai_prev or ctx.before_fields)["grid"]
        new = [cell_name(i) for i, (a, b) in enumerate(zip(prev, ctx.ai["grid"])) if a == "." and b != "."]
        if not new:
            return None
        called = [e.cell for e in st.events if isinstance(e, (R.Fired, R.AlreadyFired))]
        if called and new == called:
            return None
        shown = ", ".join(new)
        if called:
            return f"the AI fired on {shown}; the player called {called[0]}"
        return f"the AI fired on {shown}, which the player never called"


def _first(text: str) -> str:
    return next((line.strip() for line in text.splitlines() if line.strip()), "")[:200]


ADAPTER = DeadReckoningAdapter()

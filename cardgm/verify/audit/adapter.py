"""Per-game knowledge: the Adapter each game's `audit` module gives (named by its registry entry),
and the Context a per-game check sees of one reply."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from cardgm import games
from cardgm.card import Card
from cardgm.game import Game
from cardgm.verify.audit.findings import AuditError, Finding
from cardgm.verify.audit.steps import Step


@dataclass
class Context:
    """What a per-game check sees of one reply."""

    game: Game
    card: Card
    index: int
    label: str
    message: str | None
    ai_text: str
    ai_where: str
    ai: dict[str, str] | None  # the AI's LEDGER fields
    ai_prev: dict[str, str] | None  # its previous LEDGER's fields (or what was expected, if none)
    expected: Step | None  # from its own previous numbers (None for the opening)
    expected_fields: dict[str, str]
    before_fields: dict[str, str]
    true: Step | None
    state: Any = None  # the state the rules give after this reply, from the AI's own numbers
    why_not_over: str = ""  # in words, why the game goes on by the rules (for a RESULT too early)
    previous: Any = None  # the last move run before this message, by the AI's own numbers
    # In a new chat resumed from a SAVE whose card lets it count its own replies, with no turn on its
    # LEDGER to show which count it keeps (BECALMED): the saved turn less one, which such a count
    # leaves off (a SAVE or RESULT may give either count).
    turn_from: int = 0
    play: Game | None = None  # the game the AI's own numbers play (its announced values, the readings it follows)


class Adapter:
    """What the audit needs to know of one game. The defaults work from the LEDGER alone."""

    game_id = ""
    # Fields that do not count as the game moving (a reply counter).
    counters: tuple[str, ...] = ("turn",)
    # A message the reader cannot settle may be read from the AI's numbers (a card with no grammar
    # of its own for the player's words). A card that prints its own grammar (ORDERS) is read by it.
    words_decide = False
    # A SAVE the player pastes after the game has begun may be resumed (the card does not forbid it).
    resume_mid_game = True
    # The card's words that carry a SAVE's turn on in the new chat that resumes it (docs/rulings.md,
    # per card). Without them the new chat may count its own replies from 1 ("turn = replies so far").
    turn_carried_by = ""

    def parse(self, line: str) -> dict[str, str]:
        """The fields of a LEDGER line, leniently; ValueError if it is not one of this game's."""
        raise ValueError("no parser")

    def strict_problem(self, line: str, game: Game) -> str | None:
        """Why the line is not the card's exact format, or None."""
        return None

    def reading_notes(self, line: str, previous: str | None) -> list[str]:
        """Readings of the card's LEDGER format that the AI's line follows and cardgm's does not."""
        return []

    def fields(self, game: Game, state: Any) -> dict[str, str]:
        return self.parse(game.ledger(state))

    def save_value(self, key: str, value: str) -> str:
        """A SAVE field's value as the rules' is compared with it: where the card allows one thing
        written more than one way (a list in any order), the one way `parse` gives a LEDGER field."""
        return value

    def result_turns(self, state: Any, turns: int) -> set[int]:
        """The RESULT `turns:` values a reading of the card allows at this end (the rules' count: replies so far)."""
        return {turns}

    def state_from(self, game: Game, fields: dict[str, str], base: Any) -> Any:
        """A state carrying the AI's LEDGER numbers, the rest (hidden, pending) from `base`."""
        raise ValueError("this game's state cannot be rebuilt from a LEDGER")

    def alternatives(self, game: Game, st: Step) -> list[Any]:
        """Other states a reply may show and still be right (a reading the card allows)."""
        return []

    def alternative_fields(self, game: Game, st: Step | None) -> list[dict[str, str]]:
        """The LEDGER fields another reading allows, where a reading prints what no state holds."""
        return [self.fields(game, s) for s in self.alternatives(game, st)] if st is not None else []

    def label(self, state: Any) -> str:
        return f"turn {getattr(state, 'turn', '?')}"

    def explain(self, ctx: Context, name: str) -> str:
        """Why the rules give what they give for this field, in plain words."""
        return _prose_reason(ctx, name)

    def explain_resumed(self, name: str, value: str) -> str:
        """Why the reply that resumes a pasted SAVE (a new chat's first) shows `value` for this field."""
        if name == "turn" and self.turn_carried_by:
            return f"The card's {self.turn_carried_by}: that Ledger is the SAVE's, turn:{value}, carried on"
        return f"The SAVE the player pasted gives {name} {value}, and the game resumes from it"

    def misread(self, ctx: Context) -> Finding | None:
        """One misreading of the day that gives every number the AI shows differently (a band read
        as another): one finding, those numbers listed under it."""
        return None

    def announced(self, text: str) -> dict[int, int]:
        """Tape values the reply announces, by position (a card with a printed tape)."""
        return {}

    def breaches(self, ctx: Context) -> list[Finding]:
        """Breaches the LEDGER alone does not show: tape reads, hidden cells."""
        return []

    def candidates(self, game: Game, before: Any, ai: dict[str, str], play: Game) -> list[tuple[Any, Any]]:
        """Legal moves from `before` (played by `play`) whose outcome the AI's LEDGER shows: (move, state after)."""
        return []

    def move_words(self, action: Any) -> str:
        """A move, as the card names it ("FULL, DOWN, BAIL")."""
        return str(action)

    def named(self, message: str, state: Any, previous: Any) -> Any:
        """What the message names of a move, leniently (typos, plain endings), or None when it names
        no move at all (a remark). `previous` is the last move run ("same again")."""
        return None

    def words_allow(self, named: Any, action: Any, state: Any) -> bool:
        """Do the words the message names allow this move?"""
        return False

    def readings(self) -> list[tuple[str, Any, str]]:
        """The other readings of doubtful sentences that the card's words allow, as switches of the
        game's rulings: (the field of its Rulings, the value that reading gives it, a note for the
        report). An AI whose numbers follow one consistently is not at fault."""
        return []

    def rulings(self, **switches: Any) -> Any:
        """The game's Rulings with these switches (the `rulings` option of its make_game)."""
        raise NotImplementedError

    def unnamed(self, named: Any, action: Any, state: Any) -> str | None:
        """What the message leaves out that the move needs ("gives no hands call"), or None."""
        return None

    def legal_moves(self, state: Any) -> list[Any]:
        """Every move the rules allow in `state` (the turn already counted)."""
        return []

    def leak(self, game: Game, state: Any, rng: Any) -> str | None:
        """A sentence giving away what the card hides, for the transcript generator to plant; None
        for a card that hides nothing."""
        return None

    def diff_words(self, name: str, ai: str, rules: str) -> str:
        """One field that does not follow, as a clause."""
        return f"the LEDGER says {name} {ai}; the rules give {rules}"

    def not_over(self, game: Game, state: Any) -> str:
        """Why the game goes on by the rules, in a few words (after a RESULT line too early)."""
        return ""

    def collapse(self, diffs: list[tuple[str, str, str]], ai: dict[str, str]) -> list[tuple[str, str, str]]:
        """The differences worth a finding each: a field that follows from another the AI got
        wrong (a count read off its own grid) is left to that one."""
        return diffs

    def moved_words(self, ctx: Context) -> str:
        """How the AI's LEDGER moved from its last one, in words."""
        prev = ctx.ai_prev or ctx.before_fields
        assert ctx.ai is not None
        parts = [f"{k} {prev.get(k)} → {v}" for k, v in ctx.ai.items() if k not in self.counters and prev.get(k) != v]
        return ", ".join(parts)


def _prose_reason(ctx: Context, name: str) -> str:
    """The sentences of cardgm's own reply that name the field: its arithmetic line says why."""
    if ctx.expected is None:
        return "the card's opening LEDGER"
    text = ctx.expected.reply.prose
    key = name.upper()
    bits = []
    for piece in re.split(r"(?<=[.;])\s+|\n", text):
        if key in piece.upper() and piece.strip():
            bits.append(piece.strip())
    return "; ".join(bits[:3]) if bits else "cardgm's reply: " + first_line(text)


def first_line(text: str) -> str:
    for line in text.splitlines():
        if line.strip():
            return line.strip()[:200]
    return "(nothing)"


def auditable() -> tuple[str, ...]:
    """The games with an audit adapter."""
    return tuple(e.id for e in games.entries() if e.audit is not None)


def adapter_for(game_id: str) -> Adapter:
    found = next((e for e in games.entries() if e.id == game_id and e.audit is not None), None)
    if found is None:
        raise AuditError(f"cardgm cannot audit game '{game_id}' (it audits {', '.join(auditable())})")
    adapter: Adapter = games.part(found, "audit")
    return adapter

"""The one API every game implements, and the small types the layers share.

Flow of one reply (see shared/DESIGN.md):

    message ─► game.read(state, message, pending) ─► Reading
    Reading.kind == MOVE (or a COMMAND carrying an action)
        ─► game.apply(state, action) ─► (state', events)   # pure rules
        ─► game.narrate(before, action, events, after)      # prose, in the card's voice
    then the Run appends: finale, RESULT, pointers (after an end), and always the LEDGER last.

Every state is a frozen dataclass with an integer field `turn` (the card's "turn = replies so
far"); the Run, not the rules, advances it, once per reply.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol, runtime_checkable

from cardgm.card import Card


class ReadAs(str, Enum):
    """What a player's message was read as: the `read_as` field of `--json`."""

    MOVE = "move"  # a legal move: it ran through the rules
    ASK = "ask"  # something is missing or not allowed: a question asked back, nothing changed
    CONFIRM = "confirm"  # a confirm line ("…? (yes/no)"): a yes runs `action`
    ANSWER = "answer"  # a question or remark answered; nothing changed
    COMMAND = "command"  # save, resume, stand down / turn for home, a stated limit…


@dataclass(frozen=True)
class Reading:
    """One message, read. Readers return these; they never raise on a player's words.

    - MOVE: `action` is the game's action object, legal in this state.
    - ASK: `text` is what to say (a refusal with the card's reason and/or the question);
      `action` may carry a partial action the next message can complete (e.g. two of three calls).
    - CONFIRM: `text` is the confirm line; `action` runs on a bare yes.
    - ANSWER: `text` is the answer.
    - COMMAND: `command` names it ("save", "resume", "end", "limit", …); `action`, when set,
      is applied through the rules like a move (e.g. the stand-down end); `text` is any prose.
    """

    kind: ReadAs
    text: str = ""
    action: Any = None
    command: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)

    @property
    def runs(self) -> bool:
        """True when this reading moves the game through the rules."""
        return self.action is not None and self.kind in (ReadAs.MOVE, ReadAs.COMMAND)


@dataclass(frozen=True)
class Event:
    """One thing the rules did, in order. Games subclass this with their own frozen records."""

    @property
    def kind(self) -> str:
        return type(self).__name__


@dataclass(frozen=True)
class Ending:
    end: str  # the RESULT's end id: "landfall", "cleared", "sold", …
    score: int


class SaveError(ValueError):
    """A SAVE block that is malformed or describes an impossible state; says why."""


class GameError(ValueError):
    """An action the rules do not allow here (a reader bug if it ever reaches the player)."""


@runtime_checkable
class Game(Protocol):
    """One card's game. An instance holds its card and configuration (a sealed berth, limits)."""

    card: Card

    def new(self) -> Any:
        """The opening state (turn 1), before any message."""

    def opening(self, state: Any) -> str:
        """The opening reply's prose (no LEDGER: the Run appends it)."""

    def read(self, state: Any, message: str, pending: Reading | None) -> Reading:
        """Read a player's message. `pending` is the last ASK or CONFIRM the GM printed, if any."""

    def apply(self, state: Any, action: Any) -> tuple[Any, tuple[Event, ...]]:
        """Pure rules: the new state and what happened. Raises GameError if illegal."""

    def narrate(self, before: Any, action: Any, events: tuple[Event, ...], after: Any) -> str:
        """Prose for one move in the card's voice. Deterministic."""

    def ledger(self, state: Any) -> str:
        """The LEDGER line, byte for byte the card's format."""

    def save(self, state: Any) -> str:
        """The SAVE block, byte for byte the card's format (BEGIN and END lines included)."""

    def load(self, block: str) -> Any:
        """A state from a SAVE block. Raises SaveError with the reason."""

    def save_note(self, state: Any) -> str:
        """What the card says to tell the player after a SAVE block (start a new chat, …)."""

    def resumed(self, state: Any) -> str:
        """The prose of the reply that resumes from a SAVE (the Ledger follows)."""

    def ending(self, state: Any) -> Ending | None:
        """The end and score once the game is over, else None."""

    def finale(self, state: Any) -> str:
        """After an end: the end's text and the scoring, before the RESULT line."""

    def result(self, state: Any) -> str:
        """The RESULT line exactly."""

    def pointers(self, state: Any) -> str:
        """What follows the RESULT line (epilogue and verify pointers)."""

    def fields(self, state: Any) -> dict[str, Any]:
        """The state as plain JSON-able fields, for `--json`. Nothing hidden."""

    # Optional: `status(state) -> str`, what the card prints every turn besides the LEDGER (a
    # shot grid). The Run adds it to the replies it writes itself (a refused save, after the end).

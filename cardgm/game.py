"""The one API every game implements, and the small types the layers share.

Flow of one reply (see shared/DESIGN.md):

    message ─► game.read(state, message, pending) ─► Reading
    Reading.kind == MOVE (or a COMMAND carrying an action)
        ─► game.apply(state, action) ─► (state', events)   # pure rules
        ─► game.narrate(before, action, events, after)      # prose, in the card's voice
    then the Run appends: finale, RESULT, pointers (after an end), and always the LEDGER last.

Every state is a frozen dataclass with an integer field `turn` (the card's "turn = replies so
far"); the Run, not the rules, advances it, once per reply.

Two contracts live here: `Game[S, A]`, what the Run drives (one class per card, named after it),
and `GameEntry`, what a game's package tells the registry (`cardgm.games`) about itself. Each
game's rules module keeps one shape too: `rules.apply(state, action, <context>)`, the context
being what the game fixes for a whole run (a tape, a berth, a tape and its rulings), and
`rules.refusal(state, action)`, the reason `apply` would raise, or None.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Literal, Protocol, TypeVar, runtime_checkable

from cardgm.card import Card


class ReadAs(str, Enum):  # noqa: UP042 - a StrEnum's str() would differ, and callers print it
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


def asked_again(pending: Reading, answer: str) -> Reading:
    """A question or remark answered while `pending` waits on the player's word (a confirm line, a
    which-one, a how-many): the answer, then the question above asked again as it was first put,
    so a yes or a choice still answers it. A pending question is never dropped without a word."""
    asked = str(pending.detail.get("asked") or pending.text)
    text = "\n\n".join(p for p in (answer, f"Asked above, still waiting: {asked}") if p)
    return Reading(pending.kind, text=text, action=pending.action, detail={**pending.detail, "asked": asked})


@dataclass(frozen=True, slots=True)
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


S = TypeVar("S")  # a game's state: a frozen dataclass with an int `turn`
A = TypeVar("A")  # a game's action: a frozen record the reader builds and the rules run


@runtime_checkable
class Game(Protocol[S, A]):
    """One card's game. An instance holds its card and configuration (a sealed berth, limits)."""

    card: Card

    def new(self) -> S:
        """The opening state (turn 1), before any message."""
        ...

    def opening(self, state: S) -> str:
        """The opening reply's prose (no LEDGER: the Run appends it)."""
        ...

    def read(self, state: S, message: str, pending: Reading | None) -> Reading:
        """Read a player's message. `pending` is the last ASK or CONFIRM the GM printed, if any."""
        ...

    def apply(self, state: S, action: A) -> tuple[S, tuple[Event, ...]]:
        """Pure rules: the new state and what happened. Raises GameError, with the reason
        `refusal` gives, if the action is not allowed here."""
        ...

    def refusal(self, state: S, action: A) -> str | None:
        """Why the card does not allow `action` in `state` (the GameError `apply` raises), or None."""
        ...

    def legal_actions(self, state: S) -> Sequence[A]:
        """The actions the card allows now, each one `refusal` passes (empty once the game is
        over). A game whose actions carry free amounts lists a documented, bounded choice."""
        ...

    def narrate(self, before: S, action: A, events: tuple[Event, ...], after: S) -> str:
        """Prose for one move in the card's voice. Deterministic."""
        ...

    def ledger(self, state: S) -> str:
        """The LEDGER line, byte for byte the card's format."""
        ...

    def save(self, state: S) -> str:
        """The SAVE block, byte for byte the card's format (BEGIN and END lines included)."""
        ...

    def load(self, block: str) -> S:
        """A state from a SAVE block. Raises SaveError with the reason."""
        ...

    def save_note(self, state: S) -> str:
        """What the card says to tell the player after a SAVE block (start a new chat, …)."""
        ...

    def resumed(self, state: S) -> str:
        """The prose of the reply that resumes from a SAVE (the Ledger follows)."""
        ...

    def ending(self, state: S) -> Ending | None:
        """The end and score once the game is over, else None."""
        ...

    def finale(self, state: S) -> str:
        """After an end: the end's text and the scoring, before the RESULT line."""
        ...

    def result(self, state: S) -> str:
        """The RESULT line exactly."""
        ...

    def pointers(self, state: S) -> str:
        """What follows the RESULT line (epilogue and verify pointers)."""
        ...

    def fields(self, state: S) -> dict[str, Any]:
        """The state as plain JSON-able fields, for `--json`. Nothing hidden."""
        ...

    # Optional: `read_in_run(state, message, pending, history) -> Reading`, `read` with the actions
    # the rules ran in this run, oldest first (`history`), for words that refer back to them
    # ("same as yesterday", "the one below my last hit"). The Run calls it in place of `read`.
    # Optional: `status(state) -> str`, what the card prints every turn besides the LEDGER (a
    # shot grid). The Run adds it to the replies it writes itself (a refused save, after the end).


# -- what a game's package tells the registry ------------------------------------------------------


# A hidden setup's file (a reveal file) is a page of Markdown, some 400 bytes: one of up to 64 kB
# is read, by the game that plays it and by every tool that checks it.
MAX_SECRET_BYTES = 64 * 1024


def secret_name(secret: str) -> str:
    """The file name a hidden setup's text (`GameEntry.draw_secret`) goes by: from the text's own
    hash, so every replay of a run names it alike and the name tells nothing of it. A game played
    with `make_game(card, secret=TEXT)` names it so, and a front end that offers the file does too."""
    return f"reveal-{hashlib.sha256(secret.encode('utf-8')).hexdigest()[:12]}.md"


OptionType = Literal["text", "int", "path", "flag", "choice"]


@dataclass(frozen=True)
class Option:
    """One option of `make_game(card, **options)`, as `cardgm play` offers it."""

    flag: str  # "--sealed"
    name: str  # the make_game keyword: "sealed_file"
    help: str  # one line, naming the card it is for
    type: OptionType = "text"  # "path": an existing file; "flag": on when given
    choices: tuple[str, ...] = ()  # for "choice"


@dataclass(frozen=True)
class GameEntry:
    """What a game offers, told by its package's `__init__.py` as `ENTRY` (which imports
    nothing heavy: the registry reads every entry to list the games). Every reference to code is
    a lazy "module:attr" string (a bare "module" for a part that is a whole module), loaded by
    `cardgm.games.load` when a tool asks for it; a module written ".name" is taken inside `package`."""

    id: str  # the game id on the card's RESULT line
    title: str  # as the card's '# ' line gives it
    card: str  # the shipped card's file name inside `package`, e.g. "becalmed.md"
    package: str  # "cardgm.games.becalmed"
    factory: str  # make_game(card, **options) -> Game
    audit: str | None = None  # the audit's Adapter instance (cardgm.verify.audit)
    solver: str | None = None  # a cardgm.solve.protocols.Solver: best lines by exact search
    par: str | None = None  # a cardgm.solve.protocols.ParRules: blind policies for `cardgm par`
    coach: str | None = None  # make_coach(game, *, quiet=False) -> (state -> str): what "hint" answers
    analyze: str | None = None  # `cardgm analyze GAME`: run_analysis(out, strategies, sample, seed, *, plot, echo)
    # Structured moves for programs (cardgm.agents, cardgm.env): a module (".moves") with
    # legal(game, state), say(action), to_json/from_json, schema() and universe(game), and, for a
    # game with no solver, BEST: the best score any deal allows.
    moves: str | None = None
    draw_secret: str | None = None  # (rng) -> str: a fresh hidden setup, as text make_game(secret=…) plays
    # (raw: bytes, commitment: str) -> (ok, lines): a secret's file checked against the commitment
    # published before play (`cardgm verify seal`, the site's /verify)
    check_secret: str | None = None
    options: tuple[Option, ...] = ()  # the make_game options `cardgm play` offers
    # Extra click commands the game adds to `cardgm`: "module:attr" (e.g. `cardgm seal`), or
    # "GROUP module:attr" to add one under a group (`cardgm verify seal`).
    commands: tuple[str, ...] = ()

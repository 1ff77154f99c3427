"""One playthrough: turns, confirmations, save and resume, the end.

`Run.reply(message)` drives the flow in shared/DESIGN.md for one message and returns the whole
reply. Every front end (terminal, web, MCP, Gymnasium, verifier) drives a Run; none holds rules.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from cardgm.game import Ending, Game, ReadAs, Reading, SaveError

SAVE_BEGIN = "-----BEGIN AIGC SAVE-----"
SAVE_END = "-----END AIGC SAVE-----"
# A message longer than this is not read at all: no card's order needs a tenth of it.
MAX_MESSAGE = 4000
COACH_WORDS = frozenset({"hint", "coach", "give me a hint"})


@dataclass(frozen=True)
class Reply:
    """One reply, whole. `text` is exactly what a player sees; the rest is for programs."""

    turn: int
    message: str | None  # None for the opening
    read_as: ReadAs | None  # None for the opening
    command: str | None
    prose: str
    ledger: str
    text: str
    fields: dict[str, Any]
    ended: bool
    end: str | None = None
    score: int | None = None
    result: str | None = None
    save: str | None = None

    def as_json(self) -> dict[str, Any]:
        """The stable `--json` object (documented in README.md)."""
        return {
            "turn": self.turn,
            "message": self.message,
            "read_as": self.read_as.value if self.read_as else "opening",
            "command": self.command,
            "prose": self.prose,
            "ledger": self.ledger,
            "state": self.fields,
            "ended": self.ended,
            "end": self.end,
            "score": self.score,
            "result": self.result,
            "save": self.save,
            "text": self.text,
        }


def find_save_block(message: str) -> str | None:
    """The SAVE block inside a message, BEGIN to END lines, or None."""
    start = message.find(SAVE_BEGIN)
    if start < 0:
        return None
    stop = message.find(SAVE_END, start)
    if stop < 0:
        return message[start:]
    return message[start : stop + len(SAVE_END)]


_GAME_FIELD = re.compile(r"(?:^|\s)game:(\S+)")


def save_game_id(block: str) -> str | None:
    """The `game:` field of a SAVE block (every card's block opens with it), or None."""
    m = _GAME_FIELD.search(block.replace(SAVE_BEGIN, " ", 1))
    return m.group(1) if m else None


def _card_title(game_id: str) -> str:
    from cardgm.card import BUILTIN, load_card

    return load_card(game_id).title if game_id in BUILTIN else f"the card '{game_id}'"


@dataclass
class Run:
    """A playthrough of one game. Not frozen: it is the one mutable thing, and it owns the state."""

    game: Game
    state: Any = None
    pending: Reading | None = None
    transcript: list[tuple[str | None, Reply]] = field(default_factory=list)
    moved: bool = False  # has any message moved the game (a resume is only taken before that)
    # A front end's coach (e.g. the hunter's heat map): answers "hint" from the visible state.
    # Injected, so the rules never see an engine and the game layer imports no tool.
    coach: Callable[[Any], str] | None = None

    def __post_init__(self) -> None:
        if self.state is None:
            self.state = self.game.new()

    # -- the replies ---------------------------------------------------------------------------

    def start(self) -> Reply:
        """The opening reply (turn 1)."""
        reply = self._compose(None, None, None, self.game.opening(self.state), ending=None)
        self.transcript.append((None, reply))
        return reply

    def reply(self, message: str) -> Reply:
        """Read one player message and answer it in full; the LEDGER ends every reply."""
        ending = self.game.ending(self.state)
        if ending is not None:
            # The game is over: nothing moves and no turn is counted.
            prose = self._with_status("The game is over. Start a new run to play again.")
            reply = self._compose(message, ReadAs.ANSWER, None, prose, ending=ending, finale=False)
            self.transcript.append((message, reply))
            return reply

        self.state = replace(self.state, turn=self.state.turn + 1)
        if len(message) > MAX_MESSAGE:
            reading = Reading(
                ReadAs.ASK,
                text=self._with_status(
                    f"That message is {len(message):,} characters long; cardgm reads up to "
                    f"{MAX_MESSAGE:,}. Nothing has changed. Send your words again, shorter."
                ),
            )
            return self._finish(message, reading, reading.text)

        block = find_save_block(message)
        if block is not None:
            return self._resume(message, block)

        if self.coach is not None and message.strip().lower().rstrip("?!. ") in COACH_WORDS:
            hint = Reading(ReadAs.ANSWER, text=self.coach(self.state), command="hint")
            return self._finish(message, hint, hint.text)

        reading = self.game.read(self.state, message, self.pending)
        if reading.kind is ReadAs.COMMAND and reading.command == "save":
            save = self.game.save(self.state)
            prose = "\n\n".join(p for p in (reading.text, save, self.game.save_note(self.state)) if p)
            reply = self._compose(message, reading.kind, "save", prose, ending=None, save=save)
            self.transcript.append((message, reply))
            return reply  # a pending question still stands after a save

        prose = reading.text
        if reading.runs:
            before = self.state
            self.state, events = self.game.apply(before, reading.action)
            self.moved = True
            told = self.game.narrate(before, reading.action, events, self.state)
            prose = "\n\n".join(p for p in (reading.text, told) if p)
        return self._finish(message, reading, prose)

    def _finish(self, message: str, reading: Reading, prose: str) -> Reply:
        self.pending = reading if reading.kind in (ReadAs.ASK, ReadAs.CONFIRM) else None
        reply = self._compose(message, reading.kind, reading.command, prose, ending=self.game.ending(self.state))
        self.transcript.append((message, reply))
        return reply

    def _resume(self, message: str, block: str) -> Reply:
        if self.moved:
            prose = self._with_status(
                "A SAVE block is resumed only as the first message of a new run; this one has "
                "already begun, and its own LEDGER stands. Nothing has changed."
            )
            return self._finish(message, Reading(ReadAs.ANSWER, text=prose), prose)
        try:
            state = self._load(block)
        except SaveError as exc:
            prose = self._with_status(f"That SAVE block cannot be resumed: {exc} Nothing has changed.")
            return self._finish(message, Reading(ReadAs.ANSWER, text=prose), prose)
        self.state = state
        self.moved = True
        self.pending = None
        reply = self._compose(message, ReadAs.COMMAND, "resume", self.game.resumed(state), ending=self.game.ending(state))
        self.transcript.append((message, reply))
        return reply

    def resume(self, block: str) -> Reply:
        """Resume from a SAVE block as the opening of this run (`--resume FILE`)."""
        state = self._load(block)  # SaveError propagates: the caller reports it
        self.state = state
        self.moved = True
        reply = self._compose(None, ReadAs.COMMAND, "resume", self.game.resumed(state), ending=self.game.ending(state))
        self.transcript.append((None, reply))
        return reply

    def _load(self, block: str) -> Any:
        """The game's load, once the block is known to be this card's: a block of another card
        is named as that card's, not picked apart field by field as if it were this one's."""
        other = save_game_id(block)
        card = self.game.card
        if other is not None and other != card.game_id:
            raise SaveError(
                f"it is a SAVE block of {_card_title(other)} (game:{other}), not of {card.title}; "
                f"resume it with `cardgm play {other}`, pasting it as the first message or with --resume FILE."
            )
        return self.game.load(block)

    def _with_status(self, text: str) -> str:
        """A reply the Run writes itself still shows what the card prints every turn (a grid)."""
        status = getattr(self.game, "status", None)
        shown = status(self.state) if status else ""
        return f"{text}\n\n{shown}" if shown else text

    # -- composing -----------------------------------------------------------------------------

    def _compose(
        self,
        message: str | None,
        read_as: ReadAs | None,
        command: str | None,
        prose: str,
        *,
        ending: Ending | None,
        save: str | None = None,
        finale: bool = True,
    ) -> Reply:
        ledger = self.game.ledger(self.state)
        # Only blank lines are trimmed: a reply may open with an indented grid.
        prose = prose.strip("\n").rstrip()
        parts = [prose] if prose.strip() else []
        result = None
        if ending is not None:
            result = self.game.result(self.state)
            if finale:
                parts += [self.game.finale(self.state).strip("\n").rstrip(), result, self.game.pointers(self.state).strip()]
            else:
                parts.append(result)
        parts.append(ledger)
        text = "\n\n".join(p for p in parts if p)
        return Reply(
            turn=self.state.turn,
            message=message,
            read_as=read_as,
            command=command,
            prose=prose,
            ledger=ledger,
            text=text,
            fields=self.game.fields(self.state),
            ended=ending is not None,
            end=ending.end if ending else None,
            score=ending.score if ending else None,
            result=result,
            save=save,
        )

    @property
    def ended(self) -> bool:
        return self.game.ending(self.state) is not None

"""One playthrough: turns, confirmations, save and resume, the end.

`Run.reply(message)` drives the flow in shared/DESIGN.md for one message and returns the whole
reply. Every front end (terminal, web, MCP, Gymnasium, verifier) drives a Run; none holds rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from cardgm.game import Ending, Event, Game, ReadAs, Reading, SaveError
from cardgm.save import BEGIN, find_block, looks_like_block, save_game_id, several_blocks

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
    # What the rules ran for this message, if anything, and the events they returned, in order
    # (the audit reads them). Not in `as_json`: an action or event is the game's own object.
    action: Any = None
    events: tuple[Event, ...] = ()

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


def _card_title(game_id: str) -> str:
    from cardgm import games

    try:
        return games.entry(game_id).title
    except games.UnknownGame:
        return f"the card '{game_id}'"


@dataclass
class Run:
    """A playthrough of one game. Not frozen: it is the one mutable thing, and it owns the state."""

    game: Game[Any, Any]
    state: Any = None
    pending: Reading | None = None
    transcript: list[tuple[str | None, Reply]] = field(default_factory=list)
    moved: bool = False  # has any message moved the game (a resume is only taken before that)
    # Keep every (message, reply) in `transcript` (the site, the audit, --review read them back);
    # False keeps only the last, for a long run whose replies already went to the screen and the
    # log: a run then holds its state, its pending question and a count, not 2 KB a message.
    keep: bool = True
    replies: int = 0  # replies given, the opening included
    # A front end's coach (e.g. the hunter's heat map): answers "hint" from the visible state.
    # Injected, so the rules never see an engine and the game layer imports no tool.
    coach: Callable[[Any], str] | None = None
    # The actions the rules ran in this run, oldest first: what "same as yesterday" or "the one
    # below my last hit" refers back to. A resume starts it again (the SAVE block holds no calls).
    history: list[Any] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.state is None:
            self.state = self.game.new()

    # -- the replies ---------------------------------------------------------------------------

    def _record(self, message: str | None, reply: Reply) -> None:
        self.replies += 1
        if self.keep:
            self.transcript.append((message, reply))
        else:
            self.transcript[:] = [(message, reply)]

    def start(self) -> Reply:
        """The opening reply (turn 1)."""
        reply = self._compose(None, None, None, self.game.opening(self.state), ending=None)
        self._record(None, reply)
        return reply

    def reply(self, message: str) -> Reply:
        """Read one player message and answer it in full; the LEDGER ends every reply."""
        ending = self.game.ending(self.state)
        if ending is not None:
            # The game is over: nothing moves and no turn is counted.
            prose = self._with_status("The game is over. Start a new run to play again.")
            reply = self._compose(message, ReadAs.ANSWER, None, prose, ending=ending, finale=False)
            self._record(message, reply)
            return reply

        self.state = replace(self.state, turn=self.state.turn + 1)
        if len(message) > MAX_MESSAGE:
            reading = Reading(
                ReadAs.ASK,
                text=self._with_status(
                    f"That message is over {MAX_MESSAGE:,} characters; cardgm reads up to "
                    f"{MAX_MESSAGE:,}. Nothing has changed. Send your words again, shorter."
                ),
            )
            # Kept (and echoed in --json, the run log, the site) only as far as shows it is too
            # long: a 50 MB line is not written out again, and replays to this same reply.
            return self._finish(message[: MAX_MESSAGE + 1], reading, reading.text)

        block = find_block(message)
        if block is not None:
            return self._resume(message, block)
        if looks_like_block(message):
            prose = self._with_status(
                f"That SAVE block cannot be resumed: it has no line {BEGIN} exactly as the card prints it, "
                "so it is not read, as a SAVE or as orders. Paste the whole block, its BEGIN and END lines "
                "as written. Nothing has changed."
            )
            return self._finish(message, Reading(ReadAs.ANSWER, text=prose), prose)

        if self.coach is not None and message.strip().lower().rstrip("?!. ") in COACH_WORDS:
            hint = Reading(ReadAs.ANSWER, text=self.coach(self.state), command="hint")
            return self._finish(message, hint, hint.text)

        reading = self._read(message)
        if reading.kind is ReadAs.COMMAND and reading.command == "save":
            save = self.game.save(self.state)
            prose = "\n\n".join(p for p in (reading.text, save, self.game.save_note(self.state)) if p)
            reply = self._compose(message, reading.kind, "save", prose, ending=None, save=save)
            self._record(message, reply)
            return reply  # a pending question still stands after a save

        prose = reading.text
        events: tuple[Event, ...] = ()
        if reading.runs:
            before = self.state
            self.state, events = self.game.apply(before, reading.action)
            self.moved = True
            self.history.append(reading.action)
            told = self.game.narrate(before, reading.action, events, self.state)
            prose = "\n\n".join(p for p in (reading.text, told) if p)
        return self._finish(message, reading, prose, events)

    def _read(self, message: str) -> Reading:
        """The game's reading of `message`; a game that reads words referring back to earlier
        moves ("same as yesterday") is handed this run's history too (`Game.read_in_run`)."""
        read_in_run = getattr(self.game, "read_in_run", None)
        if read_in_run is not None:
            reading: Reading = read_in_run(self.state, message, self.pending, tuple(self.history))
            return reading
        return self.game.read(self.state, message, self.pending)

    def _finish(self, message: str, reading: Reading, prose: str, events: tuple[Event, ...] = ()) -> Reply:
        self.pending = reading if reading.kind in (ReadAs.ASK, ReadAs.CONFIRM) else None
        action = reading.action if reading.runs else None
        reply = self._compose(
            message, reading.kind, reading.command, prose, ending=self.game.ending(self.state), action=action, events=events
        )
        self._record(message, reply)
        return reply

    def _resume(self, message: str, block: str) -> Reply:
        if self.moved:
            prose = self._with_status(
                "A SAVE block is resumed only as the first message of a new run; this one has "
                "already begun, and its own LEDGER stands. Nothing has changed."
            )
            return self._finish(message, Reading(ReadAs.ANSWER, text=prose), prose)
        try:
            state = self._load(block, message)
        except SaveError as exc:
            prose = self._with_status(f"That SAVE block cannot be resumed: {exc} Nothing has changed.")
            return self._finish(message, Reading(ReadAs.ANSWER, text=prose), prose)
        return self.resume_at(message, state)

    def resume(self, block: str, text: str | None = None) -> Reply:
        """Resume from a SAVE block as the opening of this run (`--resume FILE`; `text`, the
        file's whole text, is refused if it holds two different blocks)."""
        state = self._load(block, text)  # SaveError propagates: the caller reports it
        return self.resume_at(None, state)

    def resume_at(self, message: str | None, state: Any) -> Reply:
        """Stand at `state`, loaded from a SAVE block, and answer `message` as a resume (the game's
        own words for it). A pasted first message and `resume` come here once the block is loaded;
        the audit, following a SAVE pasted mid-game where a card allows that, calls it itself."""
        self.state = state
        self.moved = True
        self.pending = None
        self.history = []
        reply = self._compose(message, ReadAs.COMMAND, "resume", self.game.resumed(state), ending=self.game.ending(state))
        self._record(message, reply)
        return reply

    def play(self, message: str, action: Any) -> Reply:
        """Answer `message` with `action`, a move chosen outside the reader (the audit takes one
        from an AI's numbers where the player's words allow it): the turn is counted, the rules run
        it, the game narrates it, and the reply is composed and kept as for a move the reader read.
        Raises GameError, with the rules' reason, if the card does not allow it; nothing changes."""
        before = replace(self.state, turn=self.state.turn + 1)
        after, events = self.game.apply(before, action)  # GameError: self is as it was
        self.state = after
        self.moved = True
        self.history.append(action)
        told = self.game.narrate(before, action, events, after)
        return self._finish(message, Reading(ReadAs.MOVE, action=action), told, events)

    def _load(self, block: str, message: str | None = None) -> Any:
        """The game's load, once the block is known to be this card's: a block of another card
        is named as that card's, not picked apart field by field as if it were this one's. A
        `message` (or file) holding two different blocks names no one state, and is refused."""
        why = several_blocks(message) if message is not None else None
        if why is not None:
            raise SaveError(why)
        other = save_game_id(block)
        card = self.game.card
        if other is not None and other.lower() != card.game_id:  # a case changed: the game's load says so
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
        action: Any = None,
        events: tuple[Event, ...] = (),
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
            action=action,
            events=tuple(events),
        )

    @property
    def ended(self) -> bool:
        return self.game.ending(self.state) is not None

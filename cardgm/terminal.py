"""`cardgm play` at a terminal and on a pipe: each message answered as it arrives, nothing lost.

Input. A whole script (`--script FILE`, or stdin redirected from a file) is read by every rule of
`transcript.read_messages`, `... ` continuation included: the next line is already there to say
whether a message goes on. A live input (a pipe, a terminal) is answered line by line: a message
is complete at its newline, unless it opened a SAVE block, which is answered at its END line. So
a program can write one line, read the reply, and write the next (README: scripted play).

Output. Every reply is written whole and flushed at once, as text or one `--json` object; the
run log gets the same object first. Leaving early (Ctrl-C anywhere, Ctrl-D at a terminal) prints
a SAVE block where one can be taken, and where none can (a dusk waiting on the player's answer)
the SAVE of the last moment one could, with the messages to send again to come back.
"""

from __future__ import annotations

import io
import json
import os
import re
import stat
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any, BinaryIO, Protocol, TextIO

from cardgm.game import GameError
from cardgm.run import Reply, Run
from cardgm.transcript import Messages

# One error for input that cannot be read, whichever command reads it (`cardgm play` here, audit
# and verify run in cardgm.verify): here its message names the file (or stdin), the line and why.
from cardgm.verify.inputs import MAX_MESSAGES, MAX_TRANSCRIPT_BYTES, check_file
from cardgm.verify.inputs import InputError as InputError

# A line of input kept to its first 64 KiB: any message past 4,000 characters is answered as too
# long whatever its length, so the rest is read past (never held) and a line with no end (a
# device, a file without a newline) cannot fill the memory.
MAX_LINE_BYTES = 64 * 1024
# A whole text file (a --resume file, a run log for review): its size is looked at before it is read.
MAX_TEXT_BYTES = MAX_TRANSCRIPT_BYTES


def text_lines(stream: BinaryIO, name: str) -> Iterator[str]:
    """The lines of a byte stream as text, read one at a time (a pipe is never read ahead).

    Raises InputError at the first line that is not UTF-8 or holds a NUL byte (a binary file):
    the lines before it have been answered and stand."""
    for number, raw in enumerate(iter(lambda: stream.readline(MAX_LINE_BYTES), b""), 1):
        if b"\0" in raw:
            raise InputError(f"{name}: line {number} holds a NUL byte; this is a binary file, not text")
        cut = len(raw) == MAX_LINE_BYTES and not raw.endswith(b"\n")
        while cut:  # the rest of an over-long line, read past
            more = stream.readline(MAX_LINE_BYTES)
            if not more or more.endswith(b"\n"):
                break
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            if not (cut and exc.start >= len(raw) - 3):  # a character cut at the 64 KiB mark is no fault
                raise InputError(
                    f"{name}: line {number} is not UTF-8 text (byte 0x{raw[exc.start]:02x} at column {exc.start + 1})"
                ) from None
            line = raw[: exc.start].decode("utf-8")
        if number == 1:
            line = line.removeprefix("\ufeff")  # a byte-order mark some editors write
        yield line.rstrip("\n").rstrip("\r")


def read_text(path: str, what: str, limit: int = MAX_TEXT_BYTES) -> str:
    """A whole text file, or InputError naming it and why it is not text. Its size is looked at
    first: a file over `limit`, or a device or a pipe (/dev/zero is never done), is refused unread."""
    try:
        check_file(path, limit, what.removeprefix("a ").removeprefix("an "))
    except InputError as exc:
        raise InputError(f"{path}: {exc}") from None
    with open(path, "rb") as f:
        raw = f.read(limit + 1)
    if b"\0" in raw:
        raise InputError(f"{path}: this is a binary file, not {what}")
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start}); {what} is text") from None


def is_whole(stream: IO[Any]) -> bool:
    """True when the input is all there already (a regular file, or an in-memory stream), so a
    message may wait for the next line; False for a pipe, a terminal or a socket."""
    try:
        return stat.S_ISREG(os.fstat(stream.fileno()).st_mode)
    except (OSError, ValueError, io.UnsupportedOperation, AttributeError):
        return True


def is_terminal(stream: IO[Any]) -> bool:
    try:
        return stream.isatty()
    except (ValueError, AttributeError):
        return False


# -- colour: where a player looks (a number that changed, HIT, MISS), at a terminal only ----------

_STRUCK = re.compile(r"\b(HIT|SUNK)\b")
_MISSED = re.compile(r"\bMISS\b")


def wants_colour(stream: IO[Any]) -> bool:
    """Colour only on a terminal, and never under NO_COLOR."""
    from cardgm.progress import no_color

    return is_terminal(stream) and not no_color()


def paint(text: str, ledger: str, before: str | None) -> str:
    """A reply with colour: the LEDGER's fields that changed since `before` in bold yellow, HIT
    and SUNK in bold red, MISS in blue. Only ever written to a terminal."""
    import click

    text = _STRUCK.sub(lambda m: click.style(m.group(0), fg="red", bold=True), text)
    text = _MISSED.sub(lambda m: click.style(m.group(0), fg="blue"), text)
    if before is None or not text.endswith(ledger):
        return text
    old, new = before.split(" "), ledger.split(" ")
    if len(old) != len(new):
        return text
    marked = " ".join(click.style(t, fg="yellow", bold=True) if t != o else t for t, o in zip(new, old))
    return text[: len(text) - len(ledger)] + marked


# -- wrapping: prose fitted to a terminal's width, at word boundaries --------------------------------

_KEEP_WHOLE = ("[L] ", "RESULT: ", "-----BEGIN AIGC SAVE-----")


def wrap_prose(text: str, width: int) -> str:
    """Each long line of prose wrapped at word boundaries to `width` columns. What a program or a
    player copies stays whole: the LEDGER, the RESULT line, a SAVE block, and any line that opens
    with spaces (a grid). A word longer than the width stands on its own line, unbroken."""
    import textwrap

    out: list[str] = []
    in_save = False
    for line in text.split("\n"):
        if line.startswith("-----BEGIN AIGC SAVE-----"):
            in_save = True
        if in_save or len(line) <= width or line.startswith(_KEEP_WHOLE) or line[:1].isspace():
            out.append(line)
        else:
            out.extend(textwrap.wrap(line, width, break_long_words=False, break_on_hyphens=False) or [""])
        if line.startswith("-----END AIGC SAVE-----"):
            in_save = False
    return "\n".join(out)


def terminal_width(stream: IO[Any]) -> int | None:
    """The width to wrap prose to: the terminal's columns, or None when `stream` is no terminal."""
    if not is_terminal(stream):
        return None
    import shutil

    return max(20, shutil.get_terminal_size().columns)


@dataclass
class Pause:
    """The last moment of the run a SAVE block could be taken: the block, and the messages
    answered since (the ones to send again)."""

    block: str
    since: list[str] = field(default_factory=list)


class Writable(Protocol):
    """What a run log is written to (a file, or cardgm.output.Output)."""

    def write(self, text: str, /) -> Any: ...

    def flush(self) -> Any: ...


@dataclass
class Session:
    """One `cardgm play` run's output: replies to stdout (text or JSON) and to the log."""

    run: Run
    as_json: bool = False
    out: TextIO = field(default_factory=lambda: sys.stdout)
    log: Writable | None = None
    pause: Pause | None = None
    colour: bool = False  # text replies painted for a terminal (never JSON, a pipe or a log)
    stop_at_end: bool = False  # `--review`: stop reading once the game is over, so the review follows at once
    width: int | None = None  # prose wrapped to this many columns (a terminal only; never JSON or a pipe)
    _ledger: str | None = None  # the LEDGER last shown, to mark what changed
    _logged: int = 0  # player messages answered (and logged)

    def emit(self, reply: Reply) -> None:
        obj = reply.as_json()
        if self.log is not None:
            self.log.write(json.dumps(obj, ensure_ascii=False) + "\n")
            self.log.flush()
        text = wrap_prose(reply.text, self.width) if self.width and not self.as_json else reply.text
        if self.as_json:
            self.out.write(json.dumps(obj, ensure_ascii=False) + "\n")
        elif self.colour:
            self.out.write(paint(text, reply.ledger, self._ledger) + "\n\n")
        else:
            self.out.write(text + "\n\n")
        self.out.flush()
        self._ledger = reply.ledger
        self._note_pause()

    def _note_pause(self) -> None:
        if self.run.ended:
            return
        try:
            self.pause = Pause(self.run.game.save(self.run.state))
        except GameError:
            pass  # a dusk waiting on the player: the last pause stands

    def answer(self, messages: Iterable[str]) -> None:
        run = self.run
        for message in messages:
            if self.log is not None and self._logged >= MAX_MESSAGES:
                # One set of limits: a log cardgm writes is one `verify run` and `review` read.
                raise InputError(
                    f"the run log holds {MAX_MESSAGES:,} messages, the most `cardgm verify run` and `cardgm review` "
                    "read; the run stops here (resume the SAVE below in a new run, with a new --log)"
                )
            self._logged += 1
            before = (run.state, run.pending, run.moved, run.replies, list(run.transcript) if not run.keep else len(run.transcript), len(run.history))
            try:
                reply = run.reply(message)
            except KeyboardInterrupt:
                # Stopped mid-reply: the run is put back as it was before this message.
                run.state, run.pending, run.moved, run.replies, kept, ran = before
                if isinstance(kept, list):
                    run.transcript[:] = kept
                else:
                    del run.transcript[kept:]
                del run.history[ran:]
                raise
            if self.pause is not None:
                self.pause.since.append(message)
            self.emit(reply)

    def play(self, lines: Iterable[str], *, whole: bool) -> None:
        """Answer every message in `lines`; a live input's message is answered at its newline."""
        gather = Messages(continuation=whole)
        try:
            for line in lines:
                self.answer(gather.feed(line))
                if self.stop_at_end and self.run.ended:
                    return  # the review follows the RESULT line; nothing after the end is read
        except InputError:
            self.answer(gather.held())  # a message complete before the bad line is answered
            raise
        self.answer(gather.end())

    # -- leaving early -------------------------------------------------------------------------

    def _since_pause(self) -> list[str]:
        """The messages answered since the last moment a SAVE could be taken."""
        assert self.pause is not None
        return list(self.pause.since)

    def leaving(self) -> tuple[str | None, str | None, list[str], str]:
        """(SAVE block, why it is not of this moment, messages to send again, note) to leave with.

        The block is None when the game is over or no moment of the run could be saved."""
        run = self.run
        if run.ended:
            return None, None, [], ""
        try:
            return run.game.save(run.state), None, [], run.game.save_note(run.state)
        except GameError as exc:
            if self.pause is None:
                return None, f"No SAVE block can be taken here: {exc}.", [], ""
            again = self._since_pause()
            why = (
                f"No SAVE block can be taken here: {exc}. This is the SAVE of the moment before "
                f"{_quoted(again)}: resume it and send {'that' if len(again) == 1 else 'those'} again to come back here."
            )
            return self.pause.block, why, again, run.game.save_note(run.state)

    def leave(self, *, interrupted: bool) -> None:
        """Print what to resume from: text at a terminal or on a pipe, or one JSON object."""
        block, why, again, note = self.leaving()
        if self.as_json:
            obj = {
                "interrupted": interrupted,
                "turn": self.run.state.turn,
                "ended": self.run.ended,
                "save": block,
                "save_note": why,
                "send_again": again,
                "note": note or None,
            }
            self.out.write(json.dumps(obj, ensure_ascii=False) + "\n")
        elif block is not None or why is not None:
            parts = [p for p in (why, block, note) if p]
            text = "\n\n".join(parts)
            self.out.write("\n" + (wrap_prose(text, self.width) if self.width else text) + "\n")
        self.out.flush()

    def asking_first(self) -> str | None:
        """At Ctrl-D: when this moment cannot be saved but the player can answer and then save,
        what to say before leaving with the SAVE of an earlier moment."""
        if self.run.ended:
            return None
        try:
            self.run.game.save(self.run.state)
        except GameError as exc:
            later = ""
            if self.pause is not None:
                later = f"; or press Ctrl-D again to leave with the SAVE of the moment before {_quoted(self._since_pause())}"
            return f"No SAVE block can be taken here: {exc}. Answer, then leave{later}."
        return None


def _quoted(messages: list[str]) -> str:
    return ", then ".join(f'"{m}"' for m in messages)

"""Reading files a user hands to `cardgm audit` and `cardgm verify run`, whatever is in them.

A transcript or a run log may come from anywhere: a chat service's export, a copy and paste, a
file someone else wrote. Everything here turns what cannot be read into one `InputError` that says
why in plain words ("it is …", the caller puts the file's name before it) and names the limit
that was passed, before any slow work starts:

- a file's size, looked at before it is read (`read_text`);
- text that is not UTF-8 (UTF-16 with its byte-order mark is read too, as Windows saves it), or
  that holds NUL bytes (a binary file);
- JSON nested deeper than `MAX_JSON_DEPTH`, or with an integer longer than `MAX_DIGITS` digits
  (Python refuses to convert one of 4,300 digits and more, and nothing in a chat export or a run
  log is a number that long) (`load_json`);
- a JSON array read one element at a time, so a chat export far bigger than the transcript limit
  is read in bounded memory (`iter_json_array`).

The limits are printed in the commands' `--help`.
"""

from __future__ import annotations

import codecs
import json
import math
import os
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from cardgm.game import MAX_SECRET_BYTES

MiB = 1024 * 1024

# A chat in which a card was played, pasted whole, is well under 1 MB (the card is 10-20 kB, a
# reply one or two); 8 MB is room for a very long session with everything around it.
MAX_TRANSCRIPT_BYTES = 8 * MiB
# A ChatGPT export holds every conversation of an account; it is read one conversation at a
# time, each conversation within MAX_TRANSCRIPT_BYTES, the whole file within this.
MAX_EXPORT_BYTES = 1024 * MiB
# Player messages audited or replayed: a whole game takes a few hundred replies at most. A message
# costs up to a few milliseconds (a long one read through a card's reader), so this bounds a run
# at seconds.
MAX_MESSAGES = 2000
# Lines of a text transcript: a game's chat runs to tens of thousands (a reply is a dozen or two);
# counted before the text is split, so a file of a million short lines is refused at once.
MAX_TRANSCRIPT_LINES = 200_000
# A run log (`cardgm play --log`): one JSON line a reply, each a few kilobytes.
MAX_LOG_BYTES = 16 * MiB
# One line of a run log: a reply, its state and the player's message (at most 4,000 characters
# are read of a message; a longer one is answered as too long).
MAX_LOG_LINE = 256 * 1024
# A reveal file: the contract's limit, the one the game reads its own with.
MAX_REVEAL_BYTES = MAX_SECRET_BYTES
MAX_JSON_DEPTH = 100
MAX_DIGITS = 100


class InputError(ValueError):
    """Input that cannot be read as what it was given as (not text, too big, malformed); the
    message says why. The one such error of every command: `cardgm play`'s input
    (`cardgm.terminal`) raises it too."""


def size_words(n: int) -> str:
    """A byte count as people write it, rounded up: '16 MB', '8.1 MB', '1 GB', '250 kB', '90 bytes'.

    >>> size_words(8 * MiB), size_words(8 * MiB + 1), size_words(1024 * MiB), size_words(3000)
    ('8 MB', '8.1 MB', '1 GB', '2 kB')
    """
    if n >= 1024 * MiB:
        return size_words(n // 1024).replace("MB", "GB").replace("kB", "GB") if n % (1024 * MiB) == 0 else f"{math.ceil(n * 10 / (1024 * MiB)) / 10:,.1f} GB"
    if n >= MiB:
        if n % MiB == 0:
            return f"{n // MiB:,} MB"
        return f"{math.ceil(n * 10 / MiB) / 10:,.1f} MB"  # rounded up: 8 MB and a byte is not "8.0 MB"
    if n >= 1024:
        return f"{n // 1024:,} kB"
    return f"{n:,} bytes"


def check_file(path: str | Path, limit: int, what: str) -> int:
    """The size of a regular file that is within `limit` bytes; InputError otherwise. A device
    or a pipe (/dev/zero, a FIFO) is refused: it could be read for ever."""
    try:
        st = os.stat(path)
    except OSError as exc:
        raise InputError(f"cannot read it ({exc.strerror})") from None
    if not stat.S_ISREG(st.st_mode):
        raise InputError(f"it is not a regular file, and a {what} is one")
    if st.st_size > limit:
        raise InputError(
            f"it is {size_words(st.st_size)}; cardgm reads a {what} of up to {size_words(limit)}"
        )
    return st.st_size


def decode(data: bytes, what: str) -> str:
    """Text from a file's bytes: UTF-8 (a BOM dropped), or UTF-16 with its BOM."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise InputError("it starts as UTF-16 text but does not read as UTF-16") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(
            f"it is not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start:,}); "
            "save it as UTF-8 text"
        ) from None
    if "\x00" in text:
        raise InputError(f"it holds NUL bytes: a binary file, not a {what}")
    return text.removeprefix("\ufeff")


def read_text(path: str | Path, limit: int, what: str) -> str:
    """A text file of at most `limit` bytes, refused at once (before reading) if larger."""
    check_file(path, limit, what)
    try:
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except OSError as exc:
        raise InputError(f"cannot read it ({exc.strerror})") from None
    if len(data) > limit:  # it grew since stat
        raise InputError(f"it is over {size_words(limit)}; cardgm reads a {what} of up to {size_words(limit)}")
    return decode(data, what)


# -- JSON -------------------------------------------------------------------------------------------


class _TooLong(ValueError):
    def __init__(self, digits: int) -> None:
        super().__init__(digits)
        self.digits = digits


def _int(text: str) -> int:
    digits = len(text) - text.startswith("-")
    if digits > MAX_DIGITS:
        raise _TooLong(digits)
    return int(text)


def _too_deep(data: Any) -> bool:
    """Is any value nested more than MAX_JSON_DEPTH arrays or objects deep (walked without
    recursion, so the walk itself cannot overflow)?"""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        children: Iterable[Any]
        if isinstance(value, dict):
            children = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > MAX_JSON_DEPTH:
            return True
        stack.extend((v, depth + 1) for v in children if isinstance(v, (dict, list)))
    return False


def load_json(text: str, what: str) -> Any:
    """Parse JSON text, refusing what would crash or stall the readers after it."""
    try:
        data = json.loads(text, parse_int=_int)
    except RecursionError:
        raise InputError(f"it is JSON nested more than {MAX_JSON_DEPTH} levels deep") from None
    except _TooLong as exc:
        raise InputError(f"it holds an integer of {exc.digits:,} digits; cardgm reads integers of up to {MAX_DIGITS}") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"it looks like JSON but is not (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    if _too_deep(data):
        raise InputError(f"it is JSON nested more than {MAX_JSON_DEPTH} levels deep")
    return data


def iter_json_array(f: IO[bytes], what: str, item_limit: int, chunk: int = MiB) -> Iterator[Any]:
    """The elements of the JSON array in a binary file, one at a time: the file is read in chunks
    and only one element is held at once, so a file of any size passes in bounded memory. An
    element larger than `item_limit` bytes is refused."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    buf = ""
    pos = 0
    eof = False

    def more() -> bool:
        nonlocal buf, pos, eof
        if eof:
            return False
        data = f.read(max(chunk, len(buf) - pos))  # doubling: an element is re-scanned O(log n) times
        if not data:
            eof = True
            buf = buf[pos:] + decoder.decode(b"", final=True)
        else:
            try:
                buf = buf[pos:] + decoder.decode(data)
            except UnicodeDecodeError:
                raise InputError("it is not UTF-8 text") from None
        pos = 0
        return True

    def skip_space() -> str:
        nonlocal pos
        while True:
            while pos < len(buf) and buf[pos] in " \t\r\n\ufeff":
                pos += 1
            if pos < len(buf):
                return buf[pos]
            if not more():
                return ""

    if skip_space() != "[":
        raise InputError("it is not a JSON array")
    pos += 1
    decoder_json = json.JSONDecoder(parse_int=_int)
    first = True
    while True:
        ch = skip_space()
        if ch == "]" and first:
            return
        if not first:
            if ch == "]":
                return
            if ch != ",":
                raise InputError("it is not a well-formed JSON array (expected ',' or ']')")
            pos += 1
            skip_space()
        first = False
        while True:
            try:
                value, end = decoder_json.raw_decode(buf, pos)
            except RecursionError:
                raise InputError(f"it is JSON nested more than {MAX_JSON_DEPTH} levels deep") from None
            except _TooLong as exc:
                raise InputError(f"it holds an integer of {exc.digits:,} digits; cardgm reads integers of up to {MAX_DIGITS}") from None
            except json.JSONDecodeError as exc:
                # Cut off by the chunk's end: read more; otherwise it is malformed.
                if len(buf) - pos > item_limit:
                    raise InputError(
                        f"one {what} in it is over {size_words(item_limit)}; cardgm reads one of up to "
                        f"{size_words(item_limit)}"
                    ) from None
                if more():
                    continue
                raise InputError(f"it looks like JSON but is not ({exc.msg})") from None
            # A number that runs to the end of what is read may go on in the next chunk ("0" of "0.5").
            if isinstance(value, (int, float)) and not eof and not buf[end:].strip("0123456789.eE+-") and more():
                continue
            break
        if end - pos > item_limit:
            raise InputError(
                f"one {what} in it is over {size_words(item_limit)}; cardgm reads one of up to {size_words(item_limit)}"
            )
        pos = end
        if _too_deep(value):
            raise InputError(f"it is JSON nested more than {MAX_JSON_DEPTH} levels deep")
        yield value

"""SAVE blocks, for every card: the markers, finding a block in a message, and reading a block's
body as key:value fields.

Every card writes its SAVE between the same two lines (shared/cards/README.md). What the fields
mean, and the words a refused block is answered with, are each game's own (its `notation`
module): `read_fields` checks only the shape, in a fixed order, and says what is wrong in the
words the game gives it.

>>> block = f"{BEGIN}\\ngame:coin turn:3\\n{END}"
>>> find_block("resume this please:\\n" + block + "\\nthanks") == block
True
>>> read_fields(block, ("game", "turn"), FieldWords())
{'game': 'coin', 'turn': '3'}
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import tempfile
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

from cardgm.game import SaveError
from cardgm.progress import task

Day = TypeVar("Day")

BEGIN = "-----BEGIN AIGC SAVE-----"
END = "-----END AIGC SAVE-----"

__all__ = [
    "BEGIN", "END", "FieldWords", "Kept", "blocks", "body_tokens", "find_block", "looks_like_block", "opens_block",
    "read_fields", "save_game_id", "several_blocks",
]  # fmt: skip


def find_block(message: str) -> str | None:
    """The SAVE block inside a message, BEGIN line to END line, or None. A card's own template
    (its fields in {braces}: a card pasted above the save) is passed over. A block cut short (no
    END line) runs to the end of the message, so that its reader can say what is missing."""
    whole = blocks(message) if END in message else []  # (no END: each BEGIN would scan to the end)
    if whole:
        return whole[0]
    start = message.find(BEGIN)
    if start < 0:
        return None
    stop = message.find(END, start)
    if stop < 0:
        return message[start:]
    return message[start : stop + len(END)]


# Possessive, and only from a run's first dash: linear on a message of 4,000 dashes (it was 2 s).
_MARKER = re.compile(r"(?<!-)-{2,}+\s*+(?:BEGIN|END)\s*+AIGC\s*+SAVE\s*+-{2}", re.I)
_FIELDS = (re.compile(r"(?:^|[\s>])game:\S"), re.compile(r"(?:^|\s)sha:\S"))


def looks_like_block(message: str) -> bool:
    """A message with no whole BEGIN line that is still a SAVE block in part: a marker line
    changed (case, spaces, dashes), the END line without its BEGIN, or the fields alone (`game:`
    and `sha:`). It is answered as a block that cannot be resumed, never read as orders: its
    `canvas:down` or `save` is no call."""
    return bool(_MARKER.search(message)) or all(f.search(message) for f in _FIELDS)


def several_blocks(message: str) -> str | None:
    """Why a message (or file) holding two different whole SAVE blocks (quoting and line breaks
    aside) names no one state to resume, or None when it holds one."""
    found = len({" ".join(body_tokens(b)) for b in blocks(message)})
    if found < 2:
        return None
    return f"it holds {found} different SAVE blocks, so it names no one place to resume; send the one block to resume, alone."


_GAME_FIELD = re.compile(r"(?:^|[\s>])game:([A-Za-z0-9][A-Za-z0-9-]{0,39})(?=\s|$)")


def save_game_id(block: str) -> str | None:
    """The `game:` field of a SAVE block (every card's block opens with it), or None. Only a game
    id as cards write one (letters, digits, dashes): anything else is left to the
    block's reader, which says what is wrong with it."""
    m = _GAME_FIELD.search(block.replace(BEGIN, " ", 1))
    return m.group(1) if m else None


_BRACE = re.compile(r"\{[^}]*\}")


def blocks(text: str) -> list[str]:
    """Every whole SAVE block in a text, BEGIN to END, except a card's own template (it has
    {fields} in braces)."""
    out = []
    for m in re.finditer(re.escape(BEGIN) + r".*?" + re.escape(END), text, re.S):
        if not _BRACE.search(m.group(0)):
            out.append(m.group(0))
    return out


def opens_block(line: str) -> bool:
    """Does this line open a SAVE block that goes on over the next lines? (A script or a
    terminal reads the lines up to the END line as one message.)"""
    return BEGIN in line and END not in line


@dataclass(frozen=True)
class FieldWords:
    """How a game words each way a block's shape can be wrong. Each is a `str.format` template
    over: `begin`, `end` (the marker lines), `token` (the offending word, `short` its first 40
    characters), `key`, `keys` (the keys missing or extra, joined by ", "), `known` (every key
    the game reads, joined). `unknown` is checked word by word as the body is read; `extra`,
    when given instead, after the missing keys."""

    no_begin: str = "the block does not begin with {begin}."
    no_end: str = "the block has no {end} line; paste it whole."
    not_field: str = "'{token}' is not a key:value field."
    unknown: str | None = "'{key}' is not a field of this card's SAVE."
    twice: str = "{key} appears twice."
    missing: str = "the block lacks {keys}."
    extra: str | None = None
    begin_anywhere: bool = False  # the BEGIN line may follow other words in the text


# No card's field is near this long (DEADRECKONING's grid, the longest, is 69 characters): a
# longer word is refused by its length, and only its start is shown back.
MAX_FIELD = 200
_QUOTE = re.compile(r"^[ \t]*(?:>[ \t]*)+")  # a markdown quote's marks at a line's start


def body_tokens(block: str) -> list[str]:
    """The words of a block's body, between its BEGIN and END lines, split on any whitespace
    (so one line, a field a line, CRLF, tabs, no-break spaces); a markdown quote's `>` marks at
    the start of a line (a block quoted in a chat, `> ` or `> > `) are not words."""
    text = block
    if BEGIN in text:
        text = text.split(BEGIN, 1)[1]
    text = text.split(END, 1)[0]
    return " ".join(_QUOTE.sub("", line) for line in text.splitlines()).split()


def _odd_character(token: str) -> str | None:
    """The first character of a field that no SAVE block holds (every card writes its fields in
    printable ASCII), named by its code point and Unicode name; None if there is none."""
    for ch in token:
        if not (" " < ch < "\x7f"):
            name = unicodedata.name(ch, "a control character" if unicodedata.category(ch)[0] == "C" else "unnamed")
            return f"U+{ord(ch):04X} ({name})"
    return None


def _shown(token: str) -> str:
    """A word as a reason shows it: printable ASCII as it is, anything else as \\uXXXX, at most
    40 characters of it."""
    short = "".join(ch if " " < ch < "\x7f" else f"\\u{ord(ch):04x}" for ch in token[:40])
    return short + ("…" if len(token) > 40 else "")


def _some(keys: list[str]) -> str:
    """Keys for a reason: the first few, and how many more."""
    shown = [_shown(k) for k in keys[:5]]
    return ", ".join(shown) + (f" and {len(keys) - 5:,} more" if len(keys) > 5 else "")


def read_fields(block: str, keys: tuple[str, ...], words: FieldWords) -> dict[str, str]:
    """The block's body as {key: value}, whatever its line breaks (a flattened block is one line
    of fields). Raises SaveError, in the game's words, for the first thing wrong with its shape:
    the markers, a word that is not key:value, an unknown or repeated key, a missing one."""
    text = _QUOTE.sub("", block.strip())  # a quoted block's first line

    def fail(template: str, **detail: str) -> SaveError:
        return SaveError(template.format(begin=BEGIN, end=END, known=", ".join(keys), **detail))

    if (BEGIN not in text) if words.begin_anywhere else not text.startswith(BEGIN):
        raise fail(words.no_begin)
    if END not in text:
        raise fail(words.no_end)
    found: dict[str, str] = {}
    for token in body_tokens(text):
        # Before anything reads it: a character no card writes (a full-width digit, a Cyrillic
        # letter, a zero-width space) is named, since it may not show; a word past any field's
        # length is shown only in part (a number of 5,000 digits is no number int() will read).
        odd = _odd_character(token)
        if odd is not None:
            raise SaveError(
                f"'{_shown(token)}' holds {odd}; a SAVE block is written in plain ASCII letters, digits and marks."
            )
        if len(token) > MAX_FIELD:
            raise SaveError(f"'{_shown(token)}' is {len(token):,} characters long; no field of a SAVE block is over {MAX_FIELD}.")
        key, sep, value = token.partition(":")
        if not sep:
            raise fail(words.not_field, token=token, short=token[:40], key=key)
        if words.unknown is not None and key not in keys:
            raise fail(words.unknown, token=token, short=token[:40], key=key)
        if key in found:
            raise fail(words.twice, key=key)
        found[key] = value
    gaps = [k for k in keys if k not in found]
    if gaps:
        raise fail(words.missing, keys=", ".join(gaps))
    extra = [k for k in found if k not in keys]
    if extra and words.extra is not None:
        raise fail(words.extra, keys=_some(extra))
    return found


# -- the reachable mornings a SAVE is checked against, kept between runs --------------------------


class Kept:
    """A game's reachable mornings for one tape and one reading of the rules, kept as JSON: in
    memory for the process, in the user's cache folder between runs (platformdirs), and, for a
    shipped card's printed tape, beside the game's code (`shipped`, a folder).

    The key names the tape, the rulings and a digest of the source of every module the sets
    follow from (`sources`: the rules, the state, the search), so a change to the rules never
    meets a set worked out under the old ones: it is worked out again. A cache that cannot be read
    or written is passed over (worked out again; nothing else changes)."""

    FORMAT = 1

    def __init__(self, name: str, tape: Iterable[int], rulings: object, sources: Iterable[ModuleType], shipped: Path | None = None) -> None:
        digest = hashlib.sha256(f"{name}|{self.FORMAT}|{list(tape)}|{rulings!r}".encode())
        for module in sources:
            digest.update(Path(str(module.__file__)).read_bytes())
        self.key = digest.hexdigest()[:20]
        self.file = f"{name}-{self.key}.json.gz"
        self.shipped = shipped

    def places(self) -> list[Path]:
        out = [self.shipped / self.file] if self.shipped is not None else []
        folder = cache_folder()
        if folder is not None:
            out.append(folder / self.file)
        return out

    def load(self) -> Any:
        """What was kept for this key (the shipped copy first), or None."""
        for path in self.places():
            try:
                with gzip.open(path, "rt", encoding="utf-8") as f:
                    return json.load(f)
            except (OSError, ValueError, EOFError):
                continue
        return None

    def upto(self, days: list[Day], day: int, step: Callable[[Day], Day], encode: Callable[[list[Day]], Any]) -> Day:
        """Day `day` of `days` (index day - 1; `days` as `load` found them, or the opening alone):
        the list extended in place by `step`, a day at a time, as far as asked, and kept whole
        when it grew, so the next process starts where this one stopped."""
        if len(days) < day:
            # Only a tape met for the first time (a card file's own): the printed tapes' sets ship.
            with task("Working out this tape's mornings (once)", day - len(days)) as shown:
                while len(days) < day:
                    days.append(step(days[-1]))
                    shown.advance()
                    shown.status(f"day {len(days)} of {day}")
            self.keep(encode(days))
        return days[day - 1]

    def keep(self, data: Any) -> None:
        """Write `data` to the user's cache folder, whole or not at all (a temporary file renamed)."""
        folder = cache_folder()
        if folder is None:
            return
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=folder, prefix=".reach-", suffix=".tmp")
            try:
                with os.fdopen(fd, "wb") as raw, gzip.open(raw, "wt", encoding="utf-8") as f:
                    json.dump(data, f, separators=(",", ":"))
                os.replace(tmp, folder / self.file)
            except BaseException:
                os.unlink(tmp)
                raise
        except OSError:
            pass  # no cache, same answers: worked out again next time


def cache_folder() -> Path | None:
    """The user's cache folder for cardgm (CARDGM_CACHE overrides; empty: no cache on disk)."""
    given = os.environ.get("CARDGM_CACHE")
    if given is not None:
        return Path(given) if given else None
    try:
        import platformdirs
    except ImportError:  # pragma: no cover - a dependency of the package
        return None
    return Path(platformdirs.user_cache_dir("cardgm"))

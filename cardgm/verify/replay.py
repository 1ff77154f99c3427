"""Replay a run log on its card and check a RESULT line field by field.

A run log is what `cardgm play --log FILE` writes: a header line, then one JSON object per reply
(the `--json` objects). `--json` output alone (no header) is a log too, given the card. A plain
text file of player messages (one per line, as `--script` takes) is read as the messages alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgm import games
from cardgm.card import Card, CardError, load_card
from cardgm.game import SaveError
from cardgm.run import Reply, Run
from cardgm.transcript import read_messages
from cardgm.verify.inputs import (
    MAX_LOG_BYTES,
    MAX_LOG_LINE,
    MAX_MESSAGES,
    MAX_REVEAL_BYTES,
    InputError,
    check_file,
    load_json,
    read_text,
)


class LogError(InputError):
    """A run log that cannot be read."""


@dataclass(frozen=True)
class RunLog:
    card: str | None  # the card named in the header, if any
    options: dict[str, Any]
    messages: tuple[str, ...]
    recorded: tuple[dict[str, Any], ...]  # the replies the log recorded, opening first (may be empty)
    resume: str | None = None  # the SAVE block the run resumed from (`--resume FILE`), from the header


# Lines in a log: a message a line, a SAVE block's few lines, comments and blank lines around them.
MAX_LINES = 16 * MAX_MESSAGES

# What a run log is, said whenever a file is not one.
WHAT_A_LOG_IS = (
    "a run log is what `cardgm play --log FILE` writes (one JSON object a line), `--json` output, "
    "or the player's messages one a line"
)


def read_log_file(path: str | Path) -> RunLog:
    """A run log from a file, with the limits of `cardgm verify run --help`: the file's size
    (looked at before it is read), each line's length, the number of messages. LogError says
    which was passed."""
    try:
        text = read_text(path, MAX_LOG_BYTES, "run log")
    except LogError:
        raise
    except InputError as exc:
        raise LogError(str(exc)) from None
    return read_log(text)


def read_log(text: str) -> RunLog:
    """Parse a log: JSON lines (with or without the header), else messages one per line."""
    breaks = text.count("\n")
    if breaks > MAX_LINES:  # counted before anything is split: a file of a million lines is refused at once
        raise LogError(f"it has {breaks:,} lines; cardgm replays a log of up to {MAX_MESSAGES:,} messages ({MAX_LINES:,} lines)")
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise LogError("the log is empty")
    for i, line in enumerate(lines, 1):
        if len(line) > MAX_LOG_LINE:
            raise LogError(
                f"line {i} is {len(line):,} characters; cardgm reads a log line of up to {MAX_LOG_LINE:,}"
            )
    first = lines[0].lstrip()
    if not first.startswith("{"):
        if _json_value(text):
            raise LogError(f"it is a JSON {_json_value(text)}, not a run log: {WHAT_A_LOG_IS}")
        return RunLog(None, {}, _counted(tuple(read_messages(text))), ())
    if len(lines) > MAX_MESSAGES + 2:  # the header and the opening, then a line a message
        _counted(lines)
    objects = []
    for i, line in enumerate(lines, 1):
        try:
            obj = load_json(line, "run log")
        except InputError as exc:
            raise LogError(f"line {i}: {exc}") from None
        if not isinstance(obj, dict):
            raise LogError(f"line {i} is not a JSON object: {WHAT_A_LOG_IS}")
        objects.append(obj)
    card, resume = None, None
    options: dict[str, Any] = {}
    if "cardgm_log" in objects[0]:
        header = objects.pop(0)
        resume = header.get("resume")
        if resume is not None and not isinstance(resume, str):
            raise LogError("its header's resume is not a SAVE block")
        card = header.get("game") or header.get("card")
        if card is not None and not (isinstance(card, str) and 0 < len(card) <= 200):
            raise LogError("its header's game is not a card's name")
        options = header.get("options") or {}
        if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
            raise LogError("its header's options are not a JSON object of named options")
    for i, obj in enumerate(objects, 1):
        if "message" not in obj or "text" not in obj:
            raise LogError(f"reply {i} lacks 'message' or 'text': not a cardgm run log")
        if obj["message"] is not None and not isinstance(obj["message"], str):
            raise LogError(f"reply {i}'s message is not text")
        if not isinstance(obj["text"], str):
            raise LogError(f"reply {i}'s text is not text")
    messages = tuple(o["message"] for o in objects if o["message"] is not None)
    if objects and objects[0]["message"] is None and objects[0].get("command") == "resume" and resume is None:
        # Replayed from the opening, a resumed run would answer for another game entirely.
        raise LogError(
            "this run resumed from a SAVE block (--resume) that the log does not hold, so it cannot be "
            "replayed (--json output never holds it, nor a log from a cardgm that did not record it); "
            "the run log that `cardgm play --log FILE` writes holds it"
        )
    return RunLog(card, dict(options), _counted(messages), tuple(objects), resume)


def _counted(messages: Sequence[str]) -> tuple[str, ...]:
    if len(messages) > MAX_MESSAGES:
        raise LogError(f"it holds {len(messages):,} messages; cardgm replays a log of up to {MAX_MESSAGES:,}")
    return tuple(messages)


def _json_value(text: str) -> str | None:
    """The kind of JSON value the whole text is ("array", "null", …), if it is one: a log must be
    JSON objects one a line or plain messages, and a file that is one other JSON value is junk,
    not a player's messages."""
    stripped = text.strip()
    if not stripped or stripped[0] not in '[{"-0123456789tfn':
        return None
    try:
        value = load_json(stripped, "run log")
    except InputError as exc:
        if "looks like JSON" not in str(exc):
            raise LogError(str(exc)) from None  # nested too deep, a number too long: say which
        return "array" if stripped[0] == "[" else None  # a broken array is no message either
    kinds = {dict: "object", list: "array", str: "string", bool: "true/false", int: "number", float: "number"}
    return "null" if value is None else kinds.get(type(value), "value")


@dataclass(frozen=True)
class FieldCheck:
    name: str
    claimed: str
    replayed: str

    @property
    def ok(self) -> bool:
        return self.claimed == self.replayed


@dataclass
class Verdict:
    final: Reply
    result_checks: list[FieldCheck] = field(default_factory=list)
    divergence: tuple[int, str, str] | None = None  # (turn, recorded text, replayed text)

    @property
    def matches(self) -> bool:
        return all(c.ok for c in self.result_checks) and self.divergence is None


RESULT_FIELDS = ("tag", "game", "mode", "version", "end", "ch", "turns", "score", "tape", "sha")


def split_result(line: str) -> dict[str, str]:
    """'RESULT: AIGC|becalmed|open-boat|v1.0.0|end:landfall|…' as named fields."""
    body = line.strip().removeprefix("RESULT:").strip()
    parts = body.split("|")
    out: dict[str, str] = {}
    for name, part in zip(RESULT_FIELDS, parts):
        out[name] = part.split(":", 1)[1] if ":" in part and name not in ("tag", "game", "mode", "version") else part
    for extra, part in enumerate(parts[len(RESULT_FIELDS):], 1):
        out[f"extra{extra}"] = part
    return out


def resolve_files(options: dict[str, Any], base: Path | None) -> dict[str, Any]:
    """Game options with every `*_file` path (a sealed reveal) taken relative to `base`, the
    folder of the log or script that names it."""
    out = dict(options)
    for key, value in options.items():
        if key.endswith("_file") and isinstance(value, str) and base is not None and not Path(value).is_absolute():
            out[key] = str(base / value)
    return out


def _checked_files(options: dict[str, Any], base: Path | None, flags: dict[str, str] | None = None) -> dict[str, Any]:
    """`resolve_files`, with every file the log names checked before a game opens it: a path that
    is text, a regular file that is there beside the log, small enough to be a reveal file.
    `flags`: the command-line flag of each option (the game's entry), for the message."""
    for key, value in options.items():
        if key.endswith("_file") and not isinstance(value, str):
            raise LogError(f"its header's {key} is not a file name")
    out = resolve_files(options, base)
    for key, value in out.items():
        if not key.endswith("_file"):
            continue
        named = options[key]
        if not Path(value).exists():
            where = f" (looked for {value})" if value != named else ""
            raise LogError(
                f"the log names the file {named} ({key.removesuffix('_file')}), which is not beside it{where}; "
                f"put it back beside the log, or give it with {(flags or {}).get(key, '--' + key.replace('_', '-'))} FILE"
            )
        try:
            check_file(value, MAX_REVEAL_BYTES, "reveal file")
        except InputError as exc:
            raise LogError(f"{named}, named in the log: {exc}") from None
    return out


def _check_options(options: dict[str, Any], takes: dict[str, Any], title: str) -> None:
    """Every option a log's header records is one `cardgm play` offers for its game, with a value
    of the kind the play option writes (a whole number for --stop-day, one of a choice's words, a
    file's name, true or false for a flag); LogError names the first that is not."""
    unknown = sorted(k for k in options if k not in takes)
    if unknown:
        offered = ", ".join(f"{o.name} ({o.flag})" for o in takes.values()) or "none"
        raise LogError(f"its header's options ({', '.join(unknown)}) are not options of {title} (it takes: {offered})")
    for name, value in options.items():
        o = takes[name]
        shown = repr(value) if isinstance(value, str) else _json_text(value)
        if o.type == "int":
            ok, kind = isinstance(value, int) and not isinstance(value, bool), "a whole number"
        elif o.type == "choice":
            ok, kind = isinstance(value, str) and value in o.choices, "one of " + ", ".join(repr(c) for c in o.choices)
        elif o.type == "flag":
            ok, kind = isinstance(value, bool), "true or false"
        else:  # "path", "text"
            ok, kind = isinstance(value, str), ("a file's name" if o.type == "path" else "text")
        if not ok:
            raise LogError(f"its header's option {name} is {shown}; {o.flag} takes {kind}")


def _json_text(value: Any) -> str:
    import json

    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


def result_game(result: str | None) -> str | None:
    """The game id a RESULT line names ("RESULT: AIGC|becalmed|…" → "becalmed"), so a log of bare
    messages checked against its RESULT needs no --card."""
    if not result:
        return None
    parts = result.strip().removeprefix("RESULT:").strip().split("|")
    return parts[1].strip() or None if len(parts) > 2 and parts[0].strip() == "AIGC" else None


def checked_game(log: RunLog, card: str | None = None, base: Path | None = None, files: dict[str, str] | None = None) -> tuple[Card, Any]:
    """The card a log names (or `card`) and the game its header's options make, each option
    checked as `cardgm play` writes it: the one check of a log's header, for `verify run` and
    `review` alike. LogError or CardError says what is wrong."""
    name = card or log.card
    if not name:
        raise LogError("the log names no card: give it with --card")
    the_card = load_card(name)
    given = files or {}
    try:
        takes = {o.name: o for o in games.entry(the_card.game_id).options}
    except CardError:  # no game plays this card: make_game says so below
        takes = {}
    else:
        _check_options(log.options, takes, the_card.title)
    flags = {name: o.flag for name, o in takes.items()}
    options = _checked_files({k: v for k, v in log.options.items() if k not in given}, base, flags)
    for key, value in given.items():
        options[key] = _checked_files({key: value}, None)[key]
    try:
        game = games.make_game(the_card, **options)
    except TypeError:
        # An option this card's game does not take: the log is not from a run of this card.
        raise LogError(
            f"its header's options ({', '.join(sorted(options)) or 'none'}) are not options of {the_card.title}"
        ) from None
    except (ValueError, OSError) as exc:  # a bad option value; a reveal file that cannot be read
        raise LogError(f"its header's options cannot be played: {exc}") from None
    return the_card, game


def replay(
    log: RunLog,
    card: str | None = None,
    result: str | None = None,
    base: Path | None = None,
    files: dict[str, str] | None = None,
) -> Verdict:
    """Replay the log's messages on the card and compare with what it recorded and a claimed RESULT.
    `files` overrides a `*_file` option of the log (`verify run --sealed REVEAL`), taken as given."""
    the_card, game = checked_game(log, card or result_game(result), base, files)
    run = Run(game)
    if log.resume is not None:
        try:
            replies = [run.resume(log.resume)]
        except SaveError as exc:
            raise LogError(f"the SAVE block the run resumed from cannot be resumed: {exc}") from None
    else:
        replies = [run.start()]
    for message in log.messages:
        replies.append(run.reply(message))
    verdict = Verdict(final=replies[-1])
    for recorded, got in zip(log.recorded, replies):
        if recorded.get("text") != got.text:
            verdict.divergence = (got.turn, str(recorded.get("text")), got.text)
            break
    if result is not None:
        claimed = split_result(result)
        replayed = split_result(verdict.final.result or "")
        for key in dict.fromkeys([*claimed, *replayed]):
            verdict.result_checks.append(FieldCheck(key, claimed.get(key, "(missing)"), replayed.get(key, "(missing)")))
    return verdict

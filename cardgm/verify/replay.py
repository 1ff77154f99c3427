"""Replay a run log on its card and check a RESULT line field by field.

A run log is what `cardgm play --log FILE` writes: a header line, then one JSON object per reply
(the `--json` objects). `--json` output alone (no header) is a log too, given the card. A plain
text file of player messages (one per line, as `--script` takes) is read as the messages alone.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgm.card import load_card
from cardgm.game import SaveError
from cardgm.games import make_game
from cardgm.run import Reply, Run
from cardgm.transcript import read_messages


class LogError(ValueError):
    """A run log that cannot be read."""


@dataclass(frozen=True)
class RunLog:
    card: str | None  # the card named in the header, if any
    options: dict[str, Any]
    messages: tuple[str, ...]
    recorded: tuple[dict[str, Any], ...]  # the replies the log recorded, opening first (may be empty)
    resume: str | None = None  # the SAVE block the run resumed from (`--resume FILE`), from the header


def read_log(text: str) -> RunLog:
    """Parse a log: JSON lines (with or without the header), else messages one per line."""
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise LogError("the log is empty")
    if not lines[0].lstrip().startswith("{"):
        whole = _json(text.strip(), "the file")
        if whole is not _NOT_JSON:
            # `[1, 2]` or `null` read as player messages would replay as a run that "matches".
            raise LogError(f"the file is {_json_kind(whole)}, not a run log (JSON objects, one a line)")
        return RunLog(None, {}, tuple(read_messages(text)), ())
    objects = []
    for i, line in enumerate(lines, 1):
        obj = _json(line, f"line {i}")
        if obj is _NOT_JSON:
            raise LogError(f"line {i} is not JSON")
        if not isinstance(obj, dict):
            raise LogError(f"line {i} is not a JSON object")
        objects.append(obj)
    card, options, resume = None, {}, None
    if "cardgm_log" in objects[0]:
        header = objects.pop(0)
        resume = header.get("resume")
        if resume is not None and not isinstance(resume, str):
            raise LogError("the header's resume is not a SAVE block")
        card = header.get("game") or header.get("card")
        if card is not None and not isinstance(card, str):
            raise LogError("the header's game is not a string")
        options = header.get("options") or {}
        if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
            raise LogError("the header's options are not an object of named options")
    for i, obj in enumerate(objects, 1):
        if "message" not in obj or "text" not in obj:
            raise LogError(f"reply {i} lacks 'message' or 'text': not a cardgm run log")
        if not (obj["message"] is None or isinstance(obj["message"], str)) or not isinstance(obj["text"], str):
            raise LogError(f"reply {i}'s message or text is not a string: not a cardgm run log")
    messages = tuple(o["message"] for o in objects if o["message"] is not None)
    if objects and objects[0]["message"] is None and objects[0].get("command") == "resume" and resume is None:
        # Replayed from the opening, a resumed run would answer for another game entirely.
        raise LogError(
            "this run resumed from a SAVE block (--resume) that the log does not hold, so it cannot be "
            "replayed (--json output never holds it, nor a log from a cardgm that did not record it); "
            "the run log that `cardgm play --log FILE` writes holds it"
        )
    return RunLog(card, dict(options), messages, tuple(objects), resume)


_NOT_JSON = object()


def _json(text: str, where: str) -> Any:
    """The JSON value of `text`, `_NOT_JSON` when it is not JSON; LogError for JSON that Python
    will not hold (nested too deep, an integer of thousands of digits)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return _NOT_JSON
    except RecursionError:
        raise LogError(f"{where} is JSON nested too deeply to be a run log") from None
    except ValueError as exc:  # Python's guard on integer conversion: 4,300 digits
        raise LogError(f"{where} holds a number too long to read ({str(exc).split(':')[0].lower()})") from None


def _json_kind(value: Any) -> str:
    if value is None:
        return "JSON null"
    kinds = {list: "a JSON array", str: "a JSON string", bool: "a JSON true or false", dict: "a JSON object"}
    return kinds.get(type(value), "a JSON number")


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


def replay(log: RunLog, card: str | None = None, result: str | None = None, base: Path | None = None) -> Verdict:
    """Replay the log's messages on the card and compare with what it recorded and a claimed RESULT."""
    name = card or log.card
    if not name:
        raise LogError("the log names no card: give it with --card")
    options = resolve_files(log.options, base)
    for key, path in options.items():
        if key.endswith("_file") and isinstance(path, str) and not Path(path).is_file():
            raise LogError(
                f"its options name the file {log.options[key]} ({key}), and there is none at {path}: "
                "a log is read beside the files it names; keep them together"
            )
    try:
        game = make_game(load_card(name), **options)
    except TypeError as exc:  # an option no game of this card takes
        bad = re.search(r"argument '(\w+)'", str(exc))
        raise LogError(f"the log's options do not fit {name}: it has no option {bad.group(1) if bad else exc}") from None
    except (ValueError, OSError) as exc:  # a bad option value; a reveal file not beside the log
        raise LogError(f"the log's options cannot be used: {exc}") from None
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

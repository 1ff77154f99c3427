"""Replay a run log on its card and check a RESULT line field by field.

A run log is what `cardgm play --log FILE` writes: a header line, then one JSON object per reply
(the `--json` objects). `--json` output alone (no header) is a log too, given the card. A plain
text file of player messages (one per line, as `--script` takes) is read as the messages alone.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgm.card import load_card
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


def read_log(text: str) -> RunLog:
    """Parse a log: JSON lines (with or without the header), else messages one per line."""
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise LogError("the log is empty")
    if not lines[0].lstrip().startswith("{"):
        return RunLog(None, {}, tuple(read_messages(text)), ())
    objects = []
    for i, line in enumerate(lines, 1):
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise LogError(f"line {i} is not JSON ({exc.msg})") from None
        if not isinstance(obj, dict):
            raise LogError(f"line {i} is not a JSON object")
        objects.append(obj)
    card, options = None, {}
    if "cardgm_log" in objects[0]:
        header = objects.pop(0)
        card, options = header.get("game") or header.get("card"), dict(header.get("options") or {})
    for i, obj in enumerate(objects, 1):
        if "message" not in obj or "text" not in obj:
            raise LogError(f"reply {i} lacks 'message' or 'text': not a cardgm run log")
    messages = tuple(o["message"] for o in objects if o["message"] is not None)
    return RunLog(card, options, messages, tuple(objects))


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
        if key.endswith("_file") and base is not None and not Path(value).is_absolute():
            out[key] = str(base / value)
    return out


def replay(log: RunLog, card: str | None = None, result: str | None = None, base: Path | None = None) -> Verdict:
    """Replay the log's messages on the card and compare with what it recorded and a claimed RESULT."""
    name = card or log.card
    if not name:
        raise LogError("the log names no card: give it with --card")
    run = Run(make_game(load_card(name), **resolve_files(log.options, base)))
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

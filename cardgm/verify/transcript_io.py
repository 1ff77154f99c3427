"""Read a chat transcript, in any form a person really has, into turns: who spoke, and what.

The forms:

- JSON exports: ChatGPT's `conversations.json` (the `mapping` tree, followed from its current
  node back to the root), and a plain messages list (`[{"role": "user", "content": …}, …]`,
  `{"messages": […]}`, or Claude's `chat_messages` with `sender`), content a string or a list of
  text parts.
- Plain text copied from a chat page, with the turns marked: "You said:" / "ChatGPT said:",
  "User:" / "Assistant:" (or Human, Player, Me / AI, GM, Claude, Gemini …), Markdown headings
  ("## User") or bold names ("**Assistant:**").
- Unmarked text in which every AI reply ends with its LEDGER line: after each LEDGER line, the
  player's message is the next paragraph, the AI's reply the rest up to the next LEDGER line.

Nothing here knows a game's rules; the audit decides which player message is the pasted card.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from cardgm.save import BEGIN as SAVE_BEGIN
from cardgm.save import END as SAVE_END
from cardgm.verify.inputs import (
    MAX_EXPORT_BYTES,
    MAX_MESSAGES,
    MAX_TRANSCRIPT_BYTES,
    MAX_TRANSCRIPT_LINES,
    InputError,
    check_file,
    decode,
    iter_json_array,
    load_json,
    size_words,
)

PLAYER, AI = "player", "ai"

HOW_TO_MARK = (
    "Mark each message with who sent it, on its own line or at its start: 'User:' and "
    "'Assistant:' (or 'You said:' and 'ChatGPT said:', or Markdown headings '## User' and "
    "'## Assistant'); or keep every AI reply ending with its LEDGER line ('[L] …'), each player "
    "message a paragraph of its own after it; or give the chat service's JSON export."
)


class TranscriptError(InputError):
    """A transcript that cannot be read or split into turns; says how to mark it."""


@dataclass(frozen=True)
class Turn:
    role: str  # PLAYER or AI
    text: str
    where: str  # "line 12" in a text file, "message 3" in a JSON export


@dataclass(frozen=True)
class Transcript:
    turns: tuple[Turn, ...]
    form: str  # chatgpt-json, messages-json, you-said, labels, headings, unmarked
    notes: tuple[str, ...] = ()


# -- JSON ------------------------------------------------------------------------------------------

_PLAYER_ROLES = {"user", "human", "player", "you", "me"}
_AI_ROLES = {"assistant", "ai", "model", "bot", "gm", "chatgpt", "claude", "gemini", "copilot"}


def _role(name: object) -> str | None:
    key = str(name or "").strip().lower()
    if key in _PLAYER_ROLES:
        return PLAYER
    if key in _AI_ROLES:
        return AI
    return None


def _content_text(content: object) -> str:
    """Text of a message's content: a string, a ChatGPT `{"parts": […]}`, or a list of parts."""
    if isinstance(content, str):
        return content
    if isinstance(content, dict):
        kind = content.get("content_type", "text")
        if kind not in ("text", "multimodal_text"):
            return ""  # code, thoughts, tool output: not what the player saw
        if "parts" in content:
            return _content_text(content["parts"])
        return str(content.get("text", ""))
    if isinstance(content, list):
        out = []
        for part in content:
            if isinstance(part, str):
                out.append(part)
            elif isinstance(part, dict) and part.get("type", "text") == "text" and isinstance(part.get("text"), str):
                out.append(part["text"])
        return "\n".join(p for p in out if p)
    return ""


def _node(mapping: dict, node_id: object) -> dict | None:
    """A node of a ChatGPT `mapping`, or None when the id names none; TranscriptError when the
    node is not an object (an export cut short or edited by hand)."""
    if not isinstance(node_id, str) or node_id not in mapping:
        return None
    node = mapping[node_id]
    if not isinstance(node, dict):
        raise TranscriptError(f"node {node_id[:40]!r} of the ChatGPT export is not an object: the export is damaged")
    return node


def _chatgpt_path(conv: dict) -> list[dict]:
    """The messages of one ChatGPT conversation, root to current node (the branch shown)."""
    mapping = conv.get("mapping")
    if not isinstance(mapping, dict) or not mapping:
        raise TranscriptError("a ChatGPT conversation with no 'mapping' of messages")
    node_id = conv.get("current_node")
    if _node(mapping, node_id) is None:
        # No current node: start at the root and follow the last child down.
        node_id = next((k for k in mapping if (n := _node(mapping, k)) is not None and not n.get("parent")), None)
        seen: set[str] = set()
        while (node := _node(mapping, node_id)) is not None and node_id not in seen:
            seen.add(node_id)  # type: ignore[arg-type]
            children = node.get("children")
            if not isinstance(children, list) or not children:
                break
            node_id = children[-1]
    path = []
    seen = set()
    while (node := _node(mapping, node_id)) is not None and node_id not in seen:
        seen.add(node_id)  # type: ignore[arg-type]
        message = node.get("message")
        if message is not None and not isinstance(message, dict):
            raise TranscriptError(f"the message of node {node_id[:40]!r} of the ChatGPT export is not an object: the export is damaged")  # type: ignore[index]
        if message:
            path.append(message)
        node_id = node.get("parent")
    return list(reversed(path))


def _obj(value: object) -> dict:
    """A JSON object, or an empty one in place of anything else (a field of the wrong kind)."""
    return value if isinstance(value, dict) else {}


def _from_chatgpt(data: object) -> tuple[list[Turn], list[str]]:
    found = data if isinstance(data, list) else [data]
    convs: list[dict] = [c for c in found if isinstance(c, dict) and "mapping" in c]
    notes: list[str] = []
    if len(convs) > 1:
        with_ledger = [c for c in convs if "[L]" in json.dumps(c, ensure_ascii=False)]
        pick = with_ledger[0] if with_ledger else convs[0]
        notes.append(
            f"the export holds {len(convs)} conversations; audited the first with a LEDGER line: "
            f"{_title(pick)!r}"
        )
        convs = [pick]
    return _chatgpt_turns(convs[0]), notes


def _title(conv: dict, key: str = "title") -> str:
    """A conversation's title (`key`: ChatGPT's "title", Claude's "name"), or "(untitled)"."""
    title = conv.get(key)
    return title if isinstance(title, str) and title else "(untitled)"


def _chatgpt_turns(conv: dict) -> list[Turn]:
    turns = []
    for i, msg in enumerate(_chatgpt_path(conv), 1):
        if _obj(msg.get("metadata")).get("is_visually_hidden_from_conversation"):
            continue
        role = _role(_obj(msg.get("author")).get("role"))
        text = _content_text(msg.get("content"))
        if role and text.strip():
            turns.append(Turn(role, text.strip("\n"), f"message {i}"))
    return turns


def _from_messages(items: list) -> list[Turn]:
    turns = []
    for i, item in enumerate(items, 1):
        if not isinstance(item, dict):
            raise TranscriptError(f"message {i} of the JSON list is not an object")
        who = item.get("role") or item.get("sender") or item.get("author") or item.get("from")
        if isinstance(who, dict):
            who = who.get("role")
        role = _role(who)
        text = _content_text(item.get("content", item.get("text", "")))
        if not text and "text" in item:
            text = str(item["text"])
        if role and text.strip():
            turns.append(Turn(role, text.strip("\n"), f"message {i}"))
    return turns


def _read_json(text: str) -> Transcript:
    try:
        data = load_json(text, "transcript")
    except InputError as exc:
        raise TranscriptError(str(exc)) from None
    first = data[0] if isinstance(data, list) and data else data
    if isinstance(first, dict) and "mapping" in first:
        turns, chatgpt_notes = _from_chatgpt(data)
        return Transcript(tuple(turns), "chatgpt-json", tuple(chatgpt_notes))
    notes: list[str] = []
    if isinstance(data, list) and data and all(isinstance(c, dict) and "chat_messages" in c for c in data):
        # Claude's data export: a list of conversations, each with its chat_messages.
        pick = next((c for c in data if "[L]" in json.dumps(c, ensure_ascii=False)), data[0])
        if len(data) > 1:
            notes.append(f"the export holds {len(data)} conversations; audited the first with a LEDGER line: {_title(pick, 'name')!r}")
        data = pick
    if isinstance(data, dict):
        items = data.get("messages", data.get("chat_messages"))
    else:
        items = data
    if not isinstance(items, list):
        raise TranscriptError(
            "a JSON file that is neither a ChatGPT export (conversations with a 'mapping') nor a "
            "list of messages with a role and content"
        )
    return Transcript(tuple(_from_messages(items)), "messages-json", tuple(notes))


# -- marked text -----------------------------------------------------------------------------------

_NAME = (
    r"you|user|human|player|me|assistant|ai|chatgpt|gpt(?:-?[0-9][\w.-]*)?|claude|gemini|copilot|bot|gm|model"
)
_SAID = re.compile(r"^\s*(?:\*\*)?(you|chatgpt|claude|gemini|copilot|assistant) said:?(?:\*\*)?\s*$", re.I)
_HEADING = re.compile(rf"^\s*#{{1,6}}\s*(?:\*\*)?({_NAME})(?:\*\*)?\s*:?\s*$", re.I)
_BOLD = re.compile(rf"^\s*(?:\*\*|__)({_NAME})(?:\s*:)?(?:\*\*|__)\s*:?\s*(.*)$", re.I)
_LABEL = re.compile(rf"^\s*({_NAME})\s*:\s*(.*)$", re.I)


def _card_lines() -> frozenset[str]:
    """Every line of the shipped cards: a pasted card's own 'GM: …' lines are not speaker labels."""
    from cardgm import games

    return _lines_of(games.ids())


@lru_cache(maxsize=4)
def _lines_of(game_ids: tuple[str, ...]) -> frozenset[str]:
    from cardgm import games

    lines: set[str] = set()
    for game_id in game_ids:
        lines.update(line.strip() for line in games.card_text(game_id).splitlines() if line.strip())
    return frozenset(lines)


def _marker(line: str, card_lines: frozenset[str] = frozenset()) -> tuple[str, str, str] | None:
    """(style, label, text after the label) if the line opens a turn (`card_lines`: the shipped cards' lines)."""
    if line.strip() in card_lines:
        return None
    for style, pattern in (("you-said", _SAID), ("headings", _HEADING)):
        m = pattern.match(line)
        if m:
            return style, m.group(1).lower(), ""
    m = _BOLD.match(line)
    if m:
        return "bold", m.group(1).lower(), m.group(2)
    m = _LABEL.match(line)
    if m:
        return "labels", m.group(1).lower(), m.group(2)
    return None


def _label_role(label: str) -> str | None:
    if label in _PLAYER_ROLES:
        return PLAYER
    return AI if (label in _AI_ROLES or label.startswith("gpt")) else None


def _read_marked(lines: list[str]) -> Transcript | None:
    card_lines = _card_lines()  # asked once a transcript, not once a line
    found = [(i, m) for i, line in enumerate(lines) if (m := _marker(line, card_lines)) and _label_role(m[1])]
    if not found:
        return None
    # Keep only the dominant style and the commonest label on each side, so a stray "GM:" inside
    # a pasted card or a reply does not split a turn.
    counts: dict[tuple[str, str], int] = {}
    for _, (style, label, _) in found:
        counts[(style, label)] = counts.get((style, label), 0) + 1
    best: dict[str, tuple[str, str]] = {}
    for key, n in counts.items():
        role = _label_role(key[1])
        assert role
        if role not in best or n > counts[best[role]]:
            best[role] = key
    if PLAYER not in best or AI not in best:
        return None
    keys = set(best.values())
    style = best[AI][0]
    marks = [(i, m) for i, m in found if (m[0], m[1]) in keys]
    turns: list[Turn] = []
    for n, (i, (_, label, rest)) in enumerate(marks):
        stop = marks[n + 1][0] if n + 1 < len(marks) else len(lines)
        body = ([rest] if rest else []) + lines[i + 1 : stop]
        text = "\n".join(body).strip("\n")
        role = _label_role(label)
        assert role
        if text.strip():
            turns.append(Turn(role, text, f"line {i + 1}"))
    return Transcript(tuple(turns), style)


# -- unmarked text: every AI reply ends with its LEDGER line -------------------------------------------

# The LEDGER as chat AIs mark it up: in a code span or block, bold, quoted, or after a "Ledger:" label.
_LEDGER_LINE = re.compile(r"^\s*(?:>\s*)?(?:[*_]{1,3}\s*)?(?:ledger\s*:?\s*(?:[*_]{1,3}\s*)?)?(?:`{1,3})?\s*\[L\]", re.I)
_FENCE = re.compile(r"^\s*`{3}\w*\s*$")


def is_ledger_line(line: str) -> bool:
    return bool(_LEDGER_LINE.match(line))


def _player_paragraph(lines: list[str], start: int, stop: int) -> int:
    """Where the player's message that starts at `start` ends: its paragraph, or a SAVE block."""
    i = start
    if SAVE_BEGIN in lines[i]:
        while i < stop and SAVE_END not in lines[i]:
            i += 1
        return min(i + 1, stop)
    while i < stop and lines[i].strip() and not is_ledger_line(lines[i]):
        i += 1
    return i


def _card_end(lines: list[str]) -> int | None:
    """If the text opens with a pasted card, the line after it (and any SAVE block after it)."""
    from cardgm import games

    head = "\n".join(lines[:3]).lstrip()
    if not head.startswith("# "):
        return None
    words_by_line = [len(line.split()) for line in lines]
    for game_id in games.ids():
        card_words = games.card_text(game_id).split()
        total = 0
        for i, n in enumerate(words_by_line):
            total += n
            if total >= len(card_words):
                text_words = " ".join(lines[: i + 1]).split()
                if text_words[: len(card_words)] == card_words:
                    end = i + 1
                    while end < len(lines) and not lines[end].strip():
                        end += 1
                    if end < len(lines) and SAVE_BEGIN in lines[end]:
                        end = _player_paragraph(lines, end, len(lines))
                    return end
                break
    return None


def _read_unmarked(lines: list[str]) -> Transcript | None:
    ledgers = [i for i, line in enumerate(lines) if is_ledger_line(line)]
    # A pasted card's own LEDGER template ("[L] turn:{n} …" on a line of its own) ends no reply.
    card_end = _card_end(lines)
    if card_end is not None:
        ledgers = [i for i in ledgers if i >= card_end]
    if not ledgers:
        return None
    turns: list[Turn] = []

    def add(role: str, a: int, b: int) -> None:
        text = "\n".join(lines[a:b]).strip("\n")
        if text.strip():
            turns.append(Turn(role, text, f"line {a + 1}"))

    def reply_end(ledger_at: int) -> int:
        end = ledger_at + 1
        if end < len(lines) and _FENCE.match(lines[end]):  # a LEDGER shown in a code block
            end += 1
        return end

    # The opening: a pasted card (and SAVE) first, if there is one, then the AI's first reply.
    start = 0
    if card_end is not None:
        add(PLAYER, 0, card_end)
        start = card_end
    else:
        first = next((i for i in range(ledgers[0]) if lines[i].strip()), ledgers[0])
        if SAVE_BEGIN in lines[first]:
            start = _player_paragraph(lines, first, ledgers[0])
            add(PLAYER, first, start)
    end = reply_end(ledgers[0])
    add(AI, start, end)
    for nxt in ledgers[1:] + [len(lines)]:
        a = end
        while a < nxt and not lines[a].strip():
            a += 1
        if a >= len(lines):
            break
        b = _player_paragraph(lines, a, nxt)
        add(PLAYER, a, b)
        if nxt == len(lines):
            if b < len(lines) and "\n".join(lines[b:]).strip():
                raise TranscriptError(
                    f"line {b + 1}: text after the last player message that ends with no LEDGER "
                    "line, so it cannot be told apart from the player's words. " + HOW_TO_MARK
                )
            break
        end = reply_end(nxt)
        add(AI, b, end)
    return Transcript(tuple(turns), "unmarked")


# -- the entry point -------------------------------------------------------------------------------


def read_transcript(text: str) -> Transcript:
    """The turns of a transcript. Raises TranscriptError saying what is wrong and how to mark it."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff")
    if not text.strip():
        raise TranscriptError("the transcript is empty")
    found: Transcript | None
    if text.lstrip()[:1] in "[{" and not text.lstrip().startswith("[L]"):
        found = _read_json(text)
    else:
        breaks = text.count("\n")
        if breaks > MAX_TRANSCRIPT_LINES:
            raise TranscriptError(
                f"it has {breaks:,} lines; cardgm audits a chat of up to {MAX_TRANSCRIPT_LINES:,} lines "
                f"and {MAX_MESSAGES:,} player messages: cut the chat down to the game"
            )
        lines = text.split("\n")
        found = _read_marked(lines) or _read_unmarked(lines)
        if found is None:
            raise TranscriptError("it cannot be split into turns: no speaker marks and no LEDGER lines. " + HOW_TO_MARK)
    return _checked(found)


def _checked(found: Transcript) -> Transcript:
    if not any(t.role == AI for t in found.turns):
        raise TranscriptError("no AI reply found in it. " + HOW_TO_MARK)
    players = sum(t.role == PLAYER for t in found.turns)
    if not players:
        raise TranscriptError("no player message found in it. " + HOW_TO_MARK)
    if players > MAX_MESSAGES:
        raise TranscriptError(
            f"it holds {players:,} player messages; cardgm audits a chat of up to {MAX_MESSAGES:,} "
            "(a whole game takes a few hundred): cut the chat down to the game"
        )
    return found


def read_transcript_file(path: str | Path) -> Transcript:
    """The turns of a transcript file, with the limits of `cardgm audit --help`: a file of up to
    MAX_TRANSCRIPT_BYTES is read whole; a bigger one only if it is a ChatGPT export, read one
    conversation at a time (up to MAX_EXPORT_BYTES) until one holds a LEDGER line. Raises
    TranscriptError saying what is wrong."""
    try:
        try:
            size = check_file(path, MAX_EXPORT_BYTES, "transcript")
        except InputError as exc:
            if "cardgm reads" not in str(exc):
                raise
            raise TranscriptError(_too_big(Path(path).stat().st_size)) from None
        if size <= MAX_TRANSCRIPT_BYTES:
            with open(path, "rb") as f:
                return read_transcript(decode(f.read(MAX_TRANSCRIPT_BYTES + 1), "transcript"))
        return _read_big_export(path, size)
    except TranscriptError:
        raise
    except InputError as exc:
        raise TranscriptError(str(exc)) from None
    except OSError as exc:
        raise TranscriptError(f"cannot read it ({exc.strerror})") from None


def _too_big(size: int) -> str:
    return (
        f"it is {size_words(size)}; cardgm reads a transcript of up to {size_words(MAX_TRANSCRIPT_BYTES)}, "
        f"or a ChatGPT export (conversations.json) of up to {size_words(MAX_EXPORT_BYTES)}"
    )


def _read_big_export(path: str | Path, size: int) -> Transcript:
    too_big = _too_big(size)
    with open(path, "rb") as f:
        head = f.read(4096).lstrip()
        f.seek(0)
        if not head.startswith(b"[") or b'"mapping"' not in head and b'"title"' not in head:
            raise TranscriptError(too_big)
        seen = 0
        for conv in iter_json_array(f, "conversation", MAX_TRANSCRIPT_BYTES):
            if not isinstance(conv, dict) or "mapping" not in conv:
                raise TranscriptError(too_big + "; this one is a JSON list but not a ChatGPT export")
            seen += 1
            if "[L]" in json.dumps(conv, ensure_ascii=False):
                note = f"a large export: audited the first conversation with a LEDGER line ({seen:,} read): {_title(conv)!r}"
                return _checked(Transcript(tuple(_chatgpt_turns(conv)), "chatgpt-json", (note,)))
    raise TranscriptError(f"none of the export's {seen:,} conversations holds a LEDGER line ('[L] …')")

"""Each export form the audit reads, written from (role, text) turns: the text a person would
paste or upload (cardgm/verify/transcript_io.py reads them back)."""

from __future__ import annotations

import json
from typing import Any

FORMS: tuple[str, ...] = ("labels", "you-said", "headings", "bold", "unmarked", "chatgpt-json", "messages-json")

_MARKS = {
    "labels": ("User:", "Assistant:"),
    "you-said": ("You said:", "ChatGPT said:"),
    "headings": ("## User", "## Assistant"),
    "bold": ("**You:**", "**Claude:**"),
}


def write(form: str, turns: list[tuple[str, str]]) -> str:
    """The transcript in `form`; `turns` alternate ("player", text) and ("ai", text)."""
    if form in _MARKS:
        who = _MARKS[form]
        chunks: list[str] = []
        for role, text in turns:
            chunks += [who[0] if role == "player" else who[1], text, ""]
        return "\n".join(chunks)
    if form == "unmarked":
        return "\n\n".join(text for _, text in turns) + "\n"
    if form == "messages-json":
        msgs = [{"sender": "human" if role == "player" else "assistant", "text": text} for role, text in turns]
        return json.dumps({"name": "generated", "chat_messages": msgs}, ensure_ascii=False)
    if form == "chatgpt-json":
        mapping: dict[str, Any] = {"root": {"id": "root", "message": None, "parent": None, "children": []}}
        prev = "root"
        for n, (role, text) in enumerate(turns, 1):
            mid = f"node-{n:03d}"
            mapping[prev]["children"] = [mid]
            mapping[mid] = {
                "id": mid, "parent": prev, "children": [],
                "message": {"id": mid, "author": {"role": "user" if role == "player" else "assistant"},
                            "content": {"content_type": "text", "parts": [text]}, "status": "finished_successfully"},
            }
            prev = mid
        return json.dumps([{"title": "generated", "mapping": mapping, "current_node": prev}], ensure_ascii=False)
    raise ValueError(f"unknown form '{form}' (forms: {', '.join(FORMS)})")

"""docs/mcp.md's worked session holds: each call it shows is made again, through the SDK's
in-process client on a fresh store, and each result it shows (trimmed to some fields, lists cut
to their first items) is what the server gives, run ids aside (a new run gets a new one)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from .conftest import Connected

DOC = Path(__file__).resolve().parents[2] / "docs" / "mcp.md"
BLOCK = re.compile(r"<!-- (call: \w+|result|error|text) -->\n```\w*\n(.*?)\n```", re.S)


def shown_in(doc: Any, got: Any, where: str = "") -> None:
    """`doc` is `got` with fields left out of objects and items cut off the end of lists."""
    if isinstance(doc, dict):
        assert isinstance(got, dict), where
        for key, value in doc.items():
            assert key in got, f"{where}.{key}"
            shown_in(value, got[key], f"{where}.{key}")
    elif isinstance(doc, list):
        assert isinstance(got, list) and len(doc) <= len(got), where
        for i, value in enumerate(doc):
            shown_in(value, got[i], f"{where}[{i}]")
    else:
        assert doc == got, where


def test_the_worked_session_is_what_the_server_says(c: Connected) -> None:
    steps = BLOCK.findall(DOC.read_text(encoding="utf-8"))
    assert sum(kind.startswith("call") for kind, _ in steps) >= 9
    ids: dict[str, str] = {}  # a run id in the doc -> the run id of the run made again here

    def here(text: str) -> str:
        for old, new in ids.items():
            text = text.replace(old, new)
        return text

    result: Any = None
    for kind, body in steps:
        if kind.startswith("call: "):
            result = c.raw(kind.removeprefix("call: "), json.loads(here(body)))
        elif kind == "error":
            assert result.is_error and result.content[0].text == body
        elif kind == "result":
            assert not result.is_error, result.content[0].text
            got = result.structured_content
            doc = json.loads(body)
            if "run_id" in doc and doc["run_id"] not in ids:
                ids[doc["run_id"]] = got["run_id"]
            shown_in(json.loads(here(body)), got)
        else:
            assert body == result.structured_content["text"]
    assert len(ids) == 2

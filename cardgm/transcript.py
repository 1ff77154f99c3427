"""Write a whole run as text: the golden playthrough format, and the `--log` run log.

A transcript is the opening reply, then for every player message a `>>> ` line (continuation
lines of a multi-line message start `... `) followed by the reply exactly as printed.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardgm.run import Reply
from cardgm.save import END, opens_block


def message_lines(message: str) -> list[str]:
    first, *rest = message.split("\n")
    return [">>> " + first] + ["... " + line for line in rest]


def render(replies: Iterable[tuple[str | None, Reply]]) -> str:
    out: list[str] = []
    for message, reply in replies:
        if message is None:
            out.append("=== opening")
        else:
            out.extend(message_lines(message))
        out.append(reply.text)
        out.append("")
    return "\n".join(out)


def read_messages(text: str) -> list[str]:
    """Player messages from an input script: one per line; `... ` lines continue the previous
    one; a SAVE block's lines are gathered into one message; blank lines and `#` comments skip."""
    messages: list[str] = []
    in_block = False
    for line in text.splitlines():
        if in_block:
            messages[-1] += "\n" + line
            if END in line:
                in_block = False
            continue
        if line.startswith("... ") and messages:
            messages[-1] += "\n" + line[4:]
            continue
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        messages.append(line)
        if opens_block(line):
            in_block = True
    return messages

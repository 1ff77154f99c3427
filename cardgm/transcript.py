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


class Messages:
    """Player messages gathered from lines as they arrive (the rules of `read_messages`).

    A line is one message; blank lines and `#` comments are skipped; a line that opens a SAVE
    block gathers every line up to its END line into one message. A line starting `... `
    continues the previous message, which is why a message is complete only once the next line
    shows it is not continued: with `continuation` (a whole script, where the next line is
    already there) a message is held until then. Without it (a live pipe or terminal, where the
    sender waits for the reply) a message is complete at its newline, and a later `... ` line is
    a message of its own, read without its `... `.
    """

    def __init__(self, *, continuation: bool) -> None:
        self.continuation = continuation
        # Lines kept in lists and joined once: a string grown line by line costs the square of the
        # lines (800,000 continuation lines took 65 s; joined once, about one pass).
        self._held: list[str] | None = None  # a complete-looking message the next line may continue
        self._block: list[str] | None = None  # an open SAVE block, line by line

    def feed(self, line: str) -> list[str]:
        """The messages this line completes (none, one, or two when it ends a held one)."""
        if self._block is not None:
            self._block.append(line)
            if END in line:
                block, self._block = self._block, None
                return self._complete("\n".join(block))
            return []
        if line.startswith("... "):
            if self._held is not None:
                self._held.append(line[4:])
                return []
            if not self.continuation:
                line = line[4:]  # the message it would continue was answered already
        if not line.strip() or line.lstrip().startswith("#"):
            return []
        out = self._release()
        if opens_block(line):
            self._block = [line]
            return out
        return out + self._complete(line)

    def end(self) -> list[str]:
        """At the end of the input: what is held, and an unclosed SAVE block as it stands."""
        out = self._release()
        if self._block is not None:
            out.append("\n".join(self._block))
            self._block = None
        return out

    def held(self) -> list[str]:
        """The message held for a continuation that will not come (the input failed), if any."""
        return self._release()

    @property
    def gathering(self) -> bool:
        """True while a SAVE block is open (its lines are not answered one by one)."""
        return self._block is not None

    def _complete(self, message: str) -> list[str]:
        if self.continuation:
            self._held = [message]
            return []
        return [message]

    def _release(self) -> list[str]:
        held, self._held = self._held, None
        return ["\n".join(held)] if held is not None else []


def read_messages(text: str) -> list[str]:
    """Player messages from an input script: one per line; `... ` lines continue the previous
    one; a SAVE block's lines are gathered into one message; blank lines and `#` comments skip."""
    gather = Messages(continuation=True)
    messages: list[str] = []
    for line in text.splitlines():
        messages += gather.feed(line)
    return messages + gather.end()

"""Read a card's text into a `Card`, whether it kept its line breaks or came flattened.

A card is the specification; this module only finds its parts. It knows the shape every card
shares (a `# ` title, `## ` sections, a DICE TAPE, a RESULT template) and nothing of any game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path


class CardError(ValueError):
    """A card text that cannot be read; the message names what is missing."""


@dataclass(frozen=True)
class Section:
    heading: str  # the heading as far as it can be told from the body (flattened cards blur this)
    text: str  # everything after the `## ` marker up to the next one, heading included


@dataclass(frozen=True)
class Card:
    title: str
    game_id: str
    mode: str  # the RESULT line's second field: open-boat, duel, drove
    version: str  # "1.0.0"
    seed: str | None  # "becalmed:1.0.0"; None for a card with no tape
    tape: tuple[int, ...]
    text: str = field(repr=False)
    sections: tuple[Section, ...] = field(repr=False, default=())
    flattened: bool = False
    source: str = "<text>"

    def section(self, name: str) -> str:
        """The text of the first section whose heading starts with `name` (case-insensitive)."""
        key = name.upper()
        for s in self.sections:
            if s.text.upper().startswith(key):
                return s.text
        raise CardError(f"{self.source}: the card has no '## {name}' section")

    def has_section(self, name: str) -> bool:
        key = name.upper()
        return any(s.text.upper().startswith(key) for s in self.sections)


_RESULT = re.compile(r"RESULT:\s*AIGC\|([a-z0-9-]+)\|([a-z0-9-]+)\|v(\d+\.\d+\.\d+)\|")
_SEED = re.compile(r"seed\s+([A-Za-z0-9_.-]+:\d+\.\d+\.\d+)")
_TITLE = re.compile(r"^\s*#\s+([A-Z0-9'’-]{2,}(?: [A-Z0-9'’-]{2,})*)(?=\s|$)")
_TAPE_NUMBERS = re.compile(r"\)\s*((?:\d{1,2}\s+)*\d{1,2})")


def _split_sections(text: str) -> tuple[Section, ...]:
    # A section starts with "## " at a line start or, in a flattened card, mid-line.
    parts = re.split(r"(?:^|\s)##\s+", text)
    out = []
    for body in parts[1:]:
        body = body.strip()
        m = re.match(r"([A-Z0-9][A-Z0-9 &/:'’()—,.-]*?)(?=\s+[A-Z]?[a-z]|\n|$)", body)
        heading = (m.group(1) if m else body.split("\n", 1)[0]).strip()
        out.append(Section(heading, body))
    return tuple(out)


def parse_card(text: str, source: str = "<text>") -> Card:
    """Parse a card text. Raises `CardError` naming what could not be found."""
    if not text.strip():
        raise CardError(f"{source}: the card is empty")
    missing: list[str] = []
    title_m = _TITLE.match(text)
    if not title_m:
        missing.append("a '# TITLE' line at the top")
    result_m = _RESULT.search(text)
    if not result_m:
        missing.append("a 'RESULT: AIGC|game|mode|vX.Y.Z|…' line (it gives the game id and version)")
    sections = _split_sections(text)
    if not sections:
        missing.append("any '## ' section")
    tape: tuple[int, ...] = ()
    seed: str | None = None
    tape_text = next((s.text for s in sections if s.text.upper().startswith("DICE TAPE")), None)
    if tape_text is not None:
        seed_m = _SEED.search(tape_text.split(")", 1)[0] + ")")
        if seed_m:
            seed = seed_m.group(1)
        else:
            missing.append("the tape's seed in the DICE TAPE heading, e.g. '(d20, seed name:1.0.0)'")
        nums = _TAPE_NUMBERS.search(tape_text)
        if nums:
            tape = tuple(int(v) for v in nums.group(1).split())
        else:
            missing.append("the DICE TAPE values")
        if any(not 1 <= v <= 20 for v in tape):
            missing.append("a DICE TAPE of d20 values (1 to 20)")
    if missing:
        raise CardError(f"{source}: cannot read this card: missing " + "; ".join(missing))
    assert title_m and result_m
    return Card(
        title=title_m.group(1).strip(),
        game_id=result_m.group(1),
        mode=result_m.group(2),
        version=result_m.group(3),
        seed=seed,
        tape=tape,
        text=text,
        sections=sections,
        flattened=text.strip().count("\n") < 3,
        source=source,
    )


def load_card(name_or_path: str) -> Card:
    """A shipped card by game id ("becalmed", "cattle-trail"…) or a card file by path. A game id
    is any game the registry (`cardgm.games`) knows, shipped with cardgm or plugged in."""
    path = Path(name_or_path)
    if not path.is_file():
        from cardgm import games  # the registry imports this module: asked only when needed

        key = name_or_path.lower().removesuffix(".md")
        try:
            text = games.card_text(key)
        except games.UnknownGame:
            known = ", ".join(games.ids())
            if path.exists():  # there, but no file to read: say what it is
                device = path.is_char_device() or path.is_block_device()
                kind = "a directory" if path.is_dir() else "a FIFO" if path.is_fifo() else "a device" if device else "not a regular file"
                raise CardError(f"{name_or_path}: {kind}, not a card file (and not a shipped card: {known})") from None
            raise CardError(f"{name_or_path}: no such card file, and not a shipped card ({known})") from None
        return parse_card(text, source=key)
    from cardgm.verify.inputs import InputError, check_file

    try:
        check_file(path, MAX_CARD_BYTES, "card file")  # looked at before it is read
    except InputError as exc:
        raise CardError(f"{path}: {exc}") from None
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise CardError(f"{path}: not a UTF-8 text file ({exc.reason})") from None
    return parse_card(text, source=str(path))


MAX_CARD_BYTES = 1024 * 1024  # a card is some 15 kB of text; a card file of up to 1 MB is read

"""DEADRECKONING's text formats, each written and parsed: the LEDGER line, the SAVE block, the
RESULT line, the printed shot grid, the card's fleet listing and the sealed berth's reveal file.

The LEDGER, SAVE and RESULT are byte for byte the card's. Parsers raise with a reason that names
no hull cell: a reason is output too, and the berth is hidden until the end.
"""

from __future__ import annotations

import re

from cardgm.game import SaveError
from cardgm.save import BEGIN as SAVE_BEGIN
from cardgm.save import END as SAVE_END
from cardgm.save import FieldWords, body_tokens, read_fields

from .state import (
    COLUMNS,
    FLEET,
    HIT,
    HULL_CELLS,
    MISS,
    SHIP_NAMES,
    SIZE,
    UNFIRED,
    Berth,
    Duel,
    ship_from_cells,
)

GAME_ID = "deadreckoning"
VERSION = "1.0.0"
GRID_MARKS = frozenset(UNFIRED + MISS + HIT)


def sunk_list(sunk: tuple[str, ...]) -> str:
    """`{ship list | none}`: names as printed, joined by "," (a LEDGER field holds no space)."""
    return ",".join(sunk) if sunk else "none"


def ledger(state: Duel) -> str:
    """The LEDGER line exactly.

    >>> ledger(Duel())
    '[L] turn:1 shots:0 hits:0 sunk:none | ................................................................ | v1.0.0'
    """
    return (
        f"[L] turn:{state.turn} shots:{state.shots} hits:{state.hits} sunk:{sunk_list(state.sunk)} "
        f"| {state.grid} | v{VERSION}"
    )


_LEDGER = re.compile(
    r"\[L\] turn:(\d+) shots:(\d+) hits:(\d+) sunk:(\S+) \| ([.ox]{64}) \| v(\d+\.\d+\.\d+)"
)


def _read_sunk(text: str) -> tuple[str, ...]:
    if text == "none":
        return ()
    names = [n.strip() for n in text.split(",")]
    by_key = {n.lower(): n for n in SHIP_NAMES}
    out: list[str] = []
    for n in names:
        if n.lower() not in by_key:
            raise ValueError(f"sunk names '{n}', which is no ship of this fleet ({', '.join(SHIP_NAMES)})")
        if by_key[n.lower()] in out:
            raise ValueError(f"sunk names the {by_key[n.lower()]} twice")
        out.append(by_key[n.lower()])
    return tuple(n for n in SHIP_NAMES if n in out)  # kept in the fleet's order (ruling 6)


def parse_ledger(line: str) -> Duel:
    """The state a LEDGER line records. Raises ValueError if it is not one."""
    m = _LEDGER.search(line)
    if not m:
        raise ValueError("not a DEADRECKONING LEDGER line")
    turn, shots, hits, sunk, grid, _ = m.groups()
    state = Duel.of(grid, turn=int(turn), sunk=_read_sunk(sunk))
    if state.shots != int(shots) or state.hits != int(hits):
        raise ValueError("its shots and hits do not match its grid")
    return state


def save(state: Duel, sha: str = "none") -> str:
    """The SAVE block exactly, BEGIN and END lines included, one field a line. `sha` is `none`,
    as the card prints it, except in a duel cardgm sealed, whose blocks carry its mark (ruling 23)."""
    return "\n".join(
        [
            SAVE_BEGIN,
            f"game:{GAME_ID}",
            "m:duel",
            "rules:1",
            f"turn:{state.turn}",
            f"shots:{state.shots}",
            f"hits:{state.hits}",
            f"sunk:{sunk_list(state.sunk)}",
            f"grid:{state.grid}",
            f"sha:{sha}",
            SAVE_END,
        ]
    )


_NOT_OURS = "'{short}' is not a field of this card's SAVE ({known})."
_WORDS = FieldWords(
    no_begin="it does not begin with {begin}.",
    no_end="it has no {end} line; paste the whole block.",
    not_field=_NOT_OURS,
    unknown=_NOT_OURS,
    twice="it gives '{key}' twice.",
    missing="it lacks {keys}.",
)
_SEAL_MARK = re.compile(r"[0-9a-fA-F][0-9a-fA-F.]*")  # hex, as a seal or its mark is (game.py, `_mark`)
SAVE_KEYS = ("game", "m", "rules", "turn", "shots", "hits", "sunk", "grid", "sha")


def save_body(block: str) -> tuple[str, str | None]:
    """A SAVE block's fields other than `sha`, as one space-joined line (whatever its line breaks),
    and its `sha` value (None if it has none): what a sealed duel's mark is worked out over."""
    body = block.strip()
    start, stop = body.find(SAVE_BEGIN), body.find(SAVE_END)
    tokens = body_tokens(body) if 0 <= start < stop else body.split()  # as `read_fields` reads it
    shas = [t.partition(":")[2] for t in tokens if t.startswith("sha:")]
    return " ".join(t for t in tokens if not t.startswith("sha:")), shas[0] if len(shas) == 1 else None


def parse_save(block: str, sha: str = "none") -> Duel:
    """The state a SAVE block records, checked for everything that does not need the berth:
    its format, its counts against its grid, its turn against its shots. Whether the grid can be
    true of a berth is the game's check (`rules.true_of`). `sha` is the value the block must carry
    (a sealed duel's mark, already checked). Raises SaveError with the reason."""
    fields = read_fields(block, SAVE_KEYS, _WORDS)  # one field a line, or one line if flattened
    if fields["game"] != GAME_ID:
        raise SaveError(f"it is a save of '{fields['game']}', not of {GAME_ID}.")
    if fields["m"] != "duel" or fields["rules"] != "1":
        raise SaveError("it is not a v1 duel save (m:duel, rules:1).")
    if fields["sha"] != sha:
        if sha == "none" and not _SEAL_MARK.fullmatch(fields["sha"]):
            raise SaveError(f"its sha is '{fields['sha']}': this card's saves carry sha:none.")
        if sha == "none":
            raise SaveError(
                "its sha field carries a seal, so it is a save of a duel cardgm sealed: resume it with that "
                "duel's reveal file (cardgm play deadreckoning --sealed REVEAL)."
            )
        raise SaveError("its sha field is not this duel's seal.")
    for key in ("turn", "shots", "hits"):
        if not fields[key].isdigit():
            raise SaveError(f"{key} must be a whole number, not '{fields[key]}'.")
    grid = fields["grid"]
    if len(grid) != SIZE * SIZE or not set(grid) <= GRID_MARKS:
        raise SaveError("its grid must be 64 marks, each '.', 'o' or 'x'.")
    try:
        sunk = _read_sunk(fields["sunk"])
    except ValueError as exc:
        raise SaveError(f"its {exc}.") from None
    state = Duel.of(grid, turn=int(fields["turn"]), sunk=sunk)
    if state.shots != int(fields["shots"]):
        raise SaveError(f"it says shots:{fields['shots']} but its grid shows {state.shots} cells fired.")
    if state.hits != int(fields["hits"]):
        raise SaveError(f"it says hits:{fields['hits']} but its grid shows {state.hits} 'x' marks.")
    if state.hits > HULL_CELLS:
        raise SaveError(f"its grid shows {state.hits} hits; the fleet has only {HULL_CELLS} hull cells.")
    if state.hits == HULL_CELLS or state.cleared:
        raise SaveError("it records a cleared sea: that duel is over, with nothing left to resume.")
    lengths = dict(FLEET)
    if sum(lengths[n] for n in sunk) > state.hits:
        raise SaveError("its sunk ships hold more cells than its grid has hits.")
    if state.turn < state.shots + 1:
        raise SaveError(f"turn:{state.turn} is too early for {state.shots} shots (the opening is turn 1, each shot a reply).")
    return state


def result(state: Duel, end: str, score: int) -> str:
    """The RESULT line exactly (SCORING 4)."""
    return f"RESULT: AIGC|{GAME_ID}|duel|v{VERSION}|end:{end}|ch:1|turns:{state.turn}|score:{score}|tape:0|sha:none"


def grid_picture(grid: str) -> str:
    """THE SHOT GRID as nine lines: the column header, then rows 1-8 (ruling 12).

    >>> print(grid_picture("o" + "." * 62 + "x"))
      A B C D E F G H
    1 o . . . . . . .
    2 . . . . . . . .
    3 . . . . . . . .
    4 . . . . . . . .
    5 . . . . . . . .
    6 . . . . . . . .
    7 . . . . . . . .
    8 . . . . . . . x
    """
    lines = ["  " + " ".join(COLUMNS)]
    for r in range(SIZE):
        lines.append(f"{r + 1} " + " ".join(grid[r * SIZE : (r + 1) * SIZE]))
    return "\n".join(lines)


# -- the fleet listing: the card's GM-ONLY lines, and the reveal file's -------------------------

_SHIP_LINE = re.compile(
    r"-\s+([A-Za-z]+)\s+(?:—|–|--|-)\s+(\d+)\s+cells?\s+(?:—|–|--|-)\s+((?:[A-Za-z]\d{1,2}\s*,\s*)*[A-Za-z]\d{1,2})"
)


def ship_line(name: str, length: int, cells: tuple[str, ...]) -> str:
    """One ship as the card lists it: "- Cutter — 2 cells — B2, C2"."""
    return f"- {name} — {length} cells — {', '.join(cells)}"


def read_fleet(text: str) -> Berth:
    """A berth from the card's fleet listing ("- Cutter — 2 cells — B2, C2 - Sloop — …"), in
    whatever order it lists the ships; raises ValueError with a reason that names no cell."""
    found: dict[str, tuple[int, list[str]]] = {}
    for m in _SHIP_LINE.finditer(text):
        name = m.group(1).capitalize()
        if name not in SHIP_NAMES:
            raise ValueError(f"it lists a ship named '{m.group(1)}', which is none of {', '.join(SHIP_NAMES)}")
        if name in found:
            raise ValueError(f"it lists the {name} twice")
        found[name] = (int(m.group(2)), [c.strip() for c in m.group(3).split(",")])
    missing = [n for n in SHIP_NAMES if n not in found]
    if missing:
        raise ValueError("it has no line for the " + ", ".join(missing))
    berth = Berth(tuple(ship_from_cells(n, found[n][0], found[n][1]) for n in SHIP_NAMES))
    problems = berth.problems()
    if problems:
        raise ValueError("its berth is not legal: " + "; ".join(problems))
    return berth


def card_berth(fleet_section: str) -> Berth:
    """The berth the card prints in GM-ONLY: THE FLEET, checked against its "Ten hull cells in
    all" line."""
    berth = read_fleet(fleet_section)
    m = re.search(r"hull cells in all:\s*((?:[A-H][1-8]\s+)*[A-H][1-8])", fleet_section)
    if m and frozenset(m.group(1).split()) != berth.hull_cells:
        raise ValueError("its ship lines and its 'hull cells in all' line disagree")
    return berth


REVEAL_TITLE = "# DEADRECKONING — sealed berth"
MIN_SALT = 16
_SALT = re.compile(r"^salt:[ \t]*(\S+)[ \t]*$", re.M)


def write_reveal(berth: Berth, salt: str) -> str:
    """The reveal file of a sealed berth: readable Markdown with the ships, their cells, a grid
    and the salt. Its SHA-256 is the commitment. The salt (at least 16 characters, no spaces)
    keeps anyone from finding the berth by hashing every legal one."""
    if not berth.is_legal():
        raise ValueError("that berth is not legal: " + "; ".join(berth.problems()))
    if len(salt) < MIN_SALT or any(ch.isspace() for ch in salt):
        raise ValueError(f"a salt must be at least {MIN_SALT} characters with no spaces")
    hulls = berth.hull_cells
    grid = "".join(HIT if f"{COLUMNS[i % SIZE]}{i // SIZE + 1}" in hulls else UNFIRED for i in range(SIZE * SIZE))
    picture = "\n".join("    " + line for line in grid_picture(grid).split("\n"))
    ships = "\n".join(ship_line(s.name, s.length, s.cells) for s in berth.ships)
    return (
        f"{REVEAL_TITLE}\n\n"
        f"game: {GAME_ID}\n"
        "rules: 1\n\n"
        "The enemy berth, fixed before the first shot. Keep this file unseen until the duel is done.\n\n"
        f"{ships}\n\n"
        "Every hull shown as x:\n\n"
        f"{picture}\n\n"
        f"salt: {salt}\n\n"
        "The SHA-256 of this file, byte for byte, is the commitment read out when the duel began.\n"
        "Check it with `cardgm verify seal THIS-FILE COMMITMENT` (or `sha256sum THIS-FILE`).\n"
    )


def reveal_salt(text: str) -> str:
    """The salt of a reveal file (its one `salt:` line): the secret a sealed duel's marks are keyed by."""
    found = _SALT.findall(text)
    if len(found) != 1:
        raise ValueError("a reveal file has exactly one 'salt: …' line")
    return found[0]


def parse_reveal(text: str) -> Berth:
    """The berth in a reveal file. Raises ValueError with the reason (naming no cell)."""
    if not re.search(rf"^game:[ \t]*{GAME_ID}[ \t]*$", text, re.M):
        raise ValueError(f"not a {GAME_ID} reveal file: no 'game: {GAME_ID}' line")
    salt = _SALT.findall(text)
    if len(salt) != 1:
        raise ValueError("a reveal file has exactly one 'salt: …' line" if salt else "it has no 'salt: …' line")
    lines = [ln for ln in text.splitlines() if _SHIP_LINE.fullmatch(ln.strip())]
    try:
        return read_fleet("\n".join(lines))
    except ValueError as exc:
        raise ValueError(f"its fleet: {exc}") from None


__all__ = [
    "card_berth",
    "grid_picture",
    "ledger",
    "parse_ledger",
    "parse_reveal",
    "parse_save",
    "result",
    "save",
    "write_reveal",
]


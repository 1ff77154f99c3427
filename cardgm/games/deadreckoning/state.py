"""DEADRECKONING's state: the shot grid as the player has fired it, and the sealed berth apart.

The card's LEDGER says the 64-character grid "is full recoverable state", so `Duel` holds the
grid and little else. The berth (where the hulls lie) is never part of a `Duel`: it lives in the
game object, so no state, ledger, save, `--json` field or `repr` can carry it before the end.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

SIZE = 8
COLUMNS = "ABCDEFGH"
ROWS = "12345678"
UNFIRED, MISS, HIT = ".", "o", "x"

# THE DUEL lists the lengths 2, 3, 3, 2; GM-ONLY: THE FLEET names them in this order.
FLEET: tuple[tuple[str, int], ...] = (("Cutter", 2), ("Sloop", 3), ("Brigantine", 3), ("Frigate", 2))
SHIP_NAMES: tuple[str, ...] = tuple(name for name, _ in FLEET)
HULL_CELLS = sum(length for _, length in FLEET)  # "Between them they hold ten cells."
PAR = 10  # SCORING: "Par = 10"


def cell_index(cell: str) -> int:
    """Grid index of a cell name, row-major as the LEDGER reads it (A1=0, H1=7, A2=8 … H8=63).

    >>> cell_index("A1"), cell_index("H1"), cell_index("D4"), cell_index("H8")
    (0, 7, 27, 63)
    """
    col, row = cell[0].upper(), cell[1:]
    if len(cell) != 2 or col not in COLUMNS or row not in ROWS:
        raise ValueError("not a cell on the sea (columns A-H, rows 1-8)")
    return (int(row) - 1) * SIZE + COLUMNS.index(col)


def cell_name(index: int) -> str:
    """>>> cell_name(27)
    'D4'"""
    return f"{COLUMNS[index % SIZE]}{index // SIZE + 1}"


CELLS: tuple[str, ...] = tuple(f"{c}{r}" for r in ROWS for c in COLUMNS)  # the LEDGER's order

# Each cell's grid index and card name, by the name in either case ("d4" fires D4): a salvo's
# one look-up, where `is_cell`, `upper` and `cell_index` each read the name again.
CELL_AT: dict[str, tuple[int, str]] = {name: (i, cell) for i, cell in enumerate(CELLS) for name in (cell, cell.lower())}


def is_cell(text: str) -> bool:
    return len(text) == 2 and text[0].upper() in COLUMNS and text[1] in ROWS


@dataclass(frozen=True, slots=True)
class Ship:
    """One hull of a berth: the card's name, its length, its cells ("B2", "C2")."""

    name: str
    length: int
    cells: tuple[str, ...]

    def __repr__(self) -> str:  # a hull's cells are the secret: never in a repr
        return f"Ship({self.name!r}, {self.length}, <sealed>)"


@dataclass(frozen=True, slots=True)
class Berth:
    """Where the four hulls lie: ships in the card's order (Cutter, Sloop, Brigantine, Frigate).

    Its repr hides the cells, so a log line or a traceback that prints one tells nothing.
    `hull_at` is the sea by grid index: for a hull cell its ship and that ship's cells as a mask
    (as `Duel.hull_hits` holds them), None for water; built with the berth, so a salvo reads its
    cell's entry where it scanned the ships.
    """

    ships: tuple[Ship, ...]
    hull_at: tuple[tuple[Ship, int] | None, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        at: list[tuple[Ship, int] | None] = [None] * (SIZE * SIZE)
        for ship in self.ships:
            if all(isinstance(c, str) and is_cell(c) for c in ship.cells):  # `problems` names any other
                indices = {cell_index(c) for c in ship.cells}
                mask = sum(1 << i for i in indices)
                for i in indices:
                    at[i] = (ship, mask)
        object.__setattr__(self, "hull_at", tuple(at))  # frozen: set once, as the berth is built

    def __repr__(self) -> str:
        return f"Berth(<sealed: {len(self.ships)} ships>)"

    @property
    def hull_cells(self) -> frozenset[str]:
        return frozenset(c for s in self.ships for c in s.cells)

    def problems(self) -> list[str]:
        """Why this berth is not legal, in words that name ships but never cells; [] if legal."""
        out: list[str] = []
        if tuple((s.name, s.length) for s in self.ships) != FLEET:
            out.append("the fleet must be, in this order: " + ", ".join(f"{n} ({k} cells)" for n, k in FLEET))
            return out
        spots: list[list[tuple[int, int]]] = []
        for ship in self.ships:
            if len(ship.cells) != ship.length or not all(isinstance(c, str) and is_cell(c) for c in ship.cells):
                out.append(f"the {ship.name} must have {ship.length} cells on the sea (A-H, 1-8)")
                spots.append([])
                continue
            rc = sorted((int(c[1]), COLUMNS.index(c[0].upper())) for c in ship.cells)
            rows = {r for r, _ in rc}
            cols = {c for _, c in rc}
            straight = (len(rows) == 1 and [c for _, c in rc] == list(range(rc[0][1], rc[0][1] + ship.length))) or (
                len(cols) == 1 and [r for r, _ in rc] == list(range(rc[0][0], rc[0][0] + ship.length))
            )
            if not straight:
                out.append(f"the {ship.name}'s cells do not run in one straight unbroken line")
            spots.append(rc)
        for i in range(len(self.ships)):
            for j in range(i + 1, len(self.ships)):
                if any(max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= 1 for a in spots[i] for b in spots[j]):
                    out.append(f"the {self.ships[i].name} and the {self.ships[j].name} touch")
        return out

    def is_legal(self) -> bool:
        """Four straight hulls of 2, 3, 3 and 2 cells, named as the card names them, on the 8x8
        sea, no two touching, not even at a corner."""
        return not self.problems()


def ship_from_cells(name: str, length: int, cells: list[str] | tuple[str, ...]) -> Ship:
    """A Ship with its cells upper-cased and in grid order (as the card lists them: B2, C2)."""
    norm = [c.upper() for c in cells]
    if all(is_cell(c) for c in norm):
        norm.sort(key=cell_index)
    return Ship(name, length, tuple(norm))


@lru_cache(maxsize=4096)
def grid_of(fired: int, hull_hits: int) -> str:
    """The LEDGER's 64-character grid of two cell masks (bit i is the LEDGER's cell i, A1 = bit 0).

    >>> grid_of(0b11, 0b10)[:4]
    'ox..'
    """
    return "".join(UNFIRED if not fired >> i & 1 else HIT if hull_hits >> i & 1 else MISS for i in range(SIZE * SIZE))


@dataclass(frozen=True, slots=True, repr=False)
class Duel:
    """The duel as the player sees it: the LEDGER's turn, grid, sunk list and struck colours.

    The card's 64-character grid is held as two masks over its cells (bit i is the LEDGER's cell
    i, A1 = bit 0): `fired`, every cell fired, and `hull_hits`, the fired cells that were hulls
    (`x`; the rest of `fired` is `o`). A salvo then sets a bit where it rebuilt a 64-character
    string (docs/performance.md); `grid` reads the string back, and `Duel.of(grid, ...)` builds
    a Duel from one. The repr shows the grid, as the LEDGER does.

    `sunk` lists the sunk ships in the fleet's printed order (ruling 6). `struck` is True once the
    player has struck their colours.
    """

    turn: int = 1
    fired: int = 0
    hull_hits: int = 0
    sunk: tuple[str, ...] = ()
    struck: bool = False

    @classmethod
    def of(cls, grid: str = UNFIRED * (SIZE * SIZE), turn: int = 1, sunk: tuple[str, ...] = (), struck: bool = False) -> Duel:
        """The Duel whose LEDGER grid is `grid` (64 of `.`, `o`, `x`; ValueError otherwise).

        >>> Duel.of("o" + "." * 62 + "x").shots
        2
        """
        if len(grid) != SIZE * SIZE or set(grid) - {UNFIRED, MISS, HIT}:
            raise ValueError(f"a grid is {SIZE * SIZE} cells of {UNFIRED} {MISS} {HIT}")
        fired = sum(1 << i for i, mark in enumerate(grid) if mark != UNFIRED)
        hull_hits = sum(1 << i for i, mark in enumerate(grid) if mark == HIT)
        return cls(turn, fired, hull_hits, sunk, struck)

    @property
    def grid(self) -> str:
        """The LEDGER's 64-character grid-state, row-major (A1 … H1, A2 … H8)."""
        return grid_of(self.fired, self.hull_hits)

    def __repr__(self) -> str:  # as the LEDGER reads it, the grid and not its masks
        return f"Duel(turn={self.turn!r}, grid={self.grid!r}, sunk={self.sunk!r}, struck={self.struck!r})"

    @property
    def shots(self) -> int:
        """LEDGER: "shots = distinct cells fired"."""
        return self.fired.bit_count()

    @property
    def hits(self) -> int:
        """LEDGER: "hits = hull cells struck"."""
        return self.hull_hits.bit_count()

    @property
    def cleared(self) -> bool:
        return len(self.sunk) == len(FLEET)

    @property
    def over(self) -> bool:
        return self.cleared or self.struck

    def mark(self, cell: str) -> str:
        i = cell_index(cell)
        return UNFIRED if not self.fired >> i & 1 else HIT if self.hull_hits >> i & 1 else MISS


@dataclass(frozen=True, slots=True)
class Seal:
    """What the duel can say about its seal. `commitment` is hex: the card's printed prefix for
    the card's own berth, the full SHA-256 of the reveal file for a berth sealed by cardgm."""

    commitment: str
    reveal_name: str | None = None  # the reveal file's name (not its path) when cardgm sealed it
    card_reveal_url: str | None = None  # where the card says its own reveal file lives

    @property
    def sealed_here(self) -> bool:
        return self.reveal_name is not None

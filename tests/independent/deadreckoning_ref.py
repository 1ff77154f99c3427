"""An independent DEADRECKONING engine, written from the card alone (a test oracle).

Written from `shared/cards/deadreckoning.md` and the readings in docs/rulings.md (DEADRECKONING),
without reading cardgm's deadreckoning rules, state or notation. Plain and obvious on purpose: a
64-character grid, a dict of ships, RESOLUTION's four steps in the card's order. It is what a
tester outside the project would write to check cardgm, so it imports nothing from cardgm.

Where the card reads two ways it follows cardgm's ruling (the ruling number is named beside it).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

COLUMNS = "ABCDEFGH"
ROWS = "12345678"
SIZE = 8

# GM-ONLY: THE FLEET, in the card's printed order (ruling 6 lists the sunk in this order).
FLEET: tuple[tuple[str, int], ...] = (
    ("Cutter", 2),
    ("Sloop", 3),
    ("Brigantine", 3),
    ("Frigate", 2),
)

# The card's own berth: "Cutter — 2 cells — B2, C2 - Sloop — 3 cells — F2, F3, F4 - Brigantine —
# 3 cells — B5, C5, D5 - Frigate — 2 cells — H6, H7".
CARD_BERTH: dict[str, tuple[str, ...]] = {
    "Cutter": ("B2", "C2"),
    "Sloop": ("F2", "F3", "F4"),
    "Brigantine": ("B5", "C5", "D5"),
    "Frigate": ("H6", "H7"),
}

Berth = dict[str, tuple[str, ...]]

UNFIRED, MISS, HIT = ".", "o", "x"


def cell_xy(cell: str) -> tuple[int, int]:
    """'D4' -> (3, 3): column index, row index, both from 0."""
    return COLUMNS.index(cell[0]), ROWS.index(cell[1:])


def cell_name(col: int, row: int) -> str:
    return f"{COLUMNS[col]}{ROWS[row]}"


def cell_index(cell: str) -> int:
    """Row-major: "read row 1 A-H, then row 2 A-H, on to row 8 A-H"."""
    col, row = cell_xy(cell)
    return row * SIZE + col


ALL_CELLS: tuple[str, ...] = tuple(cell_name(c, r) for r in range(SIZE) for c in range(SIZE))


def is_legal(berth: Berth) -> bool:
    """The card's fleet: four named hulls of 2, 3, 3, 2, each a straight line across or down,
    all on the sea, no two touching, "not even at a corner". A cell in either case names the
    same cell (as a salvo's does, ruling 2), and a hull's cells may be listed in any order."""
    if set(berth) != {name for name, _ in FLEET}:
        return False
    occupied: dict[tuple[int, int], str] = {}
    for name, length in FLEET:
        cells = tuple(c.upper() for c in berth[name])
        if len(cells) != length:
            return False
        if any(len(c) != 2 or c[0] not in COLUMNS or c[1] not in ROWS for c in cells):
            return False
        xys = sorted(cell_xy(c) for c in cells)
        cols = {x for x, _ in xys}
        rows = {y for _, y in xys}
        if len(rows) == 1:
            xs = [x for x, _ in xys]
            straight = xs == list(range(xs[0], xs[0] + length))
        elif len(cols) == 1:
            ys = [y for _, y in xys]
            straight = ys == list(range(ys[0], ys[0] + length))
        else:
            straight = False
        if not straight:
            return False
        for xy in xys:
            if xy in occupied:
                return False
            occupied[xy] = name
    for (x, y), name in occupied.items():
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                other = occupied.get((x + dx, y + dy))
                if other is not None and other != name:
                    return False
    return True


def random_berth(rng: random.Random) -> Berth:
    """A legal named berth: each hull placed at random, the whole berth redrawn on any clash."""
    while True:
        berth: Berth = {}
        for name, length in FLEET:
            across = rng.random() < 0.5
            if across:
                col, row = rng.randrange(SIZE - length + 1), rng.randrange(SIZE)
                berth[name] = tuple(cell_name(col + i, row) for i in range(length))
            else:
                col, row = rng.randrange(SIZE), rng.randrange(SIZE - length + 1)
                berth[name] = tuple(cell_name(col, row + i) for i in range(length))
        if is_legal(berth):
            return berth


def random_layout(rng: random.Random) -> Berth:
    """Any four runs of the fleet's lengths on the sea (legal or not), for checking is_legal;
    now and then a bent or broken hull, so illegal shapes are tried as well as touching ones, and
    a hull's cells listed out of order or in lower case."""
    berth: Berth = {}
    for name, length in FLEET:
        if rng.random() < 0.15:
            cells = rng.sample(ALL_CELLS, length)
        elif rng.random() < 0.5:
            col, row = rng.randrange(SIZE - length + 1), rng.randrange(SIZE)
            cells = [cell_name(col + i, row) for i in range(length)]
        else:
            col, row = rng.randrange(SIZE), rng.randrange(SIZE - length + 1)
            cells = [cell_name(col, row + i) for i in range(length)]
        if rng.random() < 0.2:
            rng.shuffle(cells)
        if rng.random() < 0.1:
            cells = [c.lower() for c in cells]
        berth[name] = tuple(cells)
    return berth


@dataclass
class Reply:
    """What one reply must carry, as the card words it."""

    turn: int
    repeat: bool = False
    mark: str = ""  # "x" or "o" for a new cell
    sunk_now: str = ""  # the card's "SUNK — {ship} ({n} cells)" line, when a hull went down
    ended: bool = False


@dataclass
class RefDuel:
    berth: Berth
    turn: int = 1  # the opening is turn 1 (OPENING: "turn:1")
    grid: list[str] = field(default_factory=lambda: [UNFIRED] * 64)
    sunk: set[str] = field(default_factory=set)
    end: str = ""  # "", "cleared" or "struck-colours"
    went_down: list[str] = field(default_factory=list)  # the sunk in the order they sank

    @property
    def shots(self) -> int:
        """shots = distinct cells fired."""
        return sum(1 for m in self.grid if m != UNFIRED)

    @property
    def hits(self) -> int:
        """hits = hull cells struck."""
        return self.grid.count(HIT)

    def hull_of(self, cell: str) -> str | None:
        for name, cells in self.berth.items():
            if cell in cells:
                return name
        return None

    def salvo(self, called: str) -> Reply:
        """RESOLUTION (deterministic), in order; every reply is a turn (ruling 1)."""
        assert not self.end, "the duel is over"
        cell = called.strip().upper()
        self.turn += 1
        reply = Reply(turn=self.turn)
        i = cell_index(cell)
        # 1) already fired: say so, count no new shot.
        if self.grid[i] != UNFIRED:
            reply.repeat = True
            return reply
        # 2) mark it x on a hull cell, else o.
        ship = self.hull_of(cell)
        self.grid[i] = HIT if ship else MISS
        reply.mark = self.grid[i]
        # 3) a hit that completes a ship: SUNK.
        if ship and all(self.grid[cell_index(c)] == HIT for c in self.berth[ship]):
            self.sunk.add(ship)
            self.went_down.append(ship)
            reply.sunk_now = f"SUNK — {ship} ({len(self.berth[ship])} cells)"
        # 4) all four sunk (hits = 10): the endgame.
        if self.hits == 10:
            self.end = "cleared"
            reply.ended = True
        return reply

    def strike_colours(self) -> Reply:
        assert not self.end
        self.turn += 1
        self.end = "struck-colours"
        return Reply(turn=self.turn, ended=True)

    def pause(self) -> Reply:
        """Any reply that fires nothing (a save, a question) is still a turn (ruling 1)."""
        assert not self.end
        self.turn += 1
        return Reply(turn=self.turn)

    def sunk_list(self, as_sunk: bool = False) -> str:
        """Fleet's printed order, joined by "," (ruling 6); "none" when none. `as_sunk`: the other
        reading ruling 6 names, "add the ship to the sunk list" in the order the ships went down."""
        names = list(self.went_down) if as_sunk else [name for name, _ in FLEET if name in self.sunk]
        return ",".join(names) if names else "none"

    def grid_state(self) -> str:
        return "".join(self.grid)

    def ledger(self, as_sunk: bool = False) -> str:
        """[L] turn:{n} shots:{n} hits:{n} sunk:{ship list | none} | {grid-state} | v1.0.0"""
        return (
            f"[L] turn:{self.turn} shots:{self.shots} hits:{self.hits} "
            f"sunk:{self.sunk_list(as_sunk)} | {self.grid_state()} | v1.0.0"
        )

    def save_block(self, as_sunk: bool = False) -> str:
        """SAVE / RESUME's block, one field a line (the card's flattened block, ruling 23)."""
        return "\n".join(
            [
                "-----BEGIN AIGC SAVE-----",
                "game:deadreckoning",
                "m:duel",
                "rules:1",
                f"turn:{self.turn}",
                f"shots:{self.shots}",
                f"hits:{self.hits}",
                f"sunk:{self.sunk_list(as_sunk)}",
                f"grid:{self.grid_state()}",
                "sha:none",
                "-----END AIGC SAVE-----",
            ]
        )

    def score(self) -> int:
        """Cleared: 100 - (shots - 10), clamped to 0-100. Struck colours: 0."""
        if self.end == "cleared":
            return max(0, min(100, 100 - (self.shots - 10)))
        return 0

    def result_line(self) -> str:
        assert self.end
        return (
            f"RESULT: AIGC|deadreckoning|duel|v1.0.0|end:{self.end}|ch:1|turns:{self.turn}"
            f"|score:{self.score()}|tape:0|sha:none"
        )

    def printed_grid(self, marks: str | None = None) -> str:
        """THE SHOT GRID as nine lines (ruling 12)."""
        marks = self.grid_state() if marks is None else marks
        lines = ["  " + " ".join(COLUMNS)]
        for r in range(SIZE):
            lines.append(f"{ROWS[r]} " + " ".join(marks[r * SIZE : (r + 1) * SIZE]))
        return "\n".join(lines)

    def resume(self) -> RefDuel:
        """SAVE / RESUME: "The grid string restores every shot". A new chat from this duel's own
        block: the resuming reply shows the saved turn (rulings, preamble: "a reply that resumes a
        SAVE shows the saved turn"), the sunk list follows from the grid and the berth."""
        fields = dict(line.split(":", 1) for line in self.save_block().splitlines()[1:-1])
        again = RefDuel(self.berth, turn=int(fields["turn"]), grid=list(fields["grid"]))
        again.sunk = {n for n, cells in self.berth.items() if all(again.grid[cell_index(c)] == HIT for c in cells)}
        assert again.shots == int(fields["shots"]) and again.hits == int(fields["hits"])
        assert again.sunk_list() == fields["sunk"]
        return again

    def reveal_marks(self) -> str:
        """SCORING 1: "print the grid with every hull shown as `x`" (misses stay `o`)."""
        marks = list(self.grid)
        for cells in self.berth.values():
            for c in cells:
                marks[cell_index(c)] = HIT
        return "".join(marks)


def reveal_text(berth: Berth, salt: str) -> str:
    """A reveal file for `berth`, laid out as `cardgm seal` writes one (the format a player sees
    in the file it hands over), so cardgm can be made to play a berth chosen here."""
    marks = ["."] * 64
    for cells in berth.values():
        for c in cells:
            marks[cell_index(c)] = HIT
    grid = ["      " + " ".join(COLUMNS)]
    grid += [f"    {ROWS[r]} " + " ".join(marks[r * SIZE : (r + 1) * SIZE]) for r in range(SIZE)]
    ships = [f"- {name} — {length} cells — {', '.join(berth[name])}" for name, length in FLEET]
    return "\n".join(
        [
            "# DEADRECKONING — sealed berth",
            "",
            "game: deadreckoning",
            "rules: 1",
            "",
            "The enemy berth, fixed before the first shot. Keep this file unseen until the duel is done.",
            "",
            *ships,
            "",
            "Every hull shown as x:",
            "",
            *grid,
            "",
            f"salt: {salt}",
            "",
            "The SHA-256 of this file, byte for byte, is the commitment read out when the duel began.",
            "Check it with `cardgm verify seal THIS-FILE COMMITMENT` (or `sha256sum THIS-FILE`).",
            "",
        ]
    )


def hull_runs(length: int) -> list[tuple[str, ...]]:
    """Every straight run of `length` cells on the sea, across then down."""
    across = [tuple(cell_name(c + i, r) for i in range(length)) for r in range(SIZE) for c in range(SIZE - length + 1)]
    down = [tuple(cell_name(c, r + i) for i in range(length)) for c in range(SIZE) for r in range(SIZE - length + 1)]
    return across + down


def count_named_berths() -> int:
    """How many legal named berths there are, counted hull by hull: the two 3-cell hulls (Sloop,
    Brigantine) first, then the 2-cell hulls (Cutter, Frigate) that keep clear of them and of each
    other. Two runs keep clear when neither has a cell among the other's cells or their eight
    neighbours ("No two hulls touch, not even at a corner")."""

    def clear_of(run: tuple[str, ...]) -> set[str]:
        near = set()
        for cell in run:
            x, y = cell_xy(cell)
            near |= {cell_name(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if 0 <= x + dx < SIZE and 0 <= y + dy < SIZE}
        return near

    twos, threes = hull_runs(2), hull_runs(3)
    near2 = [clear_of(run) for run in twos]
    apart2 = [{j for j, other in enumerate(twos) if not near2[i] & set(other)} for i in range(len(twos))]
    near3 = [clear_of(run) for run in threes]
    total = 0
    for s in range(len(threes)):  # the Sloop
        for b, brigantine in enumerate(threes):
            if set(brigantine) & near3[s]:
                continue
            near = near3[s] | near3[b]
            fits = {i for i, run in enumerate(twos) if not near & set(run)}
            total += sum(len(apart2[i] & fits) for i in fits)  # Cutter i, Frigate j
    return total

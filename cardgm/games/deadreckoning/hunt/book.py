"""The opening books of the tree strategies on the card's sea (`tree.Book`): each strategy's
shot at every node of more than `OVER` cell sets, worked out once over every berth and shipped
beside this module (`books/<strategy>.npz`), so that a uniform sample of N berths costs in
proportion to N rather than a walk over the whole table's first levels.

A book is kept only while the code that made it is the code that runs: its file holds a digest
of the strategy's name and description, the sea, the size of the space and the source of
`tree.py` and `space.py`; a book whose digest differs is not read (the sample then walks the
whole tree, as exact and slower), and `tests/deadreckoning/test_hunt_book.py` fails until it is
built again:

    python -m cardgm.games.deadreckoning.hunt.book            # density's, entropy's and lookahead's (a minute)
    python -m cardgm.games.deadreckoning.hunt.book rollout    # the rollout hunter's (its whole tree: 400 CPU-s)
"""

from __future__ import annotations

import hashlib
import sys
from functools import cache
from pathlib import Path

import numpy as np

from cardgm.games.deadreckoning.hunt import space as space_module
from cardgm.games.deadreckoning.hunt import tree
from cardgm.games.deadreckoning.hunt.space import Sea, Space
from cardgm.games.deadreckoning.hunt.tree import Book, opening_book

__all__ = ["OVER", "BOOKED", "SHIPPED", "FOLDER", "digest", "load", "save", "main"]

OVER = 16  # a book holds every node of more than this many cell sets: about 606,000 nodes for density (1.4 MB)
BOOKED = ("density", "entropy", "lookahead")  # the tree strategies `cardgm analyze` runs unasked: built unnamed
SHIPPED = (*BOOKED, "rollout")  # rollout's is built only when named: its whole evaluation, about 400 CPU-seconds
FOLDER = Path(__file__).with_name("books")


def digest(strategy: str, about: str, sp: Space, over: int) -> str:
    """What a book depends on: the strategy (its name and description, which states its
    parameters), the space, the cut, and the code of the tree and the space."""
    h = hashlib.sha256(f"{strategy}|{about}|{sp.sea!r}|{sp.named}|{len(sp)}|{over}".encode())
    for module in (tree, space_module):
        h.update(Path(str(module.__file__)).read_bytes())
    return h.hexdigest()[:20]


def _path(strategy: str, folder: Path) -> Path:
    return folder / f"{strategy}.npz"


def save(book: Book, strategy: str, about: str, sp: Space, folder: Path = FOLDER) -> Path:
    """The book written as `folder/<strategy>.npz`: its keys as differences (they ascend, so the
    differences are small and compress), its shots and node sizes, its cut and its digest."""
    folder.mkdir(parents=True, exist_ok=True)
    path = _path(strategy, folder)
    np.savez_compressed(path, steps=np.diff(book.keys, prepend=np.uint64(0)), shots=book.shots, sizes=book.sizes,
                        over=np.array(book.over), digest=np.array(digest(strategy, about, sp, book.over)))
    _load.cache_clear()  # a book read before is not this one
    return path


def load(strategy: str, about: str, sp: Space, folder: Path = FOLDER) -> Book | None:
    """The shipped book of `strategy` for this space, or None: none for the space (only the
    card's sea has books) or one made by other code."""
    if sp.sea != Sea() or sp.named:
        return None
    return _load(strategy, about, len(sp), str(folder), sp)


@cache
def _load(strategy: str, about: str, size: int, folder: str, sp: Space) -> Book | None:
    path = _path(strategy, Path(folder))
    if not path.exists():
        return None
    with np.load(path, allow_pickle=False) as f:
        over = int(f["over"])
        if str(f["digest"]) != digest(strategy, about, sp, over):
            return None
        return Book(np.cumsum(f["steps"], dtype=np.uint64), f["shots"].astype(np.uint8), f["sizes"].astype(np.uint32), over)


def main(argv: list[str] | None = None) -> int:
    """Build the shipped books again (every one, or the strategies named) and write them."""
    import time

    from cardgm.games.deadreckoning.hunt.space import space
    from cardgm.games.deadreckoning.hunt.strategies import STRATEGIES

    names = list(argv if argv is not None else sys.argv[1:]) or list(BOOKED)
    unknown = [n for n in names if n not in STRATEGIES or STRATEGIES[n].tree is None]
    if unknown:
        print(f"no tree strategy {', '.join(unknown)}; there are: {', '.join(n for n, s in STRATEGIES.items() if s.tree)}")
        return 2
    sp = space()
    for name in names:
        st = STRATEGIES[name]
        assert st.tree is not None
        t = time.process_time()
        book = opening_book(sp, st.tree, OVER)  # the tree over every berth, down to nodes of OVER cell sets
        path = save(book, name, st.about, sp)
        print(f"{name}: {len(book):,} nodes of more than {book.over} cell sets, {time.process_time() - t:.1f} CPU-s -> {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

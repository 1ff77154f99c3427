"""The opening books: a sample of a tree strategy that reads the top of its tree from a book takes,
berth by berth, the shots the whole tree takes; the shipped books are current and hold the
shots the tree takes on the card's sea."""

from __future__ import annotations

import numpy as np
import pytest

from cardgm.games.deadreckoning.hunt import book as books
from cardgm.games.deadreckoning.hunt import space as berths
from cardgm.games.deadreckoning.hunt import strategies, tree
from cardgm.games.deadreckoning.hunt.space import Sea

SMALL = Sea(5, 5, (("Cutter", 2), ("Sloop", 3), ("Frigate", 2)))  # 1,956 cell sets
MIDDLE = Sea(6, 6)  # the card's fleet: 44,996 cell sets
TREES = ["density", "entropy", "lookahead", "rollout"]


@pytest.mark.parametrize("strategy", TREES)
@pytest.mark.parametrize("sea", [SMALL, MIDDLE], ids=["5x5", "6x6"])
def test_a_booked_sample_takes_the_whole_trees_shots(sea, strategy, monkeypatch):
    """Every sampled berth's shots, and the cells fired at a followed one, are the whole tree's;
    with the games going down through the book to its end, and leaving it early (SWITCH), where
    the tree's rows take over with the book's shots still read."""
    sp = berths.space(sea)
    choose = strategies.STRATEGIES[strategy].tree
    whole = tree.run_tree(sp, choose)[0]
    for over in (8, 40, 400):
        book = tree.opening_book(sp, choose, over)
        assert len(book) and int(book.sizes.min()) > over
        for switch in (0, 60):
            monkeypatch.setattr(tree, "SWITCH", switch)
            for n in (1, 37, 500):
                only = np.sort(np.random.default_rng(n).choice(len(sp), n, replace=False))
                follow = int(only[-1])
                path: list[int] = []
                shots = tree.run_tree(sp, choose, only=only, book=book, follow=follow, path=path)[0]
                assert np.array_equal(shots[only], whole[only])
                plain: list[int] = []
                tree.run_tree(sp, choose, only=np.array([follow]), follow=follow, path=plain)
                assert path == plain and len(path) == whole[follow]


def _leaving(sp, book, entry):
    """Where berth `entry`'s own game leaves the book, played shot by shot from its ship masks:
    the node's key, the cells fired and the depth."""
    k = 2 + sp.classes
    ships = [int(m) for m in sp.ship_masks(np.array([entry]))[0]]
    key, fired, depth = 1, 0, 0
    while key < (1 << 63) // k:
        shot = int(book.shots_at(np.array([key], dtype=np.uint64))[0])
        if shot < 0:
            break
        fired |= 1 << shot
        answer = 0
        for mask, klass in zip(ships, sp.ship_class):
            if mask >> shot & 1:
                answer = 2 + klass if mask & ~fired == 0 else 1
        key, depth = key * k + answer, depth + 1
    return key, fired, depth


@pytest.mark.parametrize("strategy", ["density", "lookahead"])
def test_the_descent_finds_every_berth_of_the_nodes_where_the_games_leave_the_book(strategy):
    """Each berth the descent brings back is at the node its own game leaves the book at (its
    answers, cells fired and depth, SUNK answers and their classes included), once; and every
    berth at a node a sampled game leaves at comes back."""
    sp = berths.space(SMALL)
    book = tree.opening_book(sp, strategies.STRATEGIES[strategy].tree, 8)
    leaves = [_leaving(sp, book, i) for i in range(len(sp))]
    assert any(d >= 2 and q % (2 + sp.classes) >= 2 for q, _, d in leaves)  # some leave just after a SUNK
    for n in (len(sp), 37):
        only = np.arange(len(sp)) if n == len(sp) else np.sort(np.random.default_rng(5).choice(len(sp), n, replace=False))
        got = []
        for lv, depth in tree._descend(sp, book, only, None, None):
            assert lv.answers is not None
            for i, j in zip(lv.idx.tolist(), lv.node.tolist()):
                assert leaves[i] == (int(lv.answers[j]), int(lv.fired[j]), depth)
                got.append(i)
        reached = {leaves[i][0] for i in only.tolist()}
        assert sorted(got) == [i for i in range(len(sp)) if leaves[i][0] in reached]


def test_evaluate_takes_the_book_it_is_given_and_the_same_shots():
    sp = berths.space(MIDDLE)
    book = tree.opening_book(sp, strategies.STRATEGIES["lookahead"].tree, 50)
    exact = strategies.evaluate("lookahead", sp, sample=300, seed=3, follow=7, book=False)
    booked = strategies.evaluate("lookahead", sp, sample=300, seed=3, follow=7, book=book)
    assert np.array_equal(exact.shots, booked.shots) and exact.followed == booked.followed


def test_a_book_is_made_of_the_nodes_over_its_cut_and_the_trees_shots_there():
    """The root's shot is the strategy's over every berth; every node is over the cut; the
    root's children partition it."""
    sp = berths.space(MIDDLE)
    choose = strategies.STRATEGIES["density"].tree
    book = tree.opening_book(sp, choose, 100)
    root = tree.Level.root(sp)
    assert book.shots_at(np.array([1], dtype=np.uint64))[0] == choose(sp, root)[0]
    assert book.sizes_at(np.array([1], dtype=np.uint64))[0] == len(sp)
    k = 2 + sp.classes
    children = np.arange(k, 2 * k, dtype=np.uint64)  # 1 * k + answer
    assert book.sizes_at(children).sum() <= len(sp) and (book.sizes_at(children)[book.sizes_at(children) > 0] > 100).all()
    assert book.shots_at(np.array([0, 2**62], dtype=np.uint64)).tolist() == [-1, -1]


@pytest.mark.parametrize("strategy", books.SHIPPED)
def test_the_shipped_books_are_current(strategy):
    """A book made by other code is not read (the sample is then slow, not wrong): rebuild with
    `python -m cardgm.games.deadreckoning.hunt.book` after changing tree.py or space.py."""
    assert strategies.opening(strategy, berths.space()) is not None, (
        f"books/{strategy}.npz is not current: python -m cardgm.games.deadreckoning.hunt.book {strategy}"
    )


@pytest.mark.parametrize("strategy", books.SHIPPED)
def test_the_shipped_books_hold_the_trees_shots_at_the_top_of_the_card_sea(strategy):
    sp = berths.space()
    shipped = strategies.opening(strategy, sp)
    assert shipped is not None and shipped.over == books.OVER
    top = tree.opening_book(sp, strategies.STRATEGIES[strategy].tree, 400_000)
    assert len(top) >= 5
    assert np.array_equal(shipped.shots_at(top.keys), top.shots.astype(np.int64))
    assert np.array_equal(shipped.sizes_at(top.keys), top.sizes.astype(np.int64))


def test_a_book_for_another_sea_or_other_code_is_not_read(tmp_path):
    sp = berths.space(MIDDLE)
    choose = strategies.STRATEGIES["density"].tree
    about = strategies.STRATEGIES["density"].about
    books.save(tree.opening_book(sp, choose, 100), "density", about, sp, tmp_path)
    assert books.load("density", about, sp, tmp_path) is None  # only the card's sea has books
    card = berths.space()
    assert books.load("density", about, card, tmp_path) is None  # the file is the 6x6 sea's: another digest
    books.save(tree.Book(np.array([1], dtype=np.uint64), np.array([3], dtype=np.uint8), np.array([len(card)], dtype=np.uint32), 64),
               "density", about, card, tmp_path)
    assert books.load("density", about, card, tmp_path) is not None
    assert books.load("density", about + " (changed)", card, tmp_path) is None


def test_the_rollout_hunter_read_through_its_book_fires_its_shots_at_the_card_berth():
    """The 18 shots docs/performance-hunt.md gives (taken from the whole tree, before the book)."""
    from cardgm.card import load_card
    from cardgm.games.deadreckoning.notation import card_berth

    berth = card_berth(load_card("deadreckoning").section("GM-ONLY"))
    assert strategies.opening("rollout", berths.space()) is not None
    assert " ".join(strategies.play("rollout", berth)) == "C1 B2 C2 B6 C5 B5 A5 F3 D5 F2 F1 F4 F7 G6 B7 D7 H7 H6"

"""cardgm.games.deadreckoning.seal: every legal berth counted two ways, draws uniform over them, reveal files written
and read back, commitments checked, and a sealed duel played from its file (ruling 13)."""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections import Counter
from itertools import product
from pathlib import Path

import pytest

from cardgm.games.deadreckoning import seal
from cardgm.games.deadreckoning.game import make_game
from cardgm.games.deadreckoning.state import FLEET, Berth, Ship
from cardgm.run import Run

from .helpers import CARD_HULLS, berth_of, card, cells_in

SALT = "0123456789abcdef-test"


# -- counting ----------------------------------------------------------------------------------


def _count_by_halos(size: int) -> int:
    """An independent count: place the ships one by one, each clear of the union of the earlier
    ones' cells-with-neighbours, trying every Frigate in turn (slower than seal's bitset counts)."""
    def runs(k: int) -> list[tuple[int, int]]:
        out = []
        for r, c in product(range(size), range(size)):
            for dr, dc in ((0, 1), (1, 0)):
                cells = [(r + dr * i, c + dc * i) for i in range(k)]
                if all(rr < size and cc < size for rr, cc in cells):
                    m = h = 0
                    for rr, cc in cells:
                        m |= 1 << (rr * size + cc)
                        for a, b in product((-1, 0, 1), repeat=2):
                            if 0 <= rr + a < size and 0 <= cc + b < size:
                                h |= 1 << ((rr + a) * size + cc + b)
                    out.append((m, h))
        return out

    two, three = runs(2), runs(3)
    n = 0
    for _cm, ch in two:
        for sm, sh in three:
            if sm & ch:
                continue
            for bm, bh in three:
                if bm & (ch | sh):
                    continue
                halo = ch | sh | bh
                n += sum(1 for fm, _ in two if not fm & halo)
    return n


def _brute_sets(size: int) -> tuple[int, int]:
    """Named and unlabelled counts by brute force over cell sets with the corner rule spelled out."""
    def runs(k: int) -> list[frozenset[tuple[int, int]]]:
        across = [frozenset((r, c + i) for i in range(k)) for r in range(size) for c in range(size - k + 1)]
        down = [frozenset((r + i, c) for i in range(k)) for r in range(size - k + 1) for c in range(size)]
        return across + down

    def touch(a: frozenset, b: frozenset) -> bool:
        return any(abs(x[0] - y[0]) <= 1 and abs(x[1] - y[1]) <= 1 for x in a for y in b)

    named, cell_sets = 0, set()
    twos, threes = runs(2), runs(3)
    for c in twos:
        for s in threes:
            if touch(c, s):
                continue
            for b in threes:
                if touch(c, b) or touch(s, b):
                    continue
                for f in twos:
                    if not (touch(c, f) or touch(s, f) or touch(b, f)):
                        named += 1
                        cell_sets.add(c | s | b | f)
    return named, len(cell_sets)


def test_all_berths_counts_16368544_named_berths_cross_checked_independently() -> None:
    assert len(seal.all_berths()) == seal.NAMED_BERTHS == 16_368_544
    assert _count_by_halos(8) == 16_368_544


def test_each_unlabelled_cell_set_is_four_named_berths() -> None:  # ruling 13
    assert seal.UNLABELLED_BERTHS == 4_092_136 == seal.NAMED_BERTHS // 4
    named, unlabelled = _brute_sets(5)
    assert named == len(seal.BerthSpace(5)) == 4 * unlabelled


def test_the_berth_space_on_a_small_sea_is_exactly_the_brute_force_one() -> None:
    space = seal.BerthSpace(5)
    listed = list(space)
    assert len(listed) == len(space) == len(set(listed))
    assert all(b.is_legal() for b in listed)
    assert [space.index(b) for b in listed[:200]] == list(range(200))


def test_all_berths_indexes_both_ways() -> None:
    space = seal.all_berths()
    rng = random.Random(5)
    picks = [rng.randrange(len(space)) for _ in range(300)] + [0, len(space) - 1]
    for i in picks:
        berth = space[i]
        assert berth.is_legal() and berth in space and space.index(berth) == i
    assert space[-1] == space[len(space) - 1]
    assert list(space[:5]) == [b for b, _ in zip(space, range(5))]
    with pytest.raises(IndexError):
        space[len(space)]


def test_the_cards_printed_berth_is_one_of_them() -> None:
    assert berth_of(CARD_HULLS) in seal.all_berths()


# -- drawing -----------------------------------------------------------------------------------


def test_draw_berth_only_ever_draws_legal_berths() -> None:
    rng = random.Random(11)
    for _ in range(3000):
        berth = seal.draw_berth(rng)
        assert berth.is_legal()
        assert [(s.name, s.length) for s in berth.ships] == list(FLEET)


def test_draw_berth_covers_the_berth_space() -> None:
    rng = random.Random(12)
    draws = [seal.draw_berth(rng) for _ in range(20000)]
    assert len(set(draws)) >= 19_950  # out of sixteen million, repeats are rare
    for k, (_name, length) in enumerate(FLEET):
        seen = {s.ships[k].cells for s in draws}
        assert len(seen) == len(seal.placements(length))  # every place every ship can lie
        assert {_orientation(c) for c in seen} == {"across", "down"}
    assert set().union(*(b.hull_cells for b in draws[:500])) == {f"{c}{r}" for c in "ABCDEFGH" for r in range(1, 9)}


def _orientation(cells: tuple[str, ...]) -> str:
    return "across" if len({c[1] for c in cells}) == 1 else "down"


def test_draw_berth_follows_the_exact_marginal_of_a_uniform_draw() -> None:
    """The Cutter's place, over 20,000 seeded draws, against the exact share of all legal berths
    that put her there (chi-square, 111 degrees of freedom; 161 is the 0.1% tail)."""
    counts = seal.all_berths().cutter_counts()
    total = sum(counts)
    rng = random.Random(13)
    places = {p: i for i, p in enumerate(seal.placements(2))}
    from cardgm.games.deadreckoning.state import cell_index

    seen = Counter(places[tuple(sorted(cell_index(c) for c in seal.draw_berth(rng).ships[0].cells))] for _ in range(20000))
    chi2 = sum((seen[i] - 20000 * n / total) ** 2 / (20000 * n / total) for i, n in enumerate(counts))
    assert chi2 < 161


def test_draw_berth_takes_its_randomness_only_from_the_generator() -> None:
    assert seal.draw_berth(random.Random(99)) == seal.draw_berth(random.Random(99))


# -- the berth ---------------------------------------------------------------------------------


def test_a_berth_is_frozen_and_lists_the_ships_in_the_cards_order() -> None:
    berth = berth_of(CARD_HULLS)
    assert [(s.name, s.length, s.cells) for s in berth.ships] == [(n, len(c), c) for n, c in CARD_HULLS.items()]
    with pytest.raises(dataclasses.FrozenInstanceError):
        berth.ships = ()  # type: ignore[misc]


@pytest.mark.parametrize(
    "change, why",
    [
        ({"Frigate": ("C3", "D3")}, "touch"),  # corner to the Cutter's C2
        ({"Frigate": ("E1", "F1")}, "touch"),  # beside the Sloop's F2
        ({"Sloop": ("F2", "F3", "G3")}, "straight"),
        ({"Sloop": ("F2", "F4", "F5")}, "straight"),
        ({"Cutter": ("B2", "C2", "D2")}, "2 cells"),
        ({"Cutter": ("H8", "I8")}, "2 cells"),
    ],
)
def test_is_legal_refuses_touching_bent_or_misshapen_hulls(change: dict, why: str) -> None:
    hulls = dict(CARD_HULLS)
    hulls.update(change)
    lengths = dict(FLEET)
    berth = Berth(tuple(Ship(n, lengths[n], tuple(c)) for n, c in hulls.items()))
    assert not berth.is_legal()
    assert any(why in p for p in berth.problems())
    assert not any(cells_in(p) for p in berth.problems())


def test_is_legal_wants_the_cards_names_in_the_cards_order() -> None:
    ships = berth_of(CARD_HULLS).ships
    assert not Berth((ships[1], ships[0], ships[2], ships[3])).is_legal()
    assert not Berth(ships[:3]).is_legal()


# -- reveal files and commitments --------------------------------------------------------------


def test_a_reveal_file_round_trips_and_reads_plainly() -> None:
    berth = seal.draw_berth(random.Random(3))
    text = seal.write_reveal(berth, SALT)
    assert seal.parse_reveal(text) == berth
    for ship in berth.ships:
        assert f"- {ship.name} — {ship.length} cells — {', '.join(ship.cells)}" in text
    assert f"salt: {SALT}" in text and text.startswith("# DEADRECKONING")


def test_the_commitment_is_the_sha256_of_the_files_bytes() -> None:
    text = seal.write_reveal(berth_of(CARD_HULLS), SALT)
    assert seal.commitment(text) == hashlib.sha256(text.encode("utf-8")).hexdigest()
    assert seal.commitment(text.encode("utf-8")) == seal.commitment(text)


def test_verify_accepts_the_full_commitment_or_a_prefix_of_16_or_more() -> None:
    text = seal.write_reveal(berth_of(CARD_HULLS), SALT)
    full = seal.commitment(text)
    for claim in (full, full[:16], full[:40].upper(), full[:16] + "…", "sha256:" + full, f"  {full[:20]}  "):
        assert seal.verify(text, claim)


@pytest.mark.parametrize("claim", ["8f2a9039494ba4a", "", "xyz0123456789abcdef", "0" * 65])
def test_verify_calls_a_short_or_malformed_commitment_an_error(claim: str) -> None:
    text = seal.write_reveal(berth_of(CARD_HULLS), SALT)
    with pytest.raises(ValueError):
        seal.verify(text, claim)


def test_a_changed_reveal_fails_verification() -> None:
    text = seal.write_reveal(berth_of(CARD_HULLS), SALT)
    full = seal.commitment(text)
    moved = text.replace("H6, H7", "H7, H8")
    for changed in (moved, text.replace(SALT, SALT + "x"), text + "\n", text.replace("\n", "\r\n")):
        assert changed != text and not seal.verify(changed, full) and not seal.verify(changed, full[:16])


@pytest.mark.parametrize(
    "mutate, why",
    [
        (lambda t: t.replace("game: deadreckoning", "game: becalmed"), "not a deadreckoning reveal"),
        (lambda t: t.replace("salt:", "pepper:"), "no 'salt"),
        (lambda t: t + "salt: another-salt-0000000\n", "exactly one"),
        (lambda t: "\n".join(line for line in t.split("\n") if not line.startswith("- Frigate")), "no line for the Frigate"),
        (lambda t: t.replace("H6, H7", "C3, D3"), "touch"),
        (lambda t: t.replace("F2, F3, F4", "F2, F3, G3"), "straight"),
    ],
)
def test_parse_reveal_says_why_and_names_no_cell(mutate, why: str) -> None:
    text = seal.write_reveal(berth_of(CARD_HULLS), SALT)
    with pytest.raises(ValueError, match=why) as err:
        seal.parse_reveal(mutate(text))
    assert not cells_in(str(err.value))


def test_write_reveal_wants_a_long_salt_and_a_legal_berth() -> None:
    with pytest.raises(ValueError):
        seal.write_reveal(berth_of(CARD_HULLS), "short")
    with pytest.raises(ValueError):
        seal.write_reveal(berth_of(CARD_HULLS), "has spaces in it, sixteen+")
    with pytest.raises(ValueError):
        seal.write_reveal(berth_of({**CARD_HULLS, "Frigate": ("C3", "D3")}), SALT)


# -- a sealed duel -----------------------------------------------------------------------------


@pytest.fixture
def sealed(tmp_path: Path) -> tuple[Path, Berth, str]:
    berth = seal.draw_berth(random.Random(21))
    text = seal.write_reveal(berth, SALT)
    path = tmp_path / "duel-reveal.md"
    path.write_bytes(text.encode("utf-8"))
    return path, berth, seal.commitment(text)


def test_a_sealed_duel_reads_out_its_commitment_and_plays_that_berth(sealed) -> None:
    path, berth, digest = sealed
    run = Run(make_game(card(), sealed_file=str(path)))
    opening = run.start().text
    assert digest in opening and "duel-reveal.md" in opening and str(path.parent) not in opening
    hulls = [c for s in berth.ships for c in s.cells]
    replies = [run.reply(c) for c in hulls]
    last = replies[-1]
    assert last.end == "cleared" and last.score == 100
    assert last.result.endswith("|tape:0|sha:none")  # ruling 9: the card's template, sealed or not
    assert f"cardgm verify seal duel-reveal.md {digest}" in last.text
    for ship in berth.ships:
        assert f"- {ship.name} — {ship.length} cells — {', '.join(ship.cells)}" in last.text


def test_a_sealed_duel_resumes_only_with_its_reveal_file(sealed) -> None:
    path, berth, digest = sealed
    run = Run(make_game(card(), sealed_file=str(path)))
    run.start()
    first = sorted(berth.hull_cells)[0]
    run.reply(first)
    saved = run.reply("save")
    assert "This block holds no berth" in saved.text and "--sealed duel-reveal.md" in saved.text
    again = Run(make_game(card(), sealed_file=str(path)))
    again.start()
    back = again.reply(saved.save)
    assert back.command == "resume" and "the sealed berth in duel-reveal.md" in back.text
    assert back.ledger == saved.ledger


def test_a_broken_reveal_file_is_refused_by_name(tmp_path: Path) -> None:
    bad = tmp_path / "bad.md"
    bad.write_bytes(b"\xff\xfe")
    with pytest.raises(ValueError, match="bad.md"):
        make_game(card(), sealed_file=str(bad))
    bad.write_text("# nothing here\n", encoding="utf-8")
    with pytest.raises(ValueError, match="bad.md: not a usable reveal file"):
        make_game(card(), sealed_file=str(bad))


def test_the_cards_own_commitment_is_read_as_printed_and_cannot_be_checked_here() -> None:  # ruling 9
    game = make_game(card())
    assert game.seal.commitment == "8f2a9039494ba4ae" and not game.seal.sealed_here
    assert game.seal.card_reveal_url == "https://aigamecards.com/g/deadreckoning/reveal-8f2a9039494b.md"

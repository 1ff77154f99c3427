"""The seed derivation (shared/cards/README.md) and the printed-tape check."""

from cardgm.card import load_card
from cardgm.tape import compare, derive, fnv1a32


def test_fnv1a_of_the_cattle_trail_seed() -> None:
    assert fnv1a32("cattle-trail:1.0.0") == 0xD25C39BA


def test_fnv1a_of_empty_string_is_the_offset_basis() -> None:
    assert fnv1a32("") == 2166136261


def test_derivation_reproduces_all_forty_printed_cattle_trail_values() -> None:
    card = load_card("cattle-trail")
    assert derive(card.seed, 40) == card.tape


def test_derivation_values_are_d20() -> None:
    values = derive("any:1.0.0", 2000)
    assert set(values) == set(range(1, 21))


def test_becalmed_printed_tape_differs_from_its_derivation_at_five_positions() -> None:
    # A finding, not a fix: the game reads the printed tape. Positions are 1-based (tape:{pos}).
    card = load_card("becalmed")
    diffs = compare(card.tape, derive(card.seed, 40))
    assert [(d.position, d.printed, d.derived) for d in diffs] == [
        (7, 20, 19), (14, 10, 9), (16, 9, 8), (21, 19, 18), (33, 18, 17),
    ]


def test_compare_reports_length_differences() -> None:
    diffs = compare((1, 2, 3), (1, 2))
    assert [(d.position, d.printed, d.derived) for d in diffs] == [(3, 3, None)]

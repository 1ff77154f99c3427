"""Issue 14, item 3: tampered SAVE blocks against the states a bounded search of play reaches.

Every state the search reaches resumes (no honest SAVE is refused), and a tampered block that no
line of play reaches within the search is refused with the field that cannot be true.
"""

from __future__ import annotations

from functools import cache

import pytest

from cardgm.game import SaveError

from . import tamper

SEARCHES = {
    "becalmed": lambda: tamper.becalmed(4),
    "cattle-trail": lambda: tamper.cattle_trail(5),
    "deadreckoning": lambda: tamper.deadreckoning(2),
}


@cache
def reached(card: str) -> tamper.Reached:
    return SEARCHES[card]()


@pytest.mark.parametrize("card", sorted(SEARCHES))
def test_every_state_play_reaches_resumes_from_its_save(card: str) -> None:
    found = reached(card)
    refused = []
    for block in found.samples:
        try:
            assert found.holds(block) is True
        except SaveError as exc:
            refused.append((block, str(exc)))
    assert not refused, refused[:3]
    assert len(found.samples) > 60  # the search went past the opening


@pytest.mark.parametrize("card", sorted(SEARCHES))
def test_tampered_blocks_that_name_a_reached_state_resume(card: str) -> None:
    """The generator's blocks that happen to be another reached state (a value moved from one
    morning to another that has it too) are honest saves, and resume."""
    found = reached(card)
    judged = tamper.judge(found, tamper.tampered(found, 1500, seed=14))
    wrongly_refused = [(j.reason, j.block) for j in judged if not j.accepted and j.reached]
    assert not wrongly_refused, wrongly_refused[:3]
    assert sum(j.accepted and j.reached is True for j in judged) > 10  # some tampering does land on one


def test_the_generator_changes_one_or_two_fields_of_a_real_block() -> None:
    found = reached("becalmed")
    real = set(found.samples)
    blocks = tamper.tampered(found, 200, seed=3)
    for block in blocks:
        own = dict(tamper.fields(block))
        nearest = min(sum(own.get(k) != v for k, v in tamper.fields(r)) for r in found.samples)
        assert nearest <= 2, block
    assert sum(b not in real for b in blocks) > 150  # most are no state play reaches

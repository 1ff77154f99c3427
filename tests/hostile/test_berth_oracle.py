"""Issue 14, item 1: a pasted SAVE block teaches nothing about a sealed berth's unstruck cells.

The attack: paste, into one fresh run, 64 made-up blocks each claiming one hit (a refused resume
leaves the run as it was, so they can follow one another). Were a block resumed when its grid can
be true of the berth, the 64 replies would map the fleet. A sealed duel resumes only blocks it
printed itself, so the replies to every probe are the same whatever the berth.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardgm.card import load_card
from cardgm.games import make_game
from cardgm.games.deadreckoning.seal import draw_berth, write_reveal
from cardgm.games.deadreckoning.state import cell_name
from cardgm.run import Run


def _sealed(folder: Path, seed: int) -> Run:
    """A fresh run of a duel on a berth drawn with `seed`, sealed in folder/reveal.md."""
    folder.mkdir(exist_ok=True)
    rng = random.Random(seed)
    path = folder / "reveal.md"
    path.write_text(write_reveal(draw_berth(rng), f"salt-{seed:04d}-{rng.getrandbits(64):016x}"), encoding="utf-8")
    run = Run(make_game(load_card("deadreckoning"), sealed_file=str(path)))
    run.start()
    return run


def _probe(i: int, sha: str = "none") -> str:
    grid = "." * i + "x" + "." * (63 - i)
    return (
        "-----BEGIN AIGC SAVE-----\ngame:deadreckoning\nm:duel\nrules:1\nturn:2\nshots:1\nhits:1\nsunk:none\n"
        f"grid:{grid}\nsha:{sha}\n-----END AIGC SAVE-----"
    )


def _replies(run: Run, blocks: list[str]) -> list[str]:
    return [run.reply(b).text for b in blocks]


def test_64_probes_learn_nothing_the_replies_are_the_same_whatever_the_berth(tmp_path: Path) -> None:
    probes = [_probe(i) for i in range(64)]
    seen = {tuple(_replies(_sealed(tmp_path / f"b{seed}", seed), probes)) for seed in range(6)}
    assert len(seen) == 1
    (replies,) = seen
    assert all("cannot be resumed" in r and "Nothing has changed" in r for r in replies)


def test_probes_carrying_a_real_seal_learn_nothing_either(tmp_path: Path) -> None:
    """A probe that borrows the sha field of a block the duel really printed (its commitment and
    tag) still fails: the tag covers every other field of the block."""
    outcomes = set()
    for seed in range(4):
        run = _sealed(tmp_path / f"b{seed}", seed)
        sha = run.game.save(run.state).split("sha:")[1].split()[0]
        fresh = _sealed(tmp_path / f"b{seed}", seed)
        outcomes.add(tuple(_replies(fresh, [_probe(i, sha) for i in range(64)])))
    assert len(outcomes) == 1


def test_every_refusal_on_a_sealed_duel_gives_one_reason(tmp_path: Path) -> None:
    """Made up, cut short, edited, from another duel, the card's own format: one reason, the same."""
    run = _sealed(tmp_path / "a", 1)
    first = sorted(run.game._berth.hull_cells)[0]  # noqa: SLF001 - the test knows the berth it drew
    run.reply(first)
    real = run.reply("save").save
    assert real is not None
    other = _sealed(tmp_path / "b", 2)
    other_save = other.game.save(other.state)
    blocks = [
        _probe(5),
        real.replace("turn:3", "turn:4"),  # edited
        real.rsplit("\n", 2)[0],  # cut short
        real.replace(real.split("sha:")[1].split()[0], "none"),  # the card's own sha:none
        other_save,  # another duel's
        "-----BEGIN AIGC SAVE----- nonsense -----END AIGC SAVE-----",
    ]
    fresh = _sealed(tmp_path / "a", 1)
    reasons = {fresh.reply(b).prose for b in blocks}  # the turn counts on; the words do not change
    assert len(reasons) == 1
    back = fresh.reply(real)  # and the real block still resumes
    assert back.command == "resume" and back.ledger == run.transcript[-1][1].ledger


def test_a_sealed_save_resumes_in_any_layout_and_carries_on(tmp_path: Path) -> None:
    run = _sealed(tmp_path / "a", 3)
    for cell in ("A1", "H8", "D4"):
        run.reply(cell)
    block = run.game.save(run.state)
    flat = " ".join(block.split())  # flattened by a chat's copy and paste
    for layout in (block, flat, block.replace("\n", "\r\n")):
        again = _sealed(tmp_path / "a", 3)
        assert again.reply(layout).command == "resume"
        assert again.reply("E5").ledger == Run(run.game, state=run.state).reply("E5").ledger


@pytest.mark.parametrize("cell", [0, 27, 63])
def test_the_cards_own_berth_keeps_its_exact_save(cell: int) -> None:
    """The card's printed berth is no secret (it is in the card), and its SAVE is the card's own,
    sha:none, byte for byte; a block there is still judged against the berth (ruling 10)."""
    run = Run(make_game(load_card("deadreckoning")))
    run.start()
    run.reply(cell_name(cell))
    assert run.reply("save").save.endswith("sha:none\n-----END AIGC SAVE-----")


def test_a_secret_held_as_text_marks_its_saves_as_its_reveal_file_does(tmp_path: Path) -> None:
    """The site and the agents play a sealed duel from the reveal file's text (`make_game(card,
    secret=TEXT)`, rebuilt on every request): the key of the marks comes from that text's salt, so
    a block the duel printed resumes in the next game made from the same text, and in `cardgm
    play --sealed` on the same file; a block of another text, or none, gets the one reason."""
    from cardgm import games

    card = load_card("deadreckoning")
    text = games.draw_secret(card.game_id, random.Random(21))
    assert text is not None
    played = Run(make_game(card, secret=text))
    played.start()
    for cell in ("A1", "C3"):
        played.reply(cell)
    block = played.game.save(played.state)
    assert "sha:none" not in block and played.game.own_save(block)

    rebuilt = Run(make_game(card, secret=text))  # the next request of the same run
    assert rebuilt.reply(block).command == "resume" and rebuilt.state == played.state
    (tmp_path / "reveal.md").write_text(text, encoding="utf-8")
    from_file = Run(make_game(card, sealed_file=str(tmp_path / "reveal.md")))
    assert from_file.reply(block).command == "resume" and from_file.game.save(from_file.state) == block

    other = make_game(card, secret=games.draw_secret(card.game_id, random.Random(22)))
    assert not other.own_save(block) and not make_game(card).own_save(block)
    refusals = {Run(g).reply(block).prose for g in (other, make_game(card, secret=games.draw_secret(card.game_id, random.Random(23))))}
    assert len(refusals) == 1 and "resumes only the SAVE blocks it printed" in refusals.pop()

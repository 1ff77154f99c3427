"""A fourth card, written outside cardgm (tests/fourth/coinflip/), plugs in by its package alone:
in a fresh process through CARDGM_GAMES, in this one through `register`, and then plays, saves,
resumes, audits and verifies through the same front ends as the shipped cards."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cardgm import games
from cardgm.card import load_card
from cardgm.game import GameError
from cardgm.run import Run

FOURTH = Path(__file__).resolve().parent / "fourth"
ROOT = FOURTH.parent.parent
# The printed tape reads 15 19 6 15 2: TAILS, TAILS, HEADS, TAILS, HEADS.
CALLS = ["heads", "tails", "HEADS please", "tails", "h"]


@pytest.fixture
def coinflip(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """COINFLIP registered in-process, and nothing else changed for the other tests."""
    monkeypatch.syspath_prepend(str(FOURTH))
    monkeypatch.setattr(games, "_REGISTERED", {})
    import coinflip as package

    games.register(package.ENTRY)
    return package


def test_registered_it_is_a_game_like_any_other(coinflip: ModuleType) -> None:
    assert "coinflip" in [e.id for e in games.entries()]
    card = load_card("coinflip")
    assert (card.title, card.game_id, card.tape[:5]) == ("COINFLIP", "coinflip", (15, 19, 6, 15, 2))
    run = Run(games.make_game(card))
    assert run.start().ledger == "[L] turn:1 toss:0/5 right:0 tape:0 | v1.0.0"
    replies = [run.reply(m) for m in CALLS]
    tossed: list[Any] = [r.events[0] for r in replies]
    assert [e.side for e in tossed] == ["TAILS", "TAILS", "HEADS", "TAILS", "HEADS"]
    last = replies[-1]
    assert last.ended and last.score == 80
    assert last.result == "RESULT: AIGC|coinflip|toss|v1.0.0|end:tossed|ch:1|turns:6|score:80|tape:5|sha:none"
    assert last.text.endswith(last.ledger)


def test_its_contract_holds(coinflip: ModuleType) -> None:
    game = games.make_game(load_card("coinflip"))
    s = game.new()
    assert [a.side for a in game.legal_actions(s)] == ["HEADS", "TAILS"]
    with pytest.raises(GameError) as err:
        game.apply(s, "EDGE")
    assert str(err.value) == game.refusal(s, "EDGE") == "a call is HEADS or TAILS"


def test_it_saves_and_resumes_in_a_new_run(coinflip: ModuleType) -> None:
    game = games.make_game(load_card("coinflip"))
    run = Run(game)
    run.start()
    run.reply("heads")
    saved = run.reply("save").save
    assert saved is not None
    again = Run(game)
    resumed = again.resume(saved)
    assert resumed.ledger == "[L] turn:3 toss:1/5 right:0 tape:1 | v1.0.0"
    assert again.reply("tails").ledger == "[L] turn:4 toss:2/5 right:1 tape:2 | v1.0.0"


def test_it_is_audited_like_any_other(coinflip: ModuleType) -> None:
    from cardgm.verify.audit import audit
    from cardgm.verify.transcript_io import read_transcript

    run = Run(games.make_game(load_card("coinflip")))
    parts = [run.start().text]
    for m in CALLS[:3]:
        parts += [f"User: {m}", f"Assistant: {run.reply(m).text}"]
    clean = "Assistant: " + "\n\n".join(parts)
    found = audit(read_transcript(clean), card_name="coinflip")
    assert found.game_id == "coinflip" and found.findings == []
    wrong = clean.replace("right:2 tape:3", "right:3 tape:3")  # the AI counts its last call twice
    found = audit(read_transcript(wrong), card_name="coinflip")
    assert [f.kind for f in found.findings] == ["ledger"]


def _cardgm(*args: str, cwd: Path, input: str | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, CARDGM_GAMES="coinflip", PYTHONPATH=os.pathsep.join([str(FOURTH), str(ROOT)]))
    return subprocess.run([sys.executable, "-m", "cardgm.cli", *args], cwd=cwd, env=env, input=input, capture_output=True, text=True)


def test_through_cardgm_games_it_plays_saves_resumes_verifies_and_audits(tmp_path: Path) -> None:
    played = _cardgm("play", "coinflip", "--log", "run.jsonl", cwd=tmp_path, input="\n".join(CALLS) + "\n")
    assert played.returncode == 0, played.stderr
    assert "RESULT: AIGC|coinflip|toss|v1.0.0|end:tossed|ch:1|turns:6|score:80|tape:5|sha:none" in played.stdout
    result = "RESULT: AIGC|coinflip|toss|v1.0.0|end:tossed|ch:1|turns:6|score:80|tape:5|sha:none"
    verified = _cardgm("verify", "run", "run.jsonl", "--result", result, cwd=tmp_path)
    assert verified.returncode == 0 and "RESULT matches exactly." in verified.stdout

    saved = _cardgm("play", "coinflip", "--json", cwd=tmp_path, input="tails\nsave\n")
    block = json.loads(saved.stdout.splitlines()[-1])["save"]
    (tmp_path / "save.txt").write_text(block, encoding="utf-8")
    resumed = _cardgm("play", "coinflip", "--resume", "save.txt", cwd=tmp_path, input="heads\n")
    assert resumed.returncode == 0 and "[L] turn:4 toss:2/5 right:1 tape:2 | v1.0.0" in resumed.stdout

    replies = [json.loads(line)["text"] for line in (tmp_path / "run.jsonl").read_text().splitlines()[1:]]
    transcript = f"Assistant: {replies[0]}" + "".join(f"\n\nUser: {m}\n\nAssistant: {t}" for m, t in zip(CALLS, replies[1:]))
    (tmp_path / "chat.txt").write_text(transcript, encoding="utf-8")
    audited = _cardgm("audit", "chat.txt", "--card", "coinflip", cwd=tmp_path)
    assert audited.returncode == 0, audited.stdout + audited.stderr

    unknown = _cardgm("play", "checkers", cwd=tmp_path, input="")
    assert unknown.returncode == 2 and "coinflip" in unknown.stderr and "Traceback" not in unknown.stderr


def test_an_installed_distribution_plugs_it_in_by_its_entry_point(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # What `pip install` of a package declaring [project.entry-points."cardgm.games"] leaves.
    dist = tmp_path / "coinflip_card-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: coinflip-card\nVersion: 1.0\n", encoding="utf-8")
    (dist / "entry_points.txt").write_text("[cardgm.games]\ncoinflip = coinflip\n", encoding="utf-8")
    before = [e.id for e in games.entries()]  # with CARDGM_GAMES naming coinflip, it is there already
    monkeypatch.delenv(games.ENV, raising=False)  # found by its entry point alone
    monkeypatch.syspath_prepend(str(FOURTH))
    monkeypatch.syspath_prepend(str(tmp_path))
    games._plugged.cache_clear()
    try:
        assert games.entry("coinflip").title == "COINFLIP"
        assert load_card("coinflip").tape[:3] == (15, 19, 6)
    finally:
        monkeypatch.undo()
        games._plugged.cache_clear()
    assert [e.id for e in games.entries()] == before

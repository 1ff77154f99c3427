"""`cardgm bench-gm` against a local fake game master (cardgm/agents/fake_gm.py): cardgm's own honest
replies in a chosen style, errors planted at known rates. The benchmark must measure an honest fake
at 0 and each planted rate back within its 95% interval; a 429 is waited on as Retry-After asks; a
dead endpoint stops it in one line with the finished runs kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgm.agents import chat
from cardgm.agents.benchgm import BenchStopped, bench, report, wilson
from cardgm.agents.chat import MAX_WAIT, ChatClient, ChatError, retry_after
from cardgm.agents.fake_gm import FakeGM
from cardgm.cli import main

CARDS = ["becalmed", "cattle-trail", "deadreckoning"]


@pytest.fixture
def no_wait(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    waited: list[float] = []
    monkeypatch.setattr(chat, "_sleep", waited.append)
    return waited


def _run(fake: FakeGM, cards: list[str], seeds: list[int], max_turns: int = 40) -> dict:
    url = fake.start()
    try:
        runs = bench(ChatClient(url, "fake", retries=1, pause=0).complete, cards, seeds, max_turns=max_turns)
    finally:
        fake.stop()
    return report(runs, model="fake", endpoint=url, seeds=seeds, asked=len(cards) * len(seeds), stopped=None)


def test_an_honest_fake_game_master_scores_no_error_on_any_card() -> None:
    data = _run(FakeGM("chatty"), CARDS, [0, 1])
    for game_id, c in data["cards"].items():
        assert c["replies"] > 20, game_id
        assert c["all_errors"]["count"] == 0, (game_id, data["runs"])
        assert c["all_errors"]["high"] > 0  # an interval, even at 0
    assert data["runs_finished"] == data["runs_asked"] == 6
    assert {"cardgm", "model", "endpoint", "date", "seeds"} <= set(data)


@pytest.mark.parametrize(("kind", "code", "cards"), [
    ("ledger-format", "ledger-format", CARDS),
    ("arithmetic", "ledger", ["becalmed", "cattle-trail"]),
    ("hidden", "hidden-revealed", ["deadreckoning"]),
])
def test_a_planted_rate_is_measured_back_within_its_interval(kind: str, code: str, cards: list[str]) -> None:
    fake = FakeGM("table", {kind: 0.1}, seed=3)
    data = _run(fake, cards, [0, 1, 2])
    replies = sum(c["replies"] for c in data["cards"].values())
    found = sum(c["errors_per_100_replies"][code]["count"] for c in data["cards"].values())
    assert fake.planted[kind] > 5
    assert found == fake.planted[kind]  # each planted error found once
    low, high = wilson(found, replies)
    assert low <= 0.1 <= high  # the rate the fake plants at lies in the measured 95% interval
    assert all(n == 0 for c in data["cards"].values() for k, r in c["errors_per_100_replies"].items() if k != code for n in [r["count"]])


def test_a_429_is_waited_on_as_its_retry_after_asks(no_wait: list[float]) -> None:
    fake = FakeGM(busy=2, retry_after="7")
    url = fake.start()
    try:
        client = ChatClient(url, "fake", retries=3, pause=0.5)
        text, _ = client.complete([{"role": "user", "content": "hello"}])
    finally:
        fake.stop()
    assert no_wait == [7.0, 7.0] and "card" in text


def test_too_many_429s_stop_with_one_line(no_wait: list[float]) -> None:
    fake = FakeGM(busy=10, retry_after="1")
    url = fake.start()
    try:
        with pytest.raises(ChatError, match=r"HTTP 429 after 3 tries"):
            ChatClient(url, "fake", retries=2).complete([{"role": "user", "content": "hello"}])
    finally:
        fake.stop()


def test_retry_after_reads_seconds_and_dates() -> None:
    assert retry_after("2.5") == 2.5
    assert retry_after("Wed, 21 Oct 2015 07:28:00 GMT", now=1445412470.0) == 10.0
    assert retry_after("Wed, 21 Oct 2015 07:28:00 GMT", now=2e9) == 0.0
    assert retry_after(None) is None and retry_after("later") is None


def test_a_retry_after_longer_than_the_longest_wait_stops_at_once(no_wait: list[float]) -> None:
    fake = FakeGM(busy=10, retry_after=str(int(MAX_WAIT) + 1))
    url = fake.start()
    try:
        with pytest.raises(ChatError, match=r"HTTP 429: the endpoint asks to wait \d+ s \(Retry-After\)"):
            ChatClient(url, "fake", retries=2).complete([{"role": "user", "content": "hello"}])
    finally:
        fake.stop()
    assert no_wait == []  # not waited, not hammered


def test_a_dead_endpoint_stops_the_benchmark_and_keeps_the_finished_runs(no_wait: list[float]) -> None:
    fake = FakeGM()
    url = fake.start()
    calls = {"n": 0}
    client = ChatClient(url, "fake", retries=0)

    def dies_in_the_second_run(messages: list[dict[str, str]]) -> tuple[str, dict]:
        if len(messages) == 2:
            calls["n"] += 1
            if calls["n"] == 2:
                fake.stop()
        return client.complete(messages)

    with pytest.raises(BenchStopped, match="cannot reach it") as stopped:
        bench(dies_in_the_second_run, ["becalmed"], [0, 1], max_turns=10)
    assert [r.seed for r in stopped.value.runs] == [0]


def test_the_command_writes_json_and_a_table_and_stops_in_one_line(tmp_path: Path, no_wait: list[float]) -> None:
    fake = FakeGM("fenced", {"ledger-format": 0.2}, seed=1)
    url = fake.start()
    try:
        out = tmp_path / "gm.json"
        result = CliRunner().invoke(main, ["bench-gm", "--url", url, "--model", "fake", "-c", "becalmed", "-n", "1", "--json", str(out)])
    finally:
        fake.stop()
    assert result.exit_code == 0, result.output
    assert "becalmed: 1 runs" in result.output and "ledger-format" in result.output
    data = json.loads(out.read_text())
    assert data["runs_finished"] == 1 and data["model"] == "fake" and data["seeds"] == [0]
    dead = CliRunner().invoke(main, ["bench-gm", "--url", url, "--model", "x", "-c", "becalmed", "--retries", "0"])
    assert dead.exit_code == 1
    assert dead.output.strip().count("\n") == 0 and "bench-gm stopped after 0 finished run(s)" in dead.output


def test_mixed_planted_errors_are_each_found_once_under_their_own_code() -> None:
    codes = {"ledger-format": "ledger-format", "arithmetic": "ledger", "tape-changed": "tape-changed",
             "tape-out-of-turn": "tape-out-of-turn", "hidden": "hidden-revealed"}
    fake = FakeGM("chatty", {k: 0.04 for k in codes}, seed=11)
    data = _run(fake, CARDS, [0, 1], max_turns=120)
    planted: dict[str, int] = {}
    for kind, n in fake.planted.items():
        planted[codes[kind]] = planted.get(codes[kind], 0) + n
    found = {code: sum(c["errors_per_100_replies"][code]["count"] for c in data["cards"].values()) for code in set(codes.values())}
    assert sum(planted.values()) > 15
    assert found == {code: planted.get(code, 0) for code in found}

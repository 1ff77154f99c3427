"""`cardgm eval` (cardgm/agents/evaluate.py, chat.py, command.py): scripted agents, and a chat
model behind a small OpenAI-compatible stub endpoint on loopback."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from click.testing import CliRunner

from cardgm.agents import chat
from cardgm.agents.evaluate import (
    AgentError,
    evaluate,
    load_agent,
    play_run,
    summarize,
    table,
)
from cardgm.card import load_card
from cardgm.cli import main
from cardgm.games.deadreckoning.moves import CELLS

from .stub_chat import StubChat

DUEL = load_card("deadreckoning")


def test_a_scripted_agent_of_structured_moves_clears_the_sea() -> None:
    [r] = evaluate([DUEL], load_agent("cardgm.agents.examples:first_move"), runs=1, progress=None)
    assert r.end == "cleared" and r.deal == "deadreckoning:1.0.0:0"
    assert r.score == 100 - (r.messages - 10) and r.best == 100 and r.score_over_best == r.score / 100
    assert r.nothing == 0 and r.illegal == 0 and r.result and r.result.startswith("RESULT: AIGC|deadreckoning|")
    from cardgm.games.deadreckoning.seal import parse_reveal

    assert parse_reveal(r.reveal or "").is_legal()  # the sealed berth, to check the seal with


class Counting:
    """A class agent: `cardgm eval` makes one per run."""

    made = 0

    def __init__(self) -> None:
        Counting.made += 1
        self.calls = 0

    def __call__(self, reply: str, legal: list[dict[str, Any]]) -> int:
        self.calls += 1
        return len(legal) - 1 if self.calls > 2 else 0  # two salvos, then strike the colours


def test_a_class_agent_is_made_fresh_for_every_run() -> None:
    Counting.made = 0
    results = evaluate([DUEL], load_agent(f"{__name__}:Counting"), runs=3, first=5, best=False, progress=None)
    assert Counting.made == 3 and [r.deal for r in results] == [f"deadreckoning:1.0.0:{n}" for n in (5, 6, 7)]
    assert [(r.messages, r.end) for r in results] == [(3, "struck-colours")] * 3


def test_the_random_example_never_stands_down_while_it_can_play() -> None:
    results = evaluate([DUEL], load_agent("cardgm.agents.examples:RandomMove"), runs=2, printed=True, progress=None)
    assert [r.deal for r in results] == ["printed", "printed"] and {r.end for r in results} == {"cleared"}


def test_an_agent_in_a_file_beside_the_user_is_found(tmp_path, monkeypatch) -> None:
    (tmp_path / "my_duel_agent.py").write_text("def play(reply):\n    return 'I strike my colours'\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.path", list(__import__("sys").path))
    r = play_run(DUEL, 0, load_agent("my_duel_agent:play"), best=False)
    assert (r.end, r.messages) == ("struck-colours", 1)


def test_a_words_agent_is_handed_each_reply() -> None:
    seen: list[str] = []

    def player(reply: str) -> str:
        seen.append(reply)
        return "hello there" if len(seen) == 1 else "let her drive"

    r = play_run(load_card("becalmed"), 3, lambda card: player)
    assert r.end == "given-over" and r.score == 0 and (r.messages, r.nothing) == (2, 1)
    assert "[L] day 1/14" in seen[0] and r.best is not None


def test_a_looping_agent_is_cut_at_the_turn_cap() -> None:
    r = play_run(DUEL, 0, lambda card: (lambda reply: "where are they?"), max_turns=6, best=False)
    assert (r.end, r.score, r.messages, r.nothing, r.best) == ("capped", 0, 6, 6, None)


def test_illegal_moves_are_counted_and_never_sent() -> None:
    answers = iter([{"move": "fire", "cell": "Z9"}, 99, {"move": "strike colours"}])
    r = play_run(DUEL, 0, lambda card: (lambda reply, legal: next(answers)), best=False)
    assert (r.illegal, r.messages, r.end) == (2, 1, "struck-colours")


def test_an_agent_that_fails_ends_its_run_not_the_evaluation() -> None:
    def broken(reply: str, legal: list[dict[str, Any]]) -> Any:
        raise RuntimeError("no idea")

    results = evaluate([DUEL], lambda card: broken, runs=2, best=False, progress=None)
    assert [r.end for r in results] == ["error", "error"] and results[0].error == "RuntimeError: no idea"
    r = play_run(DUEL, 0, lambda card: (lambda reply: 3.5), best=False)
    assert r.end == "error" and "answered float" in (r.error or "")


@pytest.mark.parametrize(
    ("spec", "why"),
    [("nonsense", "module:function"), ("no_such_module:f", "cannot import"), ("cardgm.agents.examples:nothing", "has no nothing")],
)
def test_load_agent_says_what_is_wrong(spec: str, why: str) -> None:
    with pytest.raises(AgentError, match=why):
        load_agent(spec)


def test_the_table_has_a_row_per_card() -> None:
    results = evaluate([DUEL, load_card("becalmed")], load_agent("cardgm.agents.examples:first_move"), runs=1, best=False, progress=None)
    text = table(summarize(results))
    assert text.splitlines()[0].split()[:6] == ["card", "runs", "score", "95%", "interval", "best"]
    assert re.search(r"^DEADRECKONING\s+1\s+\d+\.\d", text, re.M) and re.search(r"^BECALMED\s+1 ", text, re.M)


# -- the record a paper cites --------------------------------------------------------------------


def test_the_json_holds_what_a_paper_cites() -> None:
    import hashlib

    from cardgm import __version__, games

    result = CliRunner().invoke(main, ["eval", "cardgm.agents.examples:RandomMove", "-c", "deadreckoning", "-n", "3", "--first", "4", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["cardgm"] == __version__ and re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", report["date"])
    assert report["agent"] == {"agent": "cardgm.agents.examples:RandomMove"}
    assert report["card_texts"]["deadreckoning"] == {
        "title": "DEADRECKONING", "version": DUEL.version, "sha256": hashlib.sha256(games.card_text("deadreckoning").encode()).hexdigest(),
    }
    assert (report["runs_asked"], report["runs_finished"], report["stopped"], report["errors"]) == (3, 3, None, [])
    assert report["settings"]["first"] == 4 and [r["deal"] for r in report["runs"]] == [f"deadreckoning:1.0.0:{n}" for n in (4, 5, 6)]
    [card] = report["cards"]
    scores = [r["score"] for r in report["runs"]]
    assert card["score"]["n"] == 3 and card["score"]["mean"] == pytest.approx(sum(scores) / 3)
    assert card["score"]["sd"] == pytest.approx(__import__("statistics").stdev(scores))
    assert card["score"]["low"] <= card["score"]["mean"] <= card["score"]["high"]
    assert card["score_over_best"]["mean"] == pytest.approx(card["mean_score_over_best"])


def test_the_interval_covers_a_fake_agents_known_mean() -> None:
    """A fake agent whose score is 0 or 100 on a fair coin (its mean is 50): over many
    evaluations of 12 runs, the 95% interval holds 50 about 95% of the time, and each interval
    is the t interval of its runs."""
    import random

    from cardgm.agents.evaluate import RunResult, t95

    rng = random.Random(5)
    covered = 0
    trials = 400
    for _ in range(trials):
        runs = [RunResult("deadreckoning", "DEADRECKONING", "x", "cleared", rng.choice([0, 100]), 100, 10, 10, 0, 0) for _ in range(12)]
        [s] = summarize(runs)
        assert s.score is not None and s.score_over_best is not None
        assert s.score.high - s.score.mean == pytest.approx(t95(11) * s.score.sd / 12**0.5)
        assert s.score_over_best.mean == pytest.approx(s.score.mean / 100)
        covered += s.score.low <= 50 <= s.score.high
    assert 0.91 <= covered / trials <= 0.99, covered / trials


def test_an_agent_that_errs_makes_the_exit_status_one_and_is_named(tmp_path, monkeypatch) -> None:
    (tmp_path / "flaky_agent.py").write_text(
        "calls = 0\n"
        "def play(reply, legal):\n"
        "    global calls\n"
        "    calls += 1\n"
        "    if calls == 2:\n"
        "        raise KeyError('cell')\n"
        "    return len(legal) - 1\n"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.path", list(__import__("sys").path))
    result = CliRunner().invoke(main, ["eval", "flaky_agent:play", "-c", "deadreckoning", "-n", "3", "--json"])
    assert result.exit_code == 1
    assert "the agent erred on DEADRECKONING, deal deadreckoning:1.0.0:1: KeyError: 'cell'" in result.stderr
    assert result.stderr.strip().splitlines()[-1] == "cardgm: 1 of 3 runs ended on the agent's error (listed above)"
    report = json.loads(result.stdout)
    assert report["errors"] == [{"card": "deadreckoning", "deal": "deadreckoning:1.0.0:1", "error": "KeyError: 'cell'"}]
    assert report["cards"][0]["errors"] == 1 and report["runs_finished"] == 3


# -- the command ----------------------------------------------------------------------------------


def test_cli_eval_prints_a_table_progress_and_a_plot(tmp_path) -> None:
    out = tmp_path / "eval.png"
    result = CliRunner().invoke(main, ["eval", "cardgm.agents.examples:first_move", "-c", "deadreckoning", "-n", "2", "--plot", str(out)])
    assert result.exit_code == 0, result.output
    assert "DEADRECKONING" in result.stdout and "cleared 2" in result.stdout
    assert "DEADRECKONING: run 2/2 (deal 1)" in result.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_plot_of_one_card_shows_its_whole_title(tmp_path, monkeypatch) -> None:
    """With one card the figure was once too narrow, and its title ran off both edges."""
    import matplotlib.pyplot as plt

    from cardgm.agents.evaluate import plot

    kept: list[Any] = []
    monkeypatch.setattr(plt, "close", kept.append)  # keep the figure to measure it
    results = evaluate([DUEL], load_agent("cardgm.agents.examples:first_move"), runs=1, best=False, progress=None)
    plot(results, str(tmp_path / "eval.png"))
    [fig] = kept
    title = fig.axes[0].title.get_window_extent(fig.canvas.get_renderer())
    assert 0 <= title.x0 and title.x1 <= fig.bbox.width


@pytest.mark.parametrize(
    ("args", "why"),
    [
        ([], "give an AGENT"),
        (["x:y", "--url", "http://127.0.0.1:9/v1", "--model", "m"], "not both"),
        (["--url", "http://127.0.0.1:9/v1"], "--url needs --model"),
        (["cardgm.agents.examples:first_move", "-c", "no-such-card"], "no such card"),
        (["no_such_module:f"], "cannot import"),
    ],
)
def test_cli_eval_refuses_bad_input_in_one_line(args: list[str], why: str) -> None:
    result = CliRunner().invoke(main, ["eval", *args])
    assert result.exit_code == 2 and why in result.stderr and "Traceback" not in result.output
    assert len(result.stderr.strip().splitlines()) == 1


# -- a chat model behind an OpenAI-compatible endpoint --------------------------------------------


def fire_in_order(messages: list[dict[str, str]]) -> str:
    """The stub model: a greeting first (read as nothing), then A1, B1, … in order."""
    n = sum(m["role"] == "assistant" for m in messages)
    return "Aye, ready at the guns." if n == 0 else f"<think>next cell</think>fire {CELLS[n - 1]}"


def test_cli_eval_plays_a_chat_model_behind_an_openai_compatible_endpoint(monkeypatch) -> None:
    monkeypatch.setenv("CARDGM_TEST_KEY", "sk-test")
    with StubChat(fire_in_order, key="sk-test") as stub:
        args = ["eval", "--url", stub.url, "--model", "stub-1", "--api-key-env", "CARDGM_TEST_KEY", "-c", "deadreckoning", "-n", "2", "--json"]
        result = CliRunner().invoke(main, args)
        requests = list(stub.requests)
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    runs = report["runs"]
    assert [r["end"] for r in runs] == ["cleared", "cleared"]
    assert all(r["nothing"] == 1 and r["messages"] == r["turns"] - 1 for r in runs)
    assert all(r["prompt_tokens"] > 0 and r["completion_tokens"] == 3 * r["messages"] for r in runs)
    assert report["cards"][0]["runs"] == 2 and report["cards"][0]["mean_best"] == 100
    first = requests[0]
    assert first["model"] == "stub-1" and first["messages"][0]["role"] == "system"
    pasted = first["messages"][1]["content"]
    assert pasted.startswith(DUEL.text.rstrip()) and "[L] turn:1 shots:0 hits:0 sunk:none" in pasted
    assert requests[1]["messages"][2] == {"role": "assistant", "content": "Aye, ready at the guns."}


def test_a_chat_endpoint_that_fails_stops_the_evaluation_in_one_line(monkeypatch) -> None:
    waits: list[float] = []
    monkeypatch.setattr(chat, "_sleep", waits.append)
    with StubChat(fire_in_order, status=503) as stub:
        result = CliRunner().invoke(main, ["eval", "--url", stub.url + "/chat/completions", "--model", "m", "-c", "deadreckoning", "-n", "3"])
    assert result.exit_code == 1
    assert "the evaluation stopped after 0 of 3 runs" in result.stderr and "HTTP 503 after 3 tries: the stub is down" in result.stderr
    assert waits == [1.0, 2.0]  # two retries, the second after twice the wait


def test_retry_after_is_honoured_and_retries_are_counted(monkeypatch) -> None:
    waits: list[float] = []
    monkeypatch.setattr(chat, "_sleep", waits.append)
    with StubChat(fire_in_order, busy=2, retry_after="7") as stub:  # two 429s asking for 7 s, then answers
        ok = CliRunner().invoke(main, ["eval", "--url", stub.url, "--model", "m", "-c", "deadreckoning", "-n", "1", "--no-best"])
    assert ok.exit_code == 0, ok.output
    assert waits == [7.0, 7.0]
    waits.clear()
    with StubChat(fire_in_order, busy=5) as stub:  # more 429s than --retries allows, no Retry-After: doubling waits
        out = CliRunner().invoke(main, ["eval", "--url", stub.url, "--model", "m", "-c", "deadreckoning", "-n", "1", "--retries", "4"])
    assert out.exit_code == 1 and waits == [1.0, 2.0, 4.0, 8.0] and "HTTP 429 after 5 tries: slow down" in out.stderr
    waits.clear()
    with StubChat(fire_in_order, busy=1, retry_after="3600") as stub:  # a wait past the bound is not waited
        out = CliRunner().invoke(main, ["eval", "--url", stub.url, "--model", "m", "-c", "deadreckoning", "-n", "1"])
    assert out.exit_code == 1 and waits == [] and "asks to wait 3600 s (Retry-After)" in out.stderr


def test_retry_after_reads_seconds_and_http_dates() -> None:
    from datetime import UTC, datetime
    from email.utils import format_datetime

    assert chat.retry_after("120") == 120.0 and chat.retry_after(None) is None and chat.retry_after("later") is None
    when = format_datetime(datetime(2030, 1, 1, 12, 0, 30, tzinfo=UTC), usegmt=True)
    assert chat.retry_after(when, now=datetime(2030, 1, 1, 12, 0, 0, tzinfo=UTC).timestamp()) == 30.0
    assert chat.retry_after(when, now=datetime(2031, 1, 1, tzinfo=UTC).timestamp()) == 0.0  # a date gone by: now


def test_a_wrong_api_key_is_named_as_the_likely_cause(monkeypatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "wrong")
    with StubChat(fire_in_order, key="right") as stub:
        result = CliRunner().invoke(main, ["eval", "--url", stub.url, "--model", "m", "-c", "deadreckoning", "-n", "1"])
    assert result.exit_code == 1 and "HTTP 401 (is the API key set?): Incorrect API key provided" in result.stderr


def test_an_unreachable_endpoint_is_said_plainly(monkeypatch) -> None:
    monkeypatch.setattr(chat, "_sleep", lambda s: None)
    client = chat.ChatClient("http://127.0.0.1:9/v1", "m", timeout=2)
    with pytest.raises(chat.ChatError, match=r"127\.0\.0\.1:9/v1/chat/completions: cannot reach it"):
        client.complete([{"role": "user", "content": "hi"}])


def test_the_stub_stops_by_itself() -> None:
    with StubChat(fire_in_order, max_requests=1) as stub:
        client = chat.ChatClient(stub.url, "m", retries=0, timeout=2)
        assert client.complete([{"role": "user", "content": "hi"}])[0] == "Aye, ready at the guns."
        for _ in range(200):  # the request bound, not the 30 s timer, closes it
            if stub._closed:
                break
            time.sleep(0.01)
        assert stub._closed


def test_a_bare_agent_name_is_refused_with_an_example_that_loads() -> None:
    with pytest.raises(AgentError) as refused:
        load_agent("random")
    example = re.search(r"e\.g\. (\S+)", str(refused.value))
    assert example is not None
    assert callable(load_agent(example.group(1)))  # the example it gives is one that exists

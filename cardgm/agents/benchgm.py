"""`cardgm bench-gm`: how faithfully a chat model runs a card, measured by the audit.

cardgm plays the player: a scripted casual player per card (cardgm/verify/generate/player.py:
chatty wrappers, typos, corrections, questions, a save and the save pasted back, playing on to the
RESULT line; seeded). The model under test is the game master: it is given the card as a player
pastes it and answers every message through an OpenAI-compatible endpoint (the client of
`cardgm eval`, cardgm/agents/chat.py: Retry-After honoured, `--retries`). The audit judges every reply of the chat.

Reported per card: AI replies judged, errors per 100 replies by kind (the audit's codes), hidden
cells leaked, calls decided for the player, RESULT lines right or wrong, tokens; every rate with a
95% Wilson interval. The JSON carries cardgm's version, the model, the endpoint, the date, the
seeds and the runs asked and finished; a run cut short by a dead endpoint stops the benchmark and
the runs finished before it are kept.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TextIO

from cardgm import __version__, games
from cardgm.card import load_card
from cardgm.run import Run
from cardgm.verify.audit import audit
from cardgm.verify.audit.confirm import confirm_line
from cardgm.verify.generate.gm import save_in
from cardgm.verify.generate.player import Player
from cardgm.verify.transcript_io import AI, PLAYER, Transcript, Turn

SYSTEM = (
    "You are the game master of the game card the player pastes. Run it exactly as the card says: its "
    "rules, its printed tape, its formats. Never decide a move for the player. End every reply with the "
    "card's LEDGER line."
)
CODES = (
    "ledger", "ledger-missing", "ledger-format", "ledger-not-last", "decided-for-player", "tape-changed",
    "tape-out-of-turn", "third-value", "hidden-revealed", "result", "save", "save-format", "save-followed",
)
Complete = Callable[[list[dict[str, str]]], tuple[str, dict[str, Any]]]


class BenchStopped(RuntimeError):
    """The endpoint failed after its retries; `runs` holds the runs finished before it."""

    def __init__(self, message: str, runs: list[RunRecord]) -> None:
        super().__init__(message)
        self.runs = runs


@dataclass
class RunRecord:
    card: str
    seed: int
    replies: int  # AI replies judged (the opening included)
    findings: dict[str, int]  # by code
    result: str  # right, wrong, none (no RESULT line, the game not over)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    examples: list[dict[str, Any]] = field(default_factory=list)  # the first findings, for a reader

    def as_json(self) -> dict[str, Any]:
        return {
            "card": self.card, "seed": self.seed, "replies": self.replies, "findings": self.findings,
            "result": self.result, "tokens": {"prompt": self.prompt_tokens, "completion": self.completion_tokens},
            "examples": self.examples,
        }


def play(complete: Complete, game_id: str, seed: int, *, max_turns: int = 120) -> RunRecord:
    """One run: the scripted player against the model, to the RESULT line or `max_turns` messages."""
    rng = random.Random(f"bench-gm:{game_id}:{seed}")
    card = load_card(game_id)
    game = games.make_game(card)
    moves = games.part(games.entry(game_id), "moves")
    player = Player(moves, rng)
    ref = Run(game)  # the player's own view of the game: its moves are legal there
    ref.start()
    text = games.card_text(game_id)
    messages = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": text}]
    turns = [Turn(PLAYER, text, "message 1")]
    prompt = completion = 0

    def ask() -> str:
        nonlocal prompt, completion
        answer, usage = complete(messages)
        prompt += int(usage.get("prompt_tokens") or 0)
        completion += int(usage.get("completion_tokens") or 0)
        messages.append({"role": "assistant", "content": answer})
        turns.append(Turn(AI, answer, f"message {len(turns) + 1}"))
        return answer

    reply = ask()
    last_save: str | None = None
    meant: Any = None  # the move the player's last message meant (a yes to the model's confirm runs it)
    for _ in range(max_turns):
        if ref.ended or "RESULT: AIGC|" in reply:
            break
        if confirm_line(reply) and meant is not None:
            words = "yes"
            if ref.pending is None:
                ref.play(words, meant)  # the model asked; the player's yes means what it meant
            else:
                ref.reply(words)
            meant = None
        else:
            msg = player.next(game, ref.state, ref.pending, last_save if last_save and rng.random() < 0.5 else None)
            words, meant = msg.text, msg.action
            ref.reply(words)
            if msg.kind == "resume":
                last_save = None
        messages.append({"role": "user", "content": words})
        turns.append(Turn(PLAYER, words, f"message {len(turns) + 1}"))
        reply = ask()
        if words == "save":
            last_save = save_in(reply)
    found = audit(Transcript(tuple(turns), "messages-json"), card_name=game_id)
    counts = Counter(f.code for f in found.findings)
    ai_result = next((r.ai_result for r in reversed(found.replies) if r.ai_result), None)
    result = "wrong" if counts.get("result") else ("right" if ai_result else "none")
    examples = [{"reply": f.reply, "code": f.code, "text": f.text[:200]} for f in found.findings[:5]]
    replies = sum(1 for r in found.replies if r.ai_text is not None)
    return RunRecord(game_id, seed, replies, dict(counts), result, prompt, completion, examples)


def bench(
    complete: Complete, cards: list[str], seeds: list[int], *, max_turns: int = 120, progress: TextIO | None = None,
) -> list[RunRecord]:
    """Every card with every seed. A ChatError stops it (BenchStopped, with the runs finished)."""
    from cardgm.agents.chat import ChatError

    runs: list[RunRecord] = []
    for game_id in cards:
        for seed in seeds:
            try:
                record = play(complete, game_id, seed, max_turns=max_turns)
            except ChatError as exc:
                raise BenchStopped(str(exc), runs) from None
            runs.append(record)
            if progress is not None:
                bad = sum(record.findings.values())
                progress.write(f"{game_id} seed {seed}: {record.replies} replies, {bad} finding(s), RESULT {record.result}\n")
                progress.flush()
    return runs


# -- figures -------------------------------------------------------------------------------------


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion k/n (0..1).

    >>> [round(x, 3) for x in wilson(0, 50)]
    [0.0, 0.071]
    """
    if n <= 0:
        return (0.0, 1.0)
    k = min(k, n)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(k: int, n: int) -> dict[str, float | int]:
    """k errors in n replies, per 100 replies, with its 95% interval."""
    lo, hi = wilson(k, n)
    return {"count": k, "per_100": round(100 * k / n, 2) if n else 0.0, "low": round(100 * lo, 2), "high": round(100 * hi, 2)}


def summary(runs: list[RunRecord]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for game_id in dict.fromkeys(r.card for r in runs):
        mine = [r for r in runs if r.card == game_id]
        n = sum(r.replies for r in mine)
        counts: Counter[str] = Counter()
        for r in mine:
            counts.update(r.findings)
        right = sum(1 for r in mine if r.result == "right")
        wrong = sum(1 for r in mine if r.result == "wrong")
        lo, hi = wilson(right, right + wrong)
        out[game_id] = {
            "runs": len(mine), "replies": n,
            "errors_per_100_replies": {code: rate(counts.get(code, 0), n) for code in CODES},
            "all_errors": rate(sum(counts.values()), n),
            "hidden_leaks": rate(counts.get("hidden-revealed", 0), n),
            "decided_for_player": rate(counts.get("decided-for-player", 0), n),
            "result": {"right": right, "wrong": wrong, "none": len(mine) - right - wrong,
                       "right_share": round(right / (right + wrong), 3) if right + wrong else None,
                       "low": round(lo, 3), "high": round(hi, 3)},
            "tokens": {"prompt": sum(r.prompt_tokens for r in mine), "completion": sum(r.completion_tokens for r in mine)},
        }
    return out


def report(runs: list[RunRecord], *, model: str, endpoint: str, seeds: list[int], asked: int, stopped: str | None) -> dict[str, Any]:
    return {
        "cardgm": __version__, "model": model, "endpoint": endpoint,
        "date": datetime.now(UTC).isoformat(timespec="seconds"), "seeds": seeds,
        "runs_asked": asked, "runs_finished": len(runs), "stopped": stopped,
        "cards": summary(runs), "runs": [r.as_json() for r in runs],
    }


def table(data: dict[str, Any]) -> str:
    """The report for people: one block per card, each kind seen with its rate and interval."""
    lines = [f"bench-gm: {data['model']} at {data['endpoint']} ({data['runs_finished']} of {data['runs_asked']} runs)"]
    for game_id, c in data["cards"].items():
        a = c["all_errors"]
        lines.append(f"\n{game_id}: {c['runs']} runs, {c['replies']} replies; errors per 100 replies {a['per_100']} "
                     f"[{a['low']}, {a['high']}]")
        for code, r in c["errors_per_100_replies"].items():
            if r["count"]:
                lines.append(f"  {code:<20} {r['count']:>4}  {r['per_100']:>6} per 100  [{r['low']}, {r['high']}]")
        res = c["result"]
        lines.append(f"  RESULT right {res['right']}, wrong {res['wrong']}, none {res['none']}; "
                     f"tokens {c['tokens']['prompt']} in, {c['tokens']['completion']} out")
    return "\n".join(lines)


def plot(data: dict[str, Any], path: str) -> None:
    """Errors per 100 replies by kind, one group of bars per card, with the 95% intervals."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    cards = list(data["cards"])
    codes = [c for c in CODES if any(data["cards"][g]["errors_per_100_replies"][c]["count"] for g in cards)] or ["ledger"]
    fig, ax = plt.subplots(figsize=(max(6, 1.2 * len(codes) * len(cards)), 4))
    width = 0.8 / max(1, len(cards))
    for i, game_id in enumerate(cards):
        rates = [data["cards"][game_id]["errors_per_100_replies"][c] for c in codes]
        xs = [j + i * width for j in range(len(codes))]
        ys = [r["per_100"] for r in rates]
        err = [[y - r["low"] for y, r in zip(ys, rates)], [r["high"] - y for y, r in zip(ys, rates)]]
        ax.bar(xs, ys, width, yerr=err, capsize=3, label=game_id)
    ax.set_xticks([j + width * (len(cards) - 1) / 2 for j in range(len(codes))], codes, rotation=30, ha="right")
    ax.set_ylabel("errors per 100 replies (95% interval)")
    ax.set_title(f"{data['model']}: game-master errors by kind")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)

"""Fuzz run: random and adversarial messages through each card's whole reply loop (issue 14).

    python bench/fuzz.py [--messages 20000] [--seed 1] [--worst 3]

For every card, runs of play in which ordinary moves (so the game gets somewhere) are mixed with
hostile messages: random words from every card's order vocabulary, random Unicode (controls,
right-to-left marks, emoji, NUL), questions and negations, half a SAVE block, a tampered SAVE
block, and messages just under and over the 4,000-character limit. Each reply goes through
`Run.reply`, the same loop `cardgm play` drives, so every reader and every game's rules are
exercised.

It reports per card: messages sent, crashes (any exception out of `Run.reply`), state changes on
non-moves (a reply read as ask, confirm or answer whose LEDGER moved anything but the turn), the
median and slowest reply and what the slowest was. Then `--worst` timed replies per card to the
worst shapes known for readers (a word repeated to the limit: 'if ', 'if not ', 'unless ', '? ',
'and ', ', '), each fed to a fresh run at its opening.

Speed is a ratio: the same run times a fixed reference loop (a million additions in pure Python)
and prints each figure beside it, so a reader on another machine can compare ratios.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout

import argparse
import random
import re
import statistics
import time
import traceback
from dataclasses import dataclass, field

from cardgm.card import load_card
from cardgm.game import ReadAs
from cardgm.games import ids, make_game
from cardgm.run import MAX_MESSAGE, Run

CARDS = ids()

# Ordinary moves per card, so a run gets past its opening and the hostile messages meet many states.
MOVES = {
    "becalmed": ["FULL, SAIL, ROW", "SHORT, DOWN, FISH", "DRY, AWNING, WATCH", "SHORT, SAIL, BAIL", "yes", "take her", "burn one", "let her go"],
    "cattle-trail": ["STEADY", "EASY", "PUSH", "REST", "ONE BOAT", "FORD", "TOLL, STEADY", "buy 3 meal", "yes", "3"],
    "deadreckoning": [f"{c}{r}" for c in "ABCDEFGH" for r in "12345678"],
}

WORDS = (
    "full short dry sail awning down row fish bail mend watch turtle take refuse burn flare flares "
    "ship let her drive go easy steady push rest slow fast hurry camp stop stay wait toll pay ford "
    "wade swim cross boat boats two one both meal oats food buy sell trade hire shoe roof park bed "
    "fire salvo shot strike colours hint save resume yes no aye ok sure not never tomorrow later "
    "when if unless because so since actually wait hold on i mean the a and or but then day "
    "stop at tell deaths plainly every what should we do how many A1 H8 J9 Z0 0 1 2 3 12 99 -1 "
    "1e30 ? ! , . ; : …"
).split()
ODD = ["\x00", "\u202e", "\u200b", "\ufeff", "😀", "\t", "\r", "\x1b[31m", "ǅ", "Ⅻ", "٣", "\ud7ff", "𝔽𝕌𝕃𝕃"]
WORST = ("if ", "if not ", "unless ", "? ", "and ", ", ", "not ", "no, ", "a")


def reference_loop() -> float:
    """Seconds for a fixed pure-Python loop: this machine's speed, measured in the same run."""
    t0 = time.perf_counter()
    total = 0
    for i in range(1_000_000):
        total += i
    return time.perf_counter() - t0


def hostile(rng: random.Random, card: str, save: str | None) -> str:
    """One hostile message."""
    roll = rng.random()
    if roll < 0.45:
        return " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 12)))
    if roll < 0.6:
        words = [rng.choice(WORDS + ODD) for _ in range(rng.randint(1, 20))]
        return "".join(w + rng.choice(["", " ", "\n", ","]) for w in words)
    if roll < 0.7:
        return "".join(chr(rng.randint(1, 0x2FFFF)) for _ in range(rng.randint(1, 40))).replace("\ud800", "")
    if roll < 0.8 and save:
        lines = save.split("\n")
        if rng.random() < 0.5:
            return "\n".join(lines[: rng.randint(1, len(lines))])  # cut short
        tokens = re.findall(r"\S+", save)
        i = rng.randrange(len(tokens))
        key = tokens[i].split(":", 1)[0]
        tokens[i] = f"{key}:{rng.choice(['0', '-1', '99', str(10**30), 'x', '', 'none'])}"
        return " ".join(tokens)
    if roll < 0.9:
        n = rng.choice((MAX_MESSAGE - 1, MAX_MESSAGE, MAX_MESSAGE + 1, 200))
        return (rng.choice(WORDS) + " ") * (n // 4) if n < 1000 else ("x" * n)
    return rng.choice(MOVES.get(card, WORDS)) + rng.choice([" ?", " if it rains", ", no wait", " tomorrow", "!!!", " and REST"])


def plain(reply) -> tuple:
    """What a reply must not move on a non-move: the state's fields, the turn aside."""
    return tuple(sorted((k, repr(v)) for k, v in reply.fields.items() if k != "turn"))


@dataclass
class Tally:
    card: str
    messages: int = 0
    crashes: list[str] = field(default_factory=list)
    moved_on_non_move: list[str] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    slowest: tuple[float, str] = (0.0, "")
    readings: dict[str, int] = field(default_factory=dict)


def fuzz(card: str, count: int, seed: int) -> Tally:
    rng = random.Random(seed)
    tally = Tally(card)
    the_card = load_card(card)
    run = Run(make_game(the_card))
    last = run.start()
    save = None
    while tally.messages < count:
        if run.ended or rng.random() < 0.01:
            run = Run(make_game(the_card))
            last = run.start()
        message = rng.choice(MOVES.get(card, WORDS)) if rng.random() < 0.35 else hostile(rng, card, save)
        t0 = time.perf_counter()
        try:
            reply = run.reply(message)
        except Exception:  # noqa: BLE001 - a crash is what this counts
            tally.crashes.append(f"{message[:80]!r}: {traceback.format_exc(limit=3).splitlines()[-1]}")
            run = Run(make_game(the_card))
            last = run.start()
            tally.messages += 1
            continue
        took = time.perf_counter() - t0
        tally.messages += 1
        tally.times.append(took)
        if took > tally.slowest[0]:
            tally.slowest = (took, message)
        kind = reply.read_as.value if reply.read_as else "opening"
        tally.readings[kind] = tally.readings.get(kind, 0) + 1
        if reply.read_as in (ReadAs.ASK, ReadAs.CONFIRM, ReadAs.ANSWER) and plain(reply) != plain(last):
            moved = [k for (k, v), (_, w) in zip(plain(reply), plain(last)) if v != w]
            tally.moved_on_non_move.append(f"{message[:60]!r} ({reply.read_as.value}) moved {', '.join(moved)}")
        if reply.save:
            save = reply.save
        if rng.random() < 0.02 and not run.ended:
            try:
                save = run.game.save(run.state)
            except Exception:  # noqa: BLE001 - a state with no SAVE (a dusk waiting)
                pass
        last = reply
    return tally


def worst(card: str, per_card: int) -> list[tuple[float, str]]:
    """Replies to the worst shapes, each a fresh run's first message, just under the limit."""
    out = []
    for shape in WORST[:per_card] if per_card < len(WORST) else WORST:
        message = (shape * (MAX_MESSAGE // len(shape)))[:MAX_MESSAGE]
        run = Run(make_game(load_card(card)))
        run.start()
        t0 = time.perf_counter()
        run.reply(message)
        out.append((time.perf_counter() - t0, shape))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--messages", type=int, default=20000, help="messages per card (default 20000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--worst", type=int, default=len(WORST), help="worst-shape messages timed per card")
    args = ap.parse_args()
    ref = reference_loop()
    print(f"reference loop (a million additions): {ref * 1000:.0f} ms")
    print(f"{'card':14} {'messages':>9} {'crashes':>8} {'moved':>6} {'median ms':>10} {'slowest ms':>11} {'slowest/ref':>12}  slowest message")
    problems = 0
    for card in CARDS:
        t0 = time.perf_counter()
        tally = fuzz(card, args.messages, args.seed)
        wall = time.perf_counter() - t0
        med = statistics.median(tally.times) if tally.times else 0.0
        took, msg = tally.slowest
        shown = repr(msg[:40]) + (f"… ({len(msg):,} chars)" if len(msg) > 40 else "")
        print(
            f"{card:14} {tally.messages:>9,} {len(tally.crashes):>8} {len(tally.moved_on_non_move):>6} "
            f"{med * 1000:>10.3f} {took * 1000:>11.1f} {took / ref:>12.2f}  {shown}"
        )
        print(f"{'':14} {tally.messages / wall:,.0f} messages/s; read as {tally.readings}")
        for line in (tally.crashes + tally.moved_on_non_move)[:5]:
            print(f"{'':14} ! {line}")
        problems += len(tally.crashes) + len(tally.moved_on_non_move)
        shapes = worst(card, args.worst)
        print(f"{'':14} worst shapes at {MAX_MESSAGE:,} chars: " + ", ".join(f"{s!r} {t * 1000:.0f} ms" for t, s in shapes))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()

"""cardgm's BECALMED against an engine written again from the card (`becalmed_ref.py`).

Random legal play over many games, on the printed tape and on random tapes (a card with a tape of
its own plays that tape), compared after every reply: the LEDGER line byte for byte, the SAVE
block, whether the voyage ended, the RESULT line and the score, and the set of legal actions.
cardgm is driven through its public surface only: `make_game`, `Run.play`/`Run.reply`,
`Game.legal_actions`, `ledger`, `save`, `ending`, `result`. Some games run under a stated limit
(`stop_day`, rule 8), and on the printed tape a save is sometimes resumed in a new run.

The suite plays a few hundred games; more by hand:

    CARDGM_DIFF_GAMES=20000 .venv/bin/python -m pytest tests/independent/test_becalmed_differential.py -q -n0
    .venv/bin/python -m tests.independent.test_becalmed_differential --games 20000
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from cardgm import Run, load_card, make_game, parse_card
from cardgm.game import Game
from tests.independent import becalmed_ref as ref

GAMES = int(os.environ.get("CARDGM_DIFF_GAMES", "300"))

CARD = load_card("becalmed")


def card_with_tape(tape: tuple[int, ...]) -> Any:
    """The shipped card with its 40 printed values replaced: the rules text is untouched."""
    text = CARD.text
    found = re.search(r"(## DICE TAPE \(d20, seed [^)]*\))((?:\s+\d{1,2}){40})", text)
    assert found is not None
    printed = " " + " ".join(str(v) for v in tape)
    return parse_card(text[: found.start(2)] + printed + text[found.end(2) :])


# -- the two engines' actions, side by side --------------------------------------------------------


def key_of_cardgm(action: Any) -> tuple[Any, ...]:
    """A cardgm action as a plain key both engines share."""
    name = type(action).__name__
    if name == "Calls":
        return ("calls", action.issue, action.canvas, action.hands)
    if name == "Turtle":
        return ("turtle", action.take)
    if name == "Signal":
        return ("signal", action.burn)
    raise AssertionError(f"an action the oracle does not know: {action!r}")


def key_of_ref(action: ref.Action) -> tuple[Any, ...]:
    if isinstance(action, ref.Calls):
        return ("calls", action.issue, action.canvas, action.hands)
    if isinstance(action, ref.Turtle):
        return ("turtle", action.take)
    if isinstance(action, ref.Signal):
        return ("signal", action.burn)
    raise AssertionError(f"not a rules action: {action!r}")


@dataclass
class Tally:
    games: int = 0
    steps: int = 0
    ends: Counter[str] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)
    seen: Counter[str] = field(default_factory=Counter)  # the card's situations the oracle met


class Mismatch(AssertionError):
    pass


def play_one(game: Game[Any, Any], oracle: ref.Becalmed, rng: random.Random, policy: str, tally: Tally, *, resumable: bool = False) -> None:
    """One voyage; raises Mismatch at the first reply where the two engines differ."""
    run = Run(game)
    opening = run.start()
    boat = oracle.new()
    trail: list[str] = []

    def check(what: str, theirs: Any, ours: Any) -> None:
        if theirs != ours:
            raise Mismatch(f"{what} differs after {' / '.join(trail) or 'the opening'}:\n  cardgm: {theirs!r}\n  oracle: {ours!r}")

    check("LEDGER", opening.ledger, oracle.ledger(boat))
    while True:
        state = run.state
        check("ended", run.ended, boat.end is not None)
        if boat.end is not None:
            ending = game.ending(state)
            check("end", ending.end if ending else None, boat.end)
            check("score", ending.score if ending else None, oracle.score(boat))
            check("RESULT", game.result(state), oracle.result(boat))
            tally.ends[boat.end] += 1
            tally.seen.update(oracle.seen)
            oracle.seen.clear()
            return
        check("LEDGER", game.ledger(state), oracle.ledger(boat))
        if boat.waiting is None:
            check("SAVE", game.save(state), oracle.save(boat))
        theirs = {key_of_cardgm(a): a for a in game.legal_actions(state)}
        ours = {key_of_ref(a): a for a in oracle.legal(boat) if not isinstance(a, ref.LetHerDrive)}
        check("legal actions", sorted(theirs, key=repr), sorted(ours, key=repr))

        roll = rng.random()
        if roll < 0.01:
            # "Say "let her drive" at any point and the voyage ends where it stands."
            trail.append("let her drive")
            reply = run.reply("let her drive")
            boat = oracle.apply(boat, ref.LetHerDrive())
            tally.kinds["let her drive"] += 1
        elif roll < 0.04:
            # "On "save" or at any pause": a reply of its own; refused mid-dusk (ruling 24).
            trail.append("save")
            reply = run.reply("save")
            boat = replace_turn(boat)
            check("SAVE reply", reply.save, None if boat.waiting is not None else oracle.save(boat))
            tally.kinds["save"] += 1
            # Only on the printed tape: cardgm checks a pasted block against every morning the tape
            # can reach, which it has worked out ahead for the printed tape alone (on a tape of its
            # own that check can take a minute).
            if reply.save is not None and resumable and rng.random() < 0.9:
                # A new chat from the block: cardgm goes on from what it reads back, the oracle
                # from the boat it never left, so anything the block loses shows as a difference.
                # The resuming reply shows the saved turn (docs/rulings.md, every card).
                check("oracle's own SAVE read back", oracle.load(reply.save), boat)
                run = Run(game)
                trail.append("(resumed in a new run)")
                reply = run.resume(reply.save)
                tally.kinds["resume"] += 1
        else:
            key = choose(rng, policy, sorted(theirs, key=repr), sorted(ours, key=repr))
            trail.append(" ".join(str(k) for k in key[1:]))
            reply = run.play(trail[-1], theirs[key])
            boat = oracle.apply(boat, ours[key])
            tally.kinds[key[0]] += 1
        tally.steps += 1
        check("reply LEDGER", reply.ledger, oracle.ledger(boat))
        check("reply ended", reply.ended, boat.end is not None)
        check("reply RESULT", reply.result, oracle.result(boat))
        check("reply score", reply.score, oracle.score(boat))


def replace_turn(boat: ref.Boat, to: int | None = None) -> ref.Boat:
    """The boat one reply on (a save), or at turn `to` (the rules alone count no replies)."""
    return replace(boat, turn=boat.turn + 1 if to is None else to)


def choose(rng: random.Random, policy: str, theirs: list[Any], ours: list[Any]) -> Any:
    """Uniform among cardgm's legal actions, or among the oracle's, or a sailor who makes way
    when she can (to reach the lane and the beach more often than chance does)."""
    if policy == "cardgm":
        return rng.choice(theirs)
    if policy == "oracle":
        return rng.choice(ours)
    if policy == "careful":
        # keep them alive to the fortnight's end: drink, watch, shade on a hot day
        kept = [k for k in ours if k[0] != "calls" or (k[1] != "DRY" and k[3] in ("WATCH", "MEND", "FISH", None))]
        return rng.choice(kept or ours)
    driving = [k for k in ours if k[0] == "calls" and k[1] != "DRY" and (k[2] == "SAIL" or k[3] == "MEND") and k[3] in ("ROW", "MEND", None)]
    burning = [k for k in ours if k[0] == "signal" and k[1] > 0] + [k for k in ours if k == ("turtle", True)]
    if burning and rng.random() < 0.8:
        return rng.choice(burning)
    if driving and rng.random() < 0.85:
        return rng.choice(driving)
    return rng.choice(ours)


POLICIES = ("cardgm", "oracle", "sailor", "careful")


def play_many(games: int, seed: int = 0) -> Tally:
    """`games` voyages: a third on the printed tape, the rest on random tapes."""
    tally = Tally()
    rng = random.Random(seed)
    printed = make_game(CARD)
    printed_oracle = ref.Becalmed(ref.tape_from_card(CARD.text))
    for n in range(games):
        policy = POLICIES[n % len(POLICIES)]
        if n % 3 == 0:
            game, oracle = printed, printed_oracle
        else:
            tape = tuple(rng.randint(1, 20) for _ in range(40))
            game, oracle = make_game(card_with_tape(tape)), ref.Becalmed(tape)
        if n % 5 == 4:
            # a stated limit, given as the run's option: the voyage stops at the end of day N
            stop = rng.randint(1, ref.DAYS)
            game, oracle = make_game(game.card, stop_day=stop), ref.Becalmed(oracle.tape, stop_day=stop)
        play_one(game, oracle, random.Random(rng.getrandbits(64)), policy, tally, resumable=n % 3 == 0 and n % 5 != 4)
        tally.games += 1
    return tally


# -- the tests --------------------------------------------------------------------------------------


def test_the_oracle_reads_the_printed_tape_off_the_card() -> None:
    assert ref.tape_from_card(CARD.text) == ref.PRINTED_TAPE
    assert ref.tape_from_card(card_with_tape(tuple(range(1, 21)) * 2).text) == tuple(range(1, 21)) * 2


def test_a_tape_of_its_own_is_what_cardgm_plays() -> None:
    """The random tapes below are played by cardgm, not the printed one (else the test is weaker
    than it says): the first dawn of a card whose tape opens on 20 is hard weather."""
    game = make_game(card_with_tape((20,) + ref.PRINTED_TAPE[1:]))
    run = Run(game)
    run.start()
    reply = run.play("full sail row", next(a for a in game.legal_actions(run.state) if a.canvas == "SAIL"))
    assert "canvas:lost" in reply.ledger


def test_random_legal_play_agrees_with_the_card_engine() -> None:
    tally = play_many(GAMES)
    assert tally.games == GAMES
    # Every end the card names is reached, so the comparison covered each of them.
    assert set(tally.ends) >= {"landfall", "taken-off", "carried-off", "boat-empty", "given-over"}, tally.ends
    assert tally.kinds["turtle"] and tally.kinds["signal"] and tally.kinds["save"] and tally.kinds["resume"]
    # And the card's rarer corners were played through, each compared (the oracle counts them).
    corners = {
        "FULL falls to SHORT", "a SHORT pours the last measure", "falls to DRY on an empty breaker",
        "hard weather under SAIL", "hard weather under the AWNING", "dew with the awning carried away",
        "heavy dew caught", "seams open on a BAIL day", "seams open while already set", "seams closed by BAIL",
        "sharks while SHARKS stands", "sharks tear off the day's fish", "birds", "MEND", "hands None",
        "one flare burnt on a masthead light", "two flares burnt on a sail", "turtle taken on a BUTCHERING day",
        "over the side with SHARKS standing", "thirst 7 kills the soul longest down", "a salt death on a thirst-7 night",
        "the watch raises a soul", "thirst clamped at 7",
    }  # fmt: skip
    assert GAMES < 300 or corners <= set(tally.seen), sorted(corners - set(tally.seen))


def test_every_line_of_the_first_three_replies_agrees() -> None:
    """No random choice: every call of the first three replies on the printed tape, each boat
    they reach compared (a mismatch raises)."""
    steps, boats = play_every_line(3)
    assert steps > 27 * 27 and boats > 27


def test_the_oracle_is_not_cardgm_a_planted_slip_is_caught() -> None:
    """The comparison can fail: an oracle that forgets the swell's +1 thirst parts ways within a
    few hundred games."""

    class NoSwell(ref.Becalmed):
        def _rest_of_dusk(self, boat: ref.Boat, dusk: ref.Dusk, *, turtle_taken: bool, burnt: int) -> ref.Boat:
            if ref.is_swell(dusk.sea):
                dusk = ref.Dusk(**{**dusk.__dict__, "sea": 14})  # an empty sea instead
            return super()._rest_of_dusk(boat, dusk, turtle_taken=turtle_taken, burnt=burnt)

    game = make_game(CARD)
    with pytest.raises(Mismatch, match="thirst"):
        for n in range(200):
            play_one(game, NoSwell(), random.Random(n), "cardgm", Tally())


def play_every_line(replies: int) -> tuple[int, int]:
    """Every legal line of play on the printed tape for the first `replies` replies (the same
    boat reached two ways is played on once), compared as random play is. Returns (steps, boats)."""
    game = make_game(CARD)
    oracle = ref.Becalmed(ref.tape_from_card(CARD.text))
    frontier: dict[ref.Boat, Any] = {oracle.new(): game.new()}
    steps = 0
    for _ in range(replies):
        reached: dict[ref.Boat, Any] = {}
        for boat, state in frontier.items():
            theirs = {key_of_cardgm(a): a for a in game.legal_actions(state)}
            ours = {key_of_ref(a): a for a in oracle.legal(boat) if not isinstance(a, ref.LetHerDrive)}
            if set(theirs) != set(ours):
                raise Mismatch(f"legal actions differ at {oracle.ledger(boat)}: {sorted(set(theirs) ^ set(ours), key=repr)}")
            for key, action in theirs.items():
                after, _ = game.apply(state, action)
                boat_after = replace_turn(oracle.apply(boat, ours[key]), to=after.turn)
                steps += 1
                ending = game.ending(after)
                got = (game.ledger(after), ending.end if ending else None, ending.score if ending else None)
                want = (oracle.ledger(boat_after), boat_after.end, oracle.score(boat_after))
                if got != want:
                    raise Mismatch(f"{key} from {oracle.ledger(boat)}:\n  cardgm: {got!r}\n  oracle: {want!r}")
                if boat_after.end is None:
                    reached.setdefault(boat_after, after)
        frontier = reached
    return steps, len(frontier)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="BECALMED: cardgm against the card engine, random legal play")
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--every-line", type=int, metavar="REPLIES", help="instead: every legal line for the first REPLIES replies")
    args = parser.parse_args(argv)
    try:
        if args.every_line:
            steps, boats = play_every_line(args.every_line)
            print(f"every line for {args.every_line} replies: {steps} steps compared, {boats} boats at the end, no difference")
            return 0
        tally = play_many(args.games, args.seed)
    except Mismatch as why:
        print(why)
        return 1
    print(f"{tally.games} games, {tally.steps} steps compared, no difference")
    print("ends:", dict(tally.ends))
    print("actions:", dict(tally.kinds))
    print("situations:", dict(sorted(tally.seen.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The game contract (cardgm/game.py) and the registry (cardgm/games), as every tool relies on them:
refusal is the reason apply raises, legal actions are legal, a Reply carries what the rules ran,
the registry names what it knows, a secret stays hidden, and the public names import."""

from __future__ import annotations

import hashlib
import json
import random
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardgm import games
from cardgm.card import CardError, load_card
from cardgm.game import GameError, ReadAs
from cardgm.run import Run

IDS = [e.id for e in games.entries()]


def _some_actions(game: Any, state: Any, rng: random.Random) -> list[Any]:
    """The legal actions, and actions of this game that are not legal here (taken from other
    states' lists and from the reader's partial calls), to ask refusal and apply about."""
    legal = list(game.legal_actions(state))
    others = list(game.legal_actions(game.new()))
    return legal + rng.sample(others, min(4, len(others))) + ["not an action"]


@pytest.mark.parametrize("game_id", IDS)
def test_refusal_is_the_reason_apply_raises_and_legal_actions_pass_it(game_id: str) -> None:
    game = games.make_game(load_card(game_id))
    rng = random.Random(5)
    for _ in range(12):
        state = game.new()
        while game.ending(state) is None:
            for action in _some_actions(game, state, rng):
                why = game.refusal(state, action)
                try:
                    game.apply(state, action)
                except GameError as exc:
                    assert why == str(exc), (action, why, str(exc))
                else:
                    assert why is None, (action, why)
            legal = game.legal_actions(state)
            assert legal and all(game.refusal(state, a) is None for a in legal)
            state, _ = game.apply(state, rng.choice(list(legal)))
        assert list(game.legal_actions(state)) == []
        assert game.refusal(state, _some_actions(game, game.new(), rng)[0]) is not None  # over: nothing runs


def test_drovers_autumn_lists_business_at_a_store_and_bounds_the_amounts() -> None:
    from cardgm.games.cattle_trail import rules
    from cardgm.games.cattle_trail.actions import Business, BusinessOnly, DayOrder, TurnForHome
    from cardgm.games.cattle_trail.state import Drove

    at_smiddy = rules.legal_actions(Drove(mile=90, day=9, tape=8, silver=30, meal=2))
    errands = [a.business for a in at_smiddy if isinstance(a, BusinessOnly)]
    assert {b.meal for b in errands if b.meal} == set(range(1, 11))  # the bag holds 12: 10 more
    assert max(b.sell for b in errands) == rules.LISTED_SALE and any(b.shoe for b in errands)
    assert DayOrder("REST", Business(roof=True)) in at_smiddy and DayOrder("EASY", Business(roof=True)) not in at_smiddy
    assert at_smiddy[-1] == TurnForHome()
    on_the_road = rules.legal_actions(Drove(mile=40, day=4, tape=3))
    assert [a.order for a in on_the_road if isinstance(a, DayOrder)] == ["EASY", "STEADY", "PUSH", "REST"]


def test_a_reply_carries_the_action_the_rules_ran_and_their_events() -> None:
    from cardgm.games.becalmed import rules

    card = load_card("becalmed")
    run = Run(games.make_game(card))
    run.start()
    before = run.state
    reply = run.reply("FULL, SAIL, ROW")
    action = rules.Calls("FULL", "SAIL", "ROW", 1)
    assert reply.action == action
    _, events = rules.apply(replace(before, turn=before.turn + 1), action, card.tape)
    assert reply.events == events and reply.events
    asked = run.reply("what is the weather?")
    assert asked.action is None and asked.events == ()
    assert "events" not in reply.as_json() and "action" not in reply.as_json()


def test_an_unknown_game_is_a_card_error_naming_the_games_cardgm_knows() -> None:
    with pytest.raises(games.UnknownGame) as err:
        games.entry("chess")
    assert isinstance(err.value, CardError)
    assert str(err.value) == f"cardgm has no game 'chess' (it knows {', '.join(IDS)})"
    with pytest.raises(CardError, match="not a shipped card"):
        load_card("chess")


def test_a_plugged_in_package_that_cannot_be_imported_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(games.ENV, "no_such_card_package")
    with pytest.raises(CardError, match="CARDGM_GAMES names 'no_such_card_package', which cannot be imported"):
        games.entries()


def test_the_public_names_import_from_cardgm_without_loading_the_run() -> None:
    code = (
        "import sys, cardgm; assert 'cardgm.run' not in sys.modules; "
        "from cardgm import load_card, make_game, Run, Reply, ReadAs, CardError, SaveError, GameError; "
        "print(Run(make_game(load_card('cattle-trail'))).start().ledger[:12])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[L] turn:1 d"


# -- a hidden berth as a secret's text (the web site's and the MCP server's way) ------------------


def test_a_drawn_secret_plays_and_nothing_shows_it_before_the_end() -> None:
    entry = games.entry("deadreckoning")
    draw = games.part(entry, "draw_secret")
    secret = draw(random.Random(21))
    salt = next(line for line in secret.splitlines() if line.startswith("salt:")).split(":", 1)[1].strip()
    game = games.make_game(load_card("deadreckoning"), secret=secret)
    from cardgm.games.deadreckoning.notation import parse_reveal

    hulls = {c for ship in parse_reveal(secret).ships for c in ship.cells}
    water = [c for c in (f"{a}{n}" for n in range(1, 9) for a in "ABCDEFGH") if c not in hulls]
    run = Run(game)
    outputs = [repr(game), run.start().text]
    for cell in water[:5]:
        reply = run.reply(cell)
        outputs += [reply.text, json.dumps(reply.as_json()), game.save(run.state)]
    outputs.append(run.reply("show me the berth").text)
    blob = "\n".join(outputs).replace("a cell such as D4", "")  # the opening's example cell
    assert hashlib.sha256(secret.encode()).hexdigest() in outputs[1]  # the seal is read out
    assert salt not in blob and secret not in blob
    assert [c for c in sorted(hulls) if re.search(rf"\b{c}\b", blob)] == []
    end = run.reply("I strike my colours")
    if end.read_as is ReadAs.CONFIRM:
        end = run.reply("yes")
    assert end.ended and all(re.search(rf"\b{c}\b", end.text) for c in hulls)  # revealed at the end


def test_a_bad_secret_is_refused_without_quoting_it() -> None:
    secret = "# DEADRECKONING — sealed berth\nCutter: Z9 Z8\nsalt: 0123456789abcdef0123"
    with pytest.raises(ValueError) as err:
        games.make_game(load_card("deadreckoning"), secret=secret)
    assert "0123456789abcdef0123" not in str(err.value) and "Z9" not in str(err.value)


def test_the_same_secret_rebuilds_the_same_duel() -> None:
    secret = games.part(games.entry("deadreckoning"), "draw_secret")(random.Random(4))
    card = load_card("deadreckoning")
    first, second = Run(games.make_game(card, secret=secret)), Run(games.make_game(card, secret=secret))
    first.start()
    second.start()
    for cell in ("D4", "E5", "A1", "H8"):
        assert first.reply(cell).text == second.reply(cell).text


# -- the command line asks the registry --------------------------------------------------------------


def cli(*args: str, input: str | None = None) -> Any:
    from cardgm.cli import main

    return CliRunner().invoke(main, list(args), input=input)


def test_an_option_of_another_game_is_refused_in_one_line() -> None:
    result = cli("play", "deadreckoning", "--stop-day", "3", input="")
    assert result.exit_code == 2 and "--stop-day is for BECALMED" in result.output


def test_a_games_own_option_reaches_its_game_and_its_log(tmp_path: Path) -> None:
    log = tmp_path / "run.jsonl"
    result = cli("play", "becalmed", "--stop-day", "1", "--log", str(log), input="FULL, SAIL, ROW\n")
    assert result.exit_code == 0 and "end:given-over" in result.output
    assert json.loads(log.read_text().splitlines()[0])["options"] == {"stop_day": 1}
    assert cli("verify", "run", str(log)).exit_code == 0


def test_plots_without_matplotlib_say_so_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if the plot extra were not installed
    for args in (("par", "becalmed", "-n", "2", "--random-runs", "2"), ("analyze", "deadreckoning")):
        result = cli(*args)
        assert result.exit_code == 2, result.output
        assert "pip install 'cardgm[plot]'" in result.output and "Traceback" not in result.output
    assert cli("par", "becalmed", "-n", "2", "--random-runs", "2", "--no-plot").exit_code == 0

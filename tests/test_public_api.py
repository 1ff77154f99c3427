"""The names `cardgm` offers at its top (`from cardgm import load_card, make_game, Run, Reply,
ReadAs` and the error classes) each import and do their part in one reply, in a fresh process;
and `import cardgm` stays quick: it loads nothing of the front ends, the plots or the tools."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import cardgm

ROOT = Path(__file__).resolve().parent.parent
# What no program that only plays a card should pay for at import: the site, the database, the
# MCP SDK, the plots, numpy, the CLI; and of cardgm itself, nothing but its top module.
HEAVY = ("matplotlib", "fastapi", "starlette", "sqlalchemy", "mcp", "numpy", "gymnasium", "click", "pydantic")


def _python(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_import_cardgm_loads_nothing_heavy() -> None:
    loaded = json.loads(
        _python(
            """
            import json, sys
            before = set(sys.modules)
            import cardgm
            print(json.dumps(sorted(set(sys.modules) - before)))
            """
        )
    )
    assert [m for m in loaded if m.startswith("cardgm")] == ["cardgm"], loaded
    assert not [m for m in loaded if m.split(".")[0] in HEAVY], loaded


def test_each_public_name_imports_and_plays_one_reply() -> None:
    out = json.loads(
        _python(
            """
            import dataclasses, json, sys
            from cardgm import load_card, make_game, Run, Reply, ReadAs
            from cardgm import CardError, GameError, SaveError, UnknownGame
            run = Run(make_game(load_card("becalmed")))
            opening = run.start()
            reply = run.reply("FULL, SAIL, ROW")
            assert isinstance(reply, Reply) and reply.read_as is ReadAs.MOVE and reply.events
            errors = {}
            try:
                load_card("chess")
            except CardError as exc:
                errors["CardError"] = str(exc)
            try:
                make_game(dataclasses.replace(load_card("becalmed"), game_id="chess"))
            except UnknownGame as exc:
                errors["UnknownGame"] = isinstance(exc, CardError)
            try:
                run.game.apply(run.state, "not an action")
            except GameError as exc:
                errors["GameError"] = str(exc)
            try:
                make_game(load_card("becalmed")).load("-----BEGIN AIGC SAVE-----\\nday:99\\n-----END AIGC SAVE-----")
            except SaveError as exc:
                errors["SaveError"] = str(exc)
            heavy = sorted(m for m in sys.modules if m.split(".")[0] in HEAVY)
            print(json.dumps({"opening": opening.ledger, "ledger": reply.ledger, "turn": reply.turn, "errors": errors, "heavy": heavy}))
            """.replace("HEAVY)", repr(HEAVY) + ")")
        )
    )
    assert out["opening"].startswith("[L] day 1/14") and out["ledger"].startswith("[L] day 2/14") and out["turn"] == 2
    assert out["errors"]["CardError"].startswith("chess: no such card file, and not a shipped card (becalmed, ")
    assert out["errors"]["UnknownGame"] is True  # a CardError too, so one except clause serves
    assert out["errors"]["GameError"] == "not a BECALMED action: 'not an action'"
    assert out["errors"]["SaveError"]
    assert out["heavy"] == [], out["heavy"]  # playing a card through the public names loads no front end


def test_every_name_in___all___is_there() -> None:
    for name in cardgm.__all__:
        assert getattr(cardgm, name) is not None, name
    assert sorted(dir(cardgm)) == sorted(cardgm.__all__)

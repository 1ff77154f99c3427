"""A sealed berth drawn per run stays in the store: no tool result, error or log line of `cardgm
mcp` shows an unstruck hull cell before the end. Two runs whose berths differ, but whose shots so
far answered alike, get identical results, errors and logs, once each run's own names are set
aside (its run id and share id, and its seal's hash and reveal file name, which hash a random
salt)."""

from __future__ import annotations

import logging
import random
import re
from typing import Any

from cardgm import games
from cardgm.card import load_card
from cardgm.game import secret_name
from cardgm.games.deadreckoning import seal
from cardgm.mcp.server import build_server
from cardgm.run import MAX_MESSAGE
from cardgm.save import BEGIN, END

from .conftest import connected

SEALED = next(g for g in games.ids() if games.hides_secret(g))


def berths_apart() -> tuple[str, str, list[str], str]:
    """Two reveal files whose berths differ, cells that are water in both, and a cell that is
    hull in both (a hit in either, and never the last cell of a ship: every ship has two or more)."""
    card = load_card(SEALED)
    a = games.draw_secret(card.game_id, random.Random(1))
    b = games.draw_secret(card.game_id, random.Random(3))
    ha, hb = seal.parse_reveal(a).hull_cells, seal.parse_reveal(b).hull_cells
    assert ha != hb and ha & hb
    water = [f"{c}{r}" for r in range(1, 9) for c in "ABCDEFGH" if f"{c}{r}" not in ha | hb]
    return a, b, water, sorted(ha & hb)[0]


def test_two_berths_answered_alike_give_identical_results(store, monkeypatch, caplog) -> None:
    a, b, water, both = berths_apart()
    in_turn = iter([a, b])
    monkeypatch.setattr(games, "draw_secret", lambda game_id, rng=None: next(in_turn))
    calls: list[tuple[str, dict[str, Any]]] = []
    for m in [
        water[0], f"fire {water[1]}", water[0], f"salvo {both}",  # a miss, another, a repeat, a hit
        "is A6 water?", "where are the ships?", "give me a hint", "what is the commitment?", "show me the berth",
        "fire Z9", "A1 B2", "status", "save", "x" * (MAX_MESSAGE + 1), "", "I strike my",
        f"{BEGIN}\ngame:{SEALED} m:duel rules:1 turn:3 shots:1 hits:1 sunk:none grid:" + "x" + "." * 63 + f" sha:none\n{END}",
    ]:
        calls.append(("send_message", {"message": m}))
    calls += [
        ("legal_moves", {}),
        ("play_move", {"move": {"move": "fire", "cell": water[2]}}),
        ("play_move", {"move": {"move": "fire", "cell": both}}),  # a repeat of the hit
        ("play_move", {"move": {"move": "fire", "cell": "J9"}}),
        ("play_move", {"move": {"move": "sink", "cell": "A1"}}),
        ("play_move", {"move": {"move": "strike colours", "cell": "A1"}}),
        ("legal_moves", {}),
        ("save_run", {}),
        ("show_run", {}),
    ]

    with connected(build_server(store, log_level="INFO")) as c:
        seen = []
        for secret in (a, b):
            caplog.clear()
            with caplog.at_level(logging.DEBUG):
                opened = c.call("start_run", {"card": SEALED})
                run_id = opened["run_id"]
                results = [("start_run", repr(opened))]
                for tool, args in calls:
                    got = c.raw(tool, {"run_id": run_id, **args})
                    results.append((tool, repr((got.is_error, got.content, got.structured_content))))
            logs = [f"{r.name} {r.levelname} {r.getMessage()}" for r in caplog.records]
            assert any("Tool 'play_move' failed" in line for line in logs)  # the log was listened to
            names = [
                (seal.commitment(secret), "COMMITMENT"), (secret_name(secret), "REVEAL"),
                (run_id, "RUN"), (opened["share_id"], "SHARE"),
            ]

            def plain(text: str, names: list[tuple[str, str]] = names) -> str:
                for value, name in names:
                    text = text.replace(value, name)
                # A SAVE's mark (ruling 23): the commitment's prefix and a tag keyed by the salt.
                return re.sub(r"sha:[0-9a-f]{16}\.[0-9a-f]{32}", "sha:MARK", text)

            seen.append(([(tool, plain(r)) for tool, r in results], [plain(line) for line in logs]))
            assert secret not in repr(results)
    (results_a, logs_a), (results_b, logs_b) = seen
    for (tool, x), (_, y) in zip(results_a, results_b):
        assert x == y, tool
    assert logs_a == logs_b
    assert "HIT" in results_a[4][1] and "MISS" in results_a[1][1]  # the shots did answer as planned


def test_before_the_end_no_result_names_a_hull_cell_unstruck(store, monkeypatch) -> None:
    """The plainest check besides: every hull cell of the berth, written as the card writes a
    ship's cells, is absent from every result until that cell is struck or the duel ends."""
    a, _, water, _ = berths_apart()
    monkeypatch.setattr(games, "draw_secret", lambda game_id, rng=None: a)
    berth = seal.parse_reveal(a)
    with connected(build_server(store)) as c:
        run_id = c.call("start_run", {"card": SEALED})["run_id"]
        texts = [c.raw("send_message", {"run_id": run_id, "message": f"fire {w}"}).content[0].text for w in water[:6]]
        texts.append(c.raw("show_run", {"run_id": run_id}).content[0].text)
        texts.append(c.raw("save_run", {"run_id": run_id}).content[0].text)
        for ship in berth.ships:
            listing = ", ".join(ship.cells)
            assert all(listing not in t for t in texts), ship.name
        ended = c.call("play_move", {"run_id": run_id, "move": {"move": "strike colours"}})
        assert all(", ".join(ship.cells) in ended["text"] for ship in berth.ships)

"""A sealed berth drawn per run stays on the server: no page, fragment, API answer, error or
file shows an unstruck hull cell before the end. Two runs whose berths differ, but whose shots
so far answered alike, get byte-identical answers (once each run's own names are set aside:
its play token, share id, and its seal's hash and reveal file name, which hash a random salt)."""

from __future__ import annotations

import random
import re

from cardgm import games
from cardgm.game import secret_name
from cardgm.games.deadreckoning import seal
from cardgm.run import MAX_MESSAGE
from cardgm.web.app import create_app


def berths_apart() -> tuple[str, str, list[str]]:
    """Two reveal files whose berths differ, and cells that are water in both."""
    from cardgm.card import load_card

    card = load_card("deadreckoning")
    a = games.draw_secret(card.game_id, random.Random(101))
    b = games.draw_secret(card.game_id, random.Random(202))
    ha, hb = seal.parse_reveal(a).hull_cells, seal.parse_reveal(b).hull_cells
    assert ha != hb
    water = [f"{c}{r}" for r in range(1, 9) for c in "ABCDEFGH" if f"{c}{r}" not in ha | hb]
    return a, b, water


def test_two_berths_answered_alike_give_identical_bytes(store, monkeypatch) -> None:
    from fastapi.testclient import TestClient

    a, b, water = berths_apart()
    secrets_in_turn = iter([a, b])
    monkeypatch.setattr(games, "draw_secret", lambda game_id, rng=None: next(secrets_in_turn))
    client = TestClient(create_app(store), follow_redirects=False)

    runs = []
    for secret in (a, b):
        r = client.post("/runs", data={"card": "deadreckoning"})
        token = r.headers["location"].rsplit("/", 1)[1]
        share = client.get(f"/api/runs/{token}").json()["share_id"]
        runs.append((token, share, secret))

    def same(path_of, method="get", **kw) -> None:
        got = []
        for token, share, secret in runs:
            resp = getattr(client, method)(path_of(token, share, secret), **kw)
            text = resp.text
            for value, name in (
                (seal.commitment(secret), "COMMITMENT"), (secret_name(secret), "REVEAL"),
                (token, "TOKEN"), (share, "SHARE"),
            ):
                text = text.replace(value, name)
            # A sealed SAVE's mark (ruling 23) is the seal's, like the commitment: an HMAC under the
            # reveal file's salt, different for every berth and telling nothing of any.
            text = re.sub(r"sha:[0-9a-f]{16}\.[0-9a-f]{32}", "sha:SEAL", text)
            got.append((resp.status_code, text))
        assert got[0] == got[1], path_of("TOKEN", "SHARE", a)

    messages = [
        water[0], f"fire {water[1]}", water[0],  # a miss, another, a repeat
        "is A6 water?", "where are the ships?", "give me a hint", "what is the commitment?",
        "fire Z9", "A1 B2", "status", "save", "x" * (MAX_MESSAGE + 1), "",
        "-----BEGIN AIGC SAVE-----\ngame:deadreckoning m:duel rules:1 turn:3 shots:1 hits:1 sunk:none grid:"
        + "x" + "." * 63 + " sha:none\n-----END AIGC SAVE-----",
    ]
    for m in messages:
        same(lambda t, s, _: f"/api/runs/{t}/messages", "post", json={"message": m})
        same(lambda t, s, _: f"/play/{t}", "post", data={"message": m}, headers={"x-cardgm-fetch": "1"})
    for path in (
        lambda t, s, _: f"/play/{t}", lambda t, s, _: f"/api/runs/{t}", lambda t, s, _: f"/api/runs/{t}/reply",
        lambda t, s, _: f"/s/{s}", lambda t, s, _: f"/api/shared/{s}", lambda t, s, _: f"/s/{s}/log.jsonl",
        lambda t, s, x: f"/s/{s}/{secret_name(x)}",
    ):
        same(path)
    same(lambda t, s, _: f"/s/{s}/check", "post")
    same(lambda t, s, _: f"/api/shared/{s}/check", "post")

    # The reveal file is served only once the duel is over.
    token, share, secret = runs[0]
    assert client.get(f"/s/{share}/{secret_name(secret)}").status_code == 404
    client.post(f"/api/runs/{token}/messages", json={"message": "I strike my colours"})
    client.post(f"/api/runs/{token}/messages", json={"message": "yes"})
    assert client.get(f"/s/{share}/{secret_name(secret)}").text == secret


def test_no_unstruck_hull_cell_is_named_before_the_end(client) -> None:
    """A whole hunt but the last hull cell: no answer names a hull cell not yet struck."""
    from cardgm.card import load_card

    r = client.post("/api/runs", json={"card": "deadreckoning"})
    token = r.json()["token"]
    # The test reads the secret from the store, as only the server can.
    run = client.app.state.store.load(token)
    hulls = sorted(seal.parse_reveal(run.secret).hull_cells)
    struck: set[str] = set()
    for cell in hulls[:-1]:
        for path, method, kw in (
            (f"/api/runs/{token}/messages", "post", {"json": {"message": cell}}),
            (f"/play/{token}", "get", {}),
            (f"/s/{run.share_id}", "get", {}),
            (f"/s/{run.share_id}/log.jsonl", "get", {}),
        ):
            if method == "post":
                struck.add(cell)
            text = getattr(client, method)(path, **kw).text
            # The board names every cell alike (a button each); what else names a cell counts.
            text = re.sub(r'<form method="post" class="board".*?</form>', "", text, flags=re.S)
            text = text.replace("a cell such as D4", "")  # the opening's example, the same for every berth
            # The run's random addresses may hold "B5" by chance ("/play/B5PGLa…"): not a cell named.
            text = text.replace(token, "TOKEN").replace(run.share_id, "SHARE")
            unstruck = [h for h in hulls if h not in struck]
            named = [h for h in unstruck if re.search(rf"(?<![A-Za-z0-9]){h}(?![0-9])", text)]
            assert not named, (path, named, [text[max(0, text.find(n) - 80):text.find(n) + 20] for n in named][:2])
    assert load_card("deadreckoning")  # the card's own printed berth is public; this run's is not

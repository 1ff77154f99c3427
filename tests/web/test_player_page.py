"""The page a player reads (without a browser; tests/web/test_browser.py drives one): each card's
status panel from its fields, the board drawn once, prose apart from the LEDGER, this site's own
pages at the end, a share page folded, /verify explaining a printed tape's misprint."""

from __future__ import annotations

import random
import re

from cardgm import games
from cardgm.card import load_card
from cardgm.games.deadreckoning import seal


def start(client, card: str) -> str:
    r = client.post("/runs", data={"card": card})
    assert r.status_code == 303
    return r.headers["location"].rsplit("/", 1)[1]


def part(page: str, label: str) -> str:
    """The HTML of one panel part, by its heading."""
    m = re.search(r'<div class="part part-\w+">\s*<h3>' + re.escape(label) + r"(.*?)</div>\n", page, re.S)
    assert m, f"no panel part {label!r}"
    return m.group(1)


def test_becalmeds_panel_names_the_souls_and_marks_the_lane(client) -> None:
    token = start(client, "becalmed")
    client.post(f"/play/{token}", data={"message": "FULL, SAIL, ROW"})
    state = client.get(f"/api/runs/{token}/reply").json()["state"]
    page = client.get(f"/play/{token}").text
    assert f"{state['water']} measures of water" in part(page, "The breaker")
    assert f'aria-valuenow="{state["thirst"]}"' in part(page, "Thirst") and 'aria-valuemax="7"' in part(page, "Thirst")
    souls = part(page, "Five souls")
    assert [n for n in ("Pruett", "Carrick", "Ockle", "Nance", "you") if n in souls] == ["Pruett", "Carrick", "Ockle", "Nance", "you"]
    westing = part(page, "Westing")
    assert f"{state['westing']} of 30 leagues" in westing and "the lane: 14–24" in westing and 'class="band' in westing


def test_drovers_panel_walks_the_road_with_its_landmarks(client) -> None:
    token = start(client, "cattle-trail")
    client.post(f"/play/{token}", data={"message": "STEADY"})
    state = client.get(f"/api/runs/{token}/reply").json()["state"]
    page = client.get(f"/play/{token}").text
    road = part(page, "The road")
    assert f"mile {state['mile']} of 179" in road
    for landmark in ("the township", "the Kyle", "the ford", "the bridge", "the tryst ground"):
        assert landmark in road
    assert f"{state['head']} head" in page and f"{state['silver']} silver" in page
    assert all(name in part(page, "The crew") for name in state["crew"])


def test_a_duel_shows_its_board_once_and_its_fleet(client) -> None:
    token = start(client, "deadreckoning")
    store = client.app.state.store
    hulls = sorted(seal.parse_reveal(store.load(token).secret).hull_cells)
    for cell in ("A1", hulls[0]):
        client.post(f"/play/{token}", data={"message": cell})
    page = client.get(f"/play/{token}").text
    assert page.count('role="grid"') == 1 and "  A B C D E F G H" not in page  # no ASCII grid in the replies
    assert "0 sunk, 4 afloat" in part(page, "The fleet")
    api = client.get(f"/api/runs/{token}/reply").json()["text"]
    assert "  A B C D E F G H" in api  # the API keeps the reply as the card prints it


def test_prose_is_apart_from_the_ledger_and_the_end_points_here(client) -> None:
    token = start(client, "becalmed")
    client.post(f"/play/{token}", data={"message": "let her drive"})
    client.post(f"/play/{token}", data={"message": "yes"})
    run = client.get(f"/api/runs/{token}").json()
    assert run["status"] == "ended"
    page = client.get(f"/play/{token}").text
    last = page.split(f'id="r{len(run["replies"]) - 1}"', 1)[1]
    assert '<p class="ledger-line"><span class="label">LEDGER</span>' in last
    assert 'href="/verify"' in last and 'href="/epilogue"' in last and f'href="/s/{run["share_id"]}"' in last
    assert "aigamecards.com" not in last.split('<p class="ledger-line">')[0]
    assert "aigamecards.com" in run["replies"][-1]["text"] or "aigamecards.com" in run["replies"][-2]["text"]


def test_a_share_page_folds_the_replies_between_the_first_and_the_last(client) -> None:
    token = start(client, "deadreckoning")
    for cell in ("A1", "B1", "C1", "D1", "E1"):
        client.post(f"/play/{token}", data={"message": cell})
    share_id = client.get(f"/api/runs/{token}").json()["share_id"]
    page = client.get(f"/s/{share_id}").text
    opened, folded = page.split('<details class="folded">', 1)
    assert 'id="r0"' in opened and "4 more replies, turn 2 to turn 5" in folded
    inside, after = folded.split("</details>", 1)
    assert all(f'id="r{i}"' in inside for i in range(1, 5)) and 'id="r5"' in after
    assert 'value="fire' not in page  # the share page's board sends nothing


def test_verify_explains_a_printed_tape_that_differs_from_its_seed(client) -> None:
    from cardgm.tape import compare, derive

    misprinted = [c for c in (load_card(n) for n in games.ids()) if c.tape and compare(c.tape, derive(c.seed, len(c.tape)))]
    assert misprinted, "no shipped card's tape differs from its seed"
    for card in misprinted:
        n = len(compare(card.tape, derive(card.seed, len(card.tape))))
        page = client.post("/verify/tape", data={"seed": card.seed}).text
        assert f"printed tape differs from its seed at {n} positions" in page and "misprint" in page
        assert "Something does NOT match" not in page
    clean = next((c for c in (load_card(n) for n in games.ids()) if c.tape and c not in misprinted), None)
    if clean is not None:
        assert "misprint" not in client.post("/verify/tape", data={"seed": clean.seed}).text
    assert "misprint" not in client.post("/verify/tape", data={"seed": f"nothing:{random.Random(1).random()}"}).text

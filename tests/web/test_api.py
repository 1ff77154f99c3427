"""The JSON API: create a run, send messages, read the reply objects `--json` prints."""

from __future__ import annotations

import json

from click.testing import CliRunner

from cardgm import games
from cardgm.cli import main
from cardgm.run import MAX_MESSAGE

ORDERS = ["FULL, SAIL, ROW", "short ration, awning up, watch tonight", "save"]


def create(client, **body):
    r = client.post("/api/runs", json={"card": "becalmed", **body})
    assert r.status_code == 201, r.text
    return r.json()


def test_the_reply_objects_are_what_play_json_prints(client) -> None:
    new = create(client)
    replies = [new["reply"]] + [client.post(f"/api/runs/{new['token']}/messages", json={"message": m}).json() for m in ORDERS]
    cli = CliRunner().invoke(main, ["play", "becalmed", "--json"], input="\n".join(ORDERS) + "\n")
    assert replies == [json.loads(line) for line in cli.output.splitlines()]


def test_a_run_read_back_and_its_last_reply(client) -> None:
    new = create(client, name="Bligh")
    sent = client.post(f"/api/runs/{new['token']}/messages", json={"message": "FULL, SAIL, ROW"}).json()
    run = client.get(f"/api/runs/{new['token']}").json()
    assert run["status"] == "playing" and run["turn"] == 2 and run["name"] == "Bligh"
    assert run["replies"][-1] == sent and run["ledger"] == sent["ledger"]
    assert client.get(f"/api/runs/{new['token']}/reply").json() == sent
    assert run["share_url"].endswith(f"/s/{new['share_id']}")


def test_the_share_id_reads_but_cannot_play(client) -> None:
    new = create(client)
    shared = client.get(f"/api/shared/{new['share_id']}")
    assert shared.status_code == 200 and "token" not in shared.json()
    assert client.post(f"/api/runs/{new['share_id']}/messages", json={"message": "FULL, SAIL, ROW"}).status_code == 404
    assert client.post(f"/play/{new['share_id']}", data={"message": "FULL, SAIL, ROW"}).status_code == 404
    assert client.get(f"/api/runs/{new['token']}").json()["turn"] == 1


def test_errors_are_one_line(client) -> None:
    assert client.post("/api/runs", json={"card": "chess"}).json() == {
        "detail": "no shipped card is called 'chess'; the cards are " + ", ".join(games.ids())  # the shipped three first
    }
    assert ", ".join(games.ids()).startswith("becalmed, cattle-trail, deadreckoning")
    r = client.post("/api/runs", json={})
    assert r.status_code == 422 and r.json() == {"detail": "card: Field required"}
    assert client.get("/api/runs/nope").status_code == 404
    bad = client.post("/api/runs", json={"card": "becalmed", "options": {"stop_day": 99}})
    assert bad.status_code == 422 and "stop_day" in bad.json()["detail"]
    odd = client.post("/api/runs", json={"card": "becalmed", "options": {"colour": "red"}})
    assert odd.status_code == 422 and "colour" in odd.json()["detail"]


def test_a_body_that_is_not_a_json_object_is_a_documented_400(client) -> None:
    """As the schema says; and a curl without its content-type header is told what to send."""
    hint = "a JSON object, with the header content-type: application/json"
    not_json = client.post("/api/runs", content=b"card=becalmed", headers={"content-type": "application/json"})
    assert not_json.status_code == 400 and hint in not_json.json()["detail"]
    for body in ({"content": b'{"card": "becalmed"}'}, {"data": {"card": "becalmed"}}, {"json": ["becalmed"]}):
        r = client.post("/api/runs", **body)
        assert r.status_code == 400 and r.json() == {"detail": f"the request body must be {hint}"}
    assert client.app.openapi()["paths"]["/api/runs"]["post"]["responses"]["400"]


def test_a_card_is_named_as_a_person_types_it(client) -> None:
    for name in ("BECALMED", " Becalmed ", "becalmed.md"):
        r = client.post("/api/runs", json={"card": name})
        assert r.status_code == 201 and r.json()["reply"]["ledger"].startswith("[L] day 1/14")
    assert client.post("/runs", data={"card": "Deadreckoning"}).status_code == 303


def test_an_option_naming_a_file_is_refused(client) -> None:
    r = client.post("/api/runs", json={"card": "deadreckoning", "options": {"sealed_file": "/etc/passwd"}})
    assert r.status_code == 422 and "names a file" in r.json()["detail"]


def test_an_option_setting_the_hidden_setup_is_refused(client) -> None:
    # make_game(card, secret=TEXT) plays a berth the caller knows: a leaderboard run never does.
    from cardgm import games

    known = games.draw_secret("deadreckoning")
    for save in (None, "-----BEGIN AIGC SAVE-----\ngame:deadreckoning\n-----END AIGC SAVE-----"):
        r = client.post("/api/runs", json={"card": "deadreckoning", "options": {"secret": known}, "save": save})
        assert r.status_code == 422 and "hidden setup" in r.json()["detail"]


def test_options_reach_the_game(client) -> None:
    new = create(client, options={"deaths": "plain", "stop_day": 4})
    assert new["reply"]["state"]["limits"] == {"deaths": "plain", "stop_day": 4}


def test_messages_over_the_limit_are_refused_and_not_kept(client) -> None:
    new = create(client)
    r = client.post(f"/api/runs/{new['token']}/messages", json={"message": "x" * (MAX_MESSAGE + 1)})
    assert r.status_code == 422 and "4,000" in r.json()["detail"]
    assert client.get(f"/api/runs/{new['token']}").json()["turn"] == 1


def test_a_run_resumed_from_a_save_block(client) -> None:
    new = create(client)
    for m in ORDERS:
        last = client.post(f"/api/runs/{new['token']}/messages", json={"message": m}).json()
    again = create(client, save=last["save"])
    assert again["reply"]["command"] == "resume" and again["reply"]["ledger"] == last["ledger"]
    broken = client.post("/api/runs", json={"card": "becalmed", "save": last["save"].replace("water:", "wine:")})
    assert broken.status_code == 422 and "cannot be resumed" in broken.json()["detail"]
    plain = client.post("/api/runs", json={"card": "becalmed", "save": "FULL, SAIL, ROW"})
    assert plain.status_code == 422 and "not a SAVE block" in plain.json()["detail"]


def test_a_finished_run_checks_by_replay(client) -> None:
    new = client.post("/api/runs", json={"card": "deadreckoning"}).json()
    token = new["token"]
    client.post(f"/api/runs/{token}/messages", json={"message": "I strike my colours"})
    end = client.post(f"/api/runs/{token}/messages", json={"message": "yes"}).json()
    assert end["ended"] and end["score"] == 0 and "berth" in end["state"]
    check = client.post(f"/api/shared/{new['share_id']}/check").json()
    assert check["ok"] is True and "RESULT matches exactly." in check["report"]


def test_the_cards(client) -> None:
    cards = client.get("/api/cards").json()
    assert [c["card"] for c in cards] == list(games.ids())  # the registry's order: the shipped cards, then any plugged in
    assert [c["card"] for c in cards][:3] == ["becalmed", "cattle-trail", "deadreckoning"]
    assert [c["sealed"] for c in cards] == [games.hides_secret(c["card"]) for c in cards]
    assert [c["sealed"] for c in cards][:3] == [False, False, True]


def test_the_schema_is_served_and_no_page_loads_from_another_host(client) -> None:
    schema = client.get("/openapi.json").json()
    assert {"/api/runs", "/api/runs/{token}/messages", "/api/runs/{token}/reply"} <= set(schema["paths"])
    assert client.get("/docs").status_code == 404  # Swagger UI would load from a CDN
    for path in ("/", "/verify", "/epilogue", "/resume"):
        page = client.get(path)
        assert "http://" not in page.text.replace("http://…", "") and "https://" not in page.text
        assert "default-src 'self'" in page.headers["content-security-policy"]
        assert page.headers["referrer-policy"] == "no-referrer"

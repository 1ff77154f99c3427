"""A message is played once, on the moment its page showed, on SQLite and on PostgreSQL.

A page's form carries `after`, the last reply it shows. Sent twice (a double click without the
script, a reload that posts again, a retry after a lost answer) the message is answered with
its first reply and not played again; sent from a page the run has moved on from (another tab)
it is not played at all, and the page says so and keeps the words."""

from __future__ import annotations

import threading

from fastapi.testclient import TestClient

from cardgm.store import Store

FETCH = {"x-cardgm-fetch": "1"}
ORDERS = "short, sail, row"


def _new(client: TestClient) -> str:
    return client.post("/runs", data={"card": "becalmed"}).headers["location"].rsplit("/", 1)[1]


def _sent(client: TestClient, token: str) -> list[str | None]:
    return [r["message"] for r in client.get(f"/api/runs/{token}").json()["replies"]]


def test_the_page_form_says_which_reply_it_follows(client: TestClient) -> None:
    token = _new(client)
    assert 'name="after" value="0"' in client.get(f"/play/{token}").text
    client.post(f"/play/{token}", data={"message": "what is the water?", "after": "0"})
    assert 'name="after" value="1"' in client.get(f"/play/{token}").text


def test_a_double_submit_is_played_once(client: TestClient) -> None:
    token = _new(client)
    first = client.post(f"/play/{token}", data={"message": ORDERS, "after": "0"})
    again = client.post(f"/play/{token}", data={"message": ORDERS, "after": "0"})
    assert first.status_code == again.status_code == 303
    assert again.headers["location"] == first.headers["location"] == f"/play/{token}#r1"
    assert _sent(client, token) == [None, ORDERS]


def test_a_double_submit_by_the_script_answers_with_the_first_reply(client: TestClient) -> None:
    token = _new(client)
    first = client.post(f"/play/{token}", data={"message": ORDERS, "after": "0"}, headers=FETCH)
    again = client.post(f"/play/{token}", data={"message": ORDERS, "after": "0"}, headers=FETCH)
    assert first.status_code == again.status_code == 200
    assert again.json()["entries"] == first.json()["entries"] and again.json()["after"] == 1
    assert _sent(client, token) == [None, ORDERS]


def test_a_page_the_run_moved_on_from_plays_nothing_and_keeps_the_words(client: TestClient) -> None:
    token = _new(client)
    client.post(f"/play/{token}", data={"message": ORDERS, "after": "0"})  # another tab
    stale = client.post(f"/play/{token}", data={"message": "full, awning, bail", "after": "0"})
    assert stale.status_code == 409
    assert "moved on" in stale.text and "full, awning, bail</textarea>" in stale.text
    assert 'name="after" value="1"' in stale.text  # sent again from this page, it is played
    late = client.post(f"/play/{token}", data={"message": "full, awning, bail", "after": "0"}, headers=FETCH)
    assert late.status_code == 409 and "moved on" in late.json()["detail"]
    assert 'id="r1"' in late.json()["entries"] and late.json()["after"] == 1  # what that page missed
    assert _sent(client, token) == [None, ORDERS]


def test_the_api_takes_after_for_a_retry(client: TestClient) -> None:
    token = client.post("/api/runs", json={"card": "becalmed"}).json()["token"]
    first = client.post(f"/api/runs/{token}/messages", json={"message": ORDERS, "after": 0})
    retry = client.post(f"/api/runs/{token}/messages", json={"message": ORDERS, "after": 0})
    assert first.status_code == retry.status_code == 200 and retry.json() == first.json()
    other = client.post(f"/api/runs/{token}/messages", json={"message": "full, awning, bail", "after": 0})
    assert other.status_code == 409 and "moved on" in other.json()["detail"]
    assert client.post(f"/api/runs/{token}/messages", json={"message": ORDERS}).status_code == 200  # no after: played
    assert _sent(client, token) == [None, ORDERS, ORDERS]


def test_two_sends_of_one_page_at_once_apply_once(store: Store) -> None:
    """Both sends race for the run's row lock; the second, reading the first's move under it,
    plays nothing (the same words) or is refused (other words)."""
    from cardgm.web.app import create_app

    app = create_app(store)
    with TestClient(app, follow_redirects=False) as c:
        token = _new(c)
    for words in ([ORDERS, ORDERS], [ORDERS, "full, awning, bail"]):
        with TestClient(app, follow_redirects=False) as c:
            after = str(len(_sent(c, token)) - 1)
        codes: list[int] = []
        barrier = threading.Barrier(len(words))
        threads = [threading.Thread(target=_send_at_once, args=(app, token, w, after, barrier, codes)) for w in words]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        with TestClient(app, follow_redirects=False) as c:
            sent = _sent(c, token)
        assert len(sent) == int(after) + 2, (words, codes)
        assert sorted(codes) == ([303, 303] if words[0] == words[1] else [303, 409])


def _send_at_once(app, token: str, message: str, after: str, barrier: threading.Barrier, codes: list[int]) -> None:
    with TestClient(app, follow_redirects=False) as mine:
        barrier.wait()
        codes.append(mine.post(f"/play/{token}", data={"message": message, "after": after}).status_code)

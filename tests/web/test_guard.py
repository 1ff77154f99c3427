"""Hostile requests get a 4xx with one line, on SQLite and on PostgreSQL: text no database can
keep, bodies over their cap (refused before they are read), posts from another site; and the
cookie is Secure behind HTTPS."""

from __future__ import annotations

import asyncio
import json
import re

import pytest

from cardgm.web.guard import MAX_BODY, Guard

BAD_TEXT = {"a lone surrogate": "FULL \ud800 SAIL", "a NUL": "FULL\x00, SAIL, ROW"}


def _one_line(r) -> str:
    detail = r.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail
    return detail


def post_json(client, url: str, body: dict):
    """As a program sends it: JSON's escapes ("\\ud800"), which any client may write."""
    return client.post(url, content=json.dumps(body), headers={"content-type": "application/json"})


def _new(client) -> str:
    r = client.post("/api/runs", json={"card": "becalmed"})
    assert r.status_code == 201
    return r.json()["token"]


@pytest.mark.parametrize("what", sorted(BAD_TEXT))
def test_text_no_store_can_keep_is_a_one_line_422_by_the_api(client, what: str) -> None:
    token = _new(client)
    bad = BAD_TEXT[what]
    r = post_json(client, f"/api/runs/{token}/messages", {"message": bad})
    assert r.status_code == 422 and what.split()[-1].lower() in _one_line(r).lower()
    r = post_json(client, "/api/runs", {"card": "becalmed", "save": "-----BEGIN AIGC SAVE-----\n" + bad})
    assert r.status_code == 422 and _one_line(r)
    r = post_json(client, "/api/runs", {"card": "becalmed", "name": bad})  # a name is cleaned, not refused
    assert r.status_code == 201
    assert client.get(f"/api/runs/{r.json()['token']}").json()["name"] in ("FULL SAIL", "FULL, SAIL, ROW")
    r = post_json(client, "/api/runs", {"card": "becalmed", "options": {"x": bad}})
    assert 400 <= r.status_code < 500 and _one_line(r)
    r = post_json(client, "/api/runs", {"card": bad})
    assert r.status_code == 404 and _one_line(r)
    assert client.get(f"/api/runs/{token}").json()["turn"] == 1  # nothing was kept


@pytest.mark.parametrize("what", sorted(BAD_TEXT))
def test_text_no_store_can_keep_is_a_422_by_the_forms(client, what: str) -> None:
    bad = BAD_TEXT[what]
    token = client.post("/runs", data={"card": "becalmed"}).headers["location"].rsplit("/", 1)[1]
    if "\x00" in bad:  # a form's bytes are UTF-8: a NUL reaches the site, a lone surrogate cannot
        r = client.post(f"/play/{token}", data={"message": bad})
        assert r.status_code == 422 and "NUL character" in r.text
        r = client.post("/resume", data={"save": "-----BEGIN AIGC SAVE-----\ngame:deadreckoning\n", "reveal": bad})
        assert r.status_code == 422
    r = client.post(f"/play/{token}", content=b"message=FULL%ED%A0%80", headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code in (303, 422)  # read as U+FFFD (a reply) or refused: never a 500
    assert client.get(f"/api/runs/{token}").status_code == 200


def test_a_body_over_the_cap_is_413_by_its_length_before_it_is_read() -> None:
    """Content-Length over the cap: answered 413 without one byte of the body being asked for."""
    reached: list[str] = []

    async def app(scope, receive, send) -> None:  # pragma: no cover - must not be reached
        reached.append("app")

    async def receive():
        reached.append("receive")
        return {"type": "http.request", "body": b"", "more_body": False}

    sent: list[dict] = []

    async def send(message) -> None:
        sent.append(message)

    scope = {
        "type": "http", "method": "POST", "path": "/api/runs",
        "headers": [(b"content-length", str(200 * 1024 * 1024).encode()), (b"content-type", b"application/json")],
    }
    asyncio.run(Guard(app)(scope, receive, send))
    assert reached == [] and sent[0]["status"] == 413
    assert b"64 kB" in sent[1]["body"] and b"\n" not in sent[1]["body"]


def test_a_body_over_the_cap_is_413_on_the_site(client) -> None:
    token = _new(client)
    big = '{"message": "' + "x" * (MAX_BODY + 10) + '"}'
    r = client.post(f"/api/runs/{token}/messages", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413 and _one_line(r)

    def chunks():  # no Content-Length: counted as it arrives, cut off at the cap
        yield b'{"message": "'
        for _ in range(20):
            yield b"x" * 8192
        yield b'"}'

    r = client.post(f"/api/runs/{token}/messages", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413
    r = client.post(f"/play/{token}", data={"message": "x" * (MAX_BODY + 10)})
    assert r.status_code == 413 and "64 kB" in r.text
    assert client.get(f"/api/runs/{token}").json()["turn"] == 1


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": "https://evil.example"}, {"sec-fetch-site": "cross-site"}, {"origin": "null"},
        {"sec-fetch-site": "same-site"}, {"origin": "null", "sec-fetch-site": "cross-site"},
    ],
)
def test_a_post_from_another_site_changes_nothing(client, headers: dict[str, str]) -> None:
    token = _new(client)
    store = client.app.state.store
    before = len(store.list_runs())
    r = client.post("/runs", data={"card": "becalmed"}, headers=headers)
    assert r.status_code == 403 and "set-cookie" not in r.headers and "another" in r.text
    r = client.post(f"/play/{token}", data={"message": "FULL, SAIL, ROW"}, headers=headers)
    assert r.status_code == 403
    r = client.post(f"/api/runs/{token}/messages", json={"message": "FULL, SAIL, ROW"}, headers=headers)
    assert r.status_code == 403 and _one_line(r)
    r = client.post("/resume", data={"address": token}, headers=headers)
    assert r.status_code == 403 and "set-cookie" not in r.headers
    assert len(store.list_runs()) == before and store.load(token).n_messages == 0


def test_this_sites_own_posts_and_programs_are_let_through(client) -> None:
    own = {"origin": "http://testserver", "sec-fetch-site": "same-origin"}
    r = client.post("/runs", data={"card": "becalmed"}, headers=own)
    assert r.status_code == 303
    # A form post from this site's own page: no-referrer makes the browser say Origin: null.
    r = client.post("/runs", data={"card": "becalmed"}, headers={"origin": "null", "sec-fetch-site": "same-origin"})
    assert r.status_code == 303
    assert client.post("/runs", data={"card": "becalmed"}, headers={"origin": "http://testserver"}).status_code == 303
    assert client.post("/runs", data={"card": "becalmed"}).status_code == 303  # curl: neither header
    assert client.post("/runs", data={"card": "becalmed"}, headers={"sec-fetch-site": "none"}).status_code == 303


def test_the_runs_cookie_is_secure_behind_https(store) -> None:
    from fastapi.testclient import TestClient

    from cardgm.web.app import create_app

    with TestClient(create_app(store), base_url="https://cardgm.example", follow_redirects=False) as https:
        cookie = https.post("/runs", data={"card": "becalmed"}).headers["set-cookie"]
        assert re.search(r";\s*secure", cookie, re.I)
    with TestClient(create_app(store), follow_redirects=False) as http:
        assert not re.search(r";\s*secure", http.post("/runs", data={"card": "becalmed"}).headers["set-cookie"], re.I)


def test_the_favicon(client) -> None:
    r = client.get("/favicon.ico")
    assert r.status_code == 200 and r.headers["content-type"] == "image/x-icon" and r.content[:4] == b"\x00\x00\x01\x00"
    assert '<link rel="icon" href="/favicon.ico"' in client.get("/").text

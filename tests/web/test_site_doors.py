"""Doors the site's QA pass found open, each held shut on SQLite and on PostgreSQL: nothing
names a file on this machine."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

LOG_HEAD = {"cardgm_log": 1, "game": "becalmed"}


def _one_line_page(r) -> str:
    assert r.headers["content-type"].startswith("text/html"), r.text[:200]
    assert "Traceback" not in r.text
    return r.text


@pytest.mark.parametrize("where", ["card", "header", "result"])
def test_verify_names_cards_never_files(client: TestClient, tmp_path, where: str) -> None:
    # Any path on the server was read as a card: a file's existence (and a card file's text) showed.
    secret = tmp_path / "private.md"
    secret.write_text("# PRIVATE\n\nRESULT: AIGC|private|x|v1.0.0|\n\n## A\n## B\n## C\n", encoding="utf-8")
    head = dict(LOG_HEAD, game=str(secret)) if where == "header" else LOG_HEAD
    form = {"log": json.dumps(head) + "\n"}
    if where == "card":
        form["card"] = str(secret)
    if where == "result":
        form["result"] = f"RESULT: AIGC|{secret}|x|v1.0.0|end:x"
    r = client.post("/verify/run", data=form)
    page = _one_line_page(r)
    assert "not a card this site plays" in page and "PRIVATE" not in page and "messages replayed" not in page
    missing = client.post("/verify/run", data={**form, **{k: v.replace("private", "absent") for k, v in form.items()}})
    assert "not a card this site plays" in missing.text  # the same answer whether or not it exists


def test_the_audit_names_cards_never_files(client: TestClient) -> None:
    r = client.post("/verify/audit", data={"transcript": "You: hi", "card": "/etc/hostname"})
    assert "not a card this site plays" in _one_line_page(r)
    ok = client.post("/verify/audit", data={"transcript": "You: hi", "card": "BECALMED"})
    assert "not a card this site plays" not in ok.text

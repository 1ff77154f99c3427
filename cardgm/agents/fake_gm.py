"""A fake chat endpoint that plays the game master with cardgm's own honest replies, in a chosen AI
style, planting errors at known rates: `cardgm bench-gm` is tested against it, and must measure
those rates back (and nothing from an honest one).

    python -m cardgm.agents.fake_gm --port 8011 --style chatty --rate ledger-format=0.1

It serves `POST …/chat/completions` on 127.0.0.1 (stdlib http.server). Each conversation is played
by the transcript generator's GM (cardgm/verify/generate/gm.py), found again by the messages so
far; each reply draws its planted error, if any, from a generator seeded by the conversation, so a
replay answers alike. `planted` counts what went in, by kind; `replies` the replies served.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import threading
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from cardgm import games
from cardgm.card import load_card
from cardgm.verify.audit import adapter_for, find_card
from cardgm.verify.generate.gm import GM


def _key(messages: list[dict[str, Any]]) -> str:
    return hashlib.sha256(json.dumps([(m.get("role"), m.get("content")) for m in messages]).encode("utf-8")).hexdigest()


class FakeGM:
    """The endpoint: `start()` gives its base URL, `stop()` ends it."""

    def __init__(
        self, style: str = "plain", rates: dict[str, float] | None = None, seed: int = 0, *,
        busy: int = 0, retry_after: str = "0",
    ) -> None:
        self.style, self.rates, self.seed = style, dict(rates or {}), seed
        self.busy, self.retry_after = busy, retry_after  # answer the first `busy` requests 429, Retry-After as given
        self.planted: Counter[str] = Counter()
        self.replies = 0
        self.requests = 0
        self._games: dict[str, GM] = {}
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None

    # -- one answer ------------------------------------------------------------------------------

    def answer(self, messages: list[dict[str, Any]]) -> str:
        with self._lock:
            key = _key(messages[:-1])
            draw = random.Random(f"{self.seed}:{_key(messages)}")
            plant = self._draw(draw)
            gm = self._games.pop(key, None)
            if gm is None:
                pasted = find_card(str(messages[-1].get("content", "")))
                if pasted is None or pasted.game_id is None:
                    return "Please paste a game card to begin."
                card = load_card(pasted.game_id)
                gm = GM(card, games.make_game(card), adapter_for(pasted.game_id), games.make_game, self.style, draw)
                text, planted = gm.opening(plant)
            else:
                gm.rng = draw
                text, planted = gm.answer(str(messages[-1].get("content", "")), plant)
            if planted and plant:
                self.planted[plant] += 1
            self.replies += 1
            self._games[_key([*messages, {"role": "assistant", "content": text}])] = gm
            return text

    def _draw(self, rng: random.Random) -> str | None:
        u, total = rng.random(), 0.0
        for kind, p in self.rates.items():
            total += p
            if u < total:
                return kind
        return None

    # -- the server --------------------------------------------------------------------------------

    def start(self, port: int = 0) -> str:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - the http.server name
                with fake._lock:
                    fake.requests += 1
                    busy = fake.requests <= fake.busy
                if busy:
                    self._send(429, {"error": {"message": "rate limited"}}, {"Retry-After": fake.retry_after})
                    return
                try:
                    body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)))
                    messages = [m for m in body["messages"] if m.get("role") != "system"]
                except (ValueError, KeyError, TypeError):
                    self._send(400, {"error": {"message": "not a chat completion request"}})
                    return
                text = fake.answer(messages)
                size = sum(len(str(m.get("content", ""))) for m in messages) // 4
                self._send(200, {
                    "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
                    "usage": {"prompt_tokens": size, "completion_tokens": len(text) // 4},
                })

            def _send(self, code: int, data: dict[str, Any], headers: dict[str, str] | None = None) -> None:
                raw = json.dumps(data).encode("utf-8")
                self.send_response(code)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(raw)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(raw)

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - quiet
                return

        self._server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None


def main() -> None:
    parser = argparse.ArgumentParser(description="A fake game-master endpoint: cardgm's honest replies, errors planted at known rates.")
    parser.add_argument("--port", type=int, default=8011)
    parser.add_argument("--style", default="plain")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rate", action="append", default=[], metavar="KIND=P", help="plant KIND in a share P of replies (repeatable)")
    args = parser.parse_args()
    rates = {}
    for item in args.rate:
        kind, _, p = item.partition("=")
        rates[kind] = float(p)
    fake = FakeGM(args.style, rates, args.seed)
    url = fake.start(args.port)
    print(f"fake game master at {url} (Ctrl-C to stop)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        fake.stop()


if __name__ == "__main__":  # pragma: no cover
    main()

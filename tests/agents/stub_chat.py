"""A small OpenAI-compatible chat endpoint on loopback, for tests of `cardgm eval`.

It answers `POST /v1/chat/completions` with `answer(messages)`, reports `usage`, and records
every request. Bounded: it serves from a daemon thread and shuts itself down after `lifetime`
seconds or `max_requests` requests, whichever comes first, and when its `with` block ends.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any

Answer = Callable[[list[dict[str, str]]], str]


class StubChat:
    def __init__(
        self,
        answer: Answer,
        *,
        key: str | None = None,
        status: int | None = None,
        lifetime: float = 30.0,
        max_requests: int = 2000,
        busy: int = 0,
        retry_after: str | None = None,
    ) -> None:
        self.answer = answer
        self.key = key
        self.status = status  # answer every request with this HTTP error instead
        self.lifetime = lifetime
        self.max_requests = max_requests
        self.busy = busy  # answer this many requests 429 first (with `retry_after` as Retry-After)
        self.retry_after = retry_after
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self._server: HTTPServer | None = None
        self._lock = threading.Lock()
        self._closed = False

    @property
    def url(self) -> str:
        assert self._server is not None
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def __enter__(self) -> StubChat:
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - the http.server name
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                stub.headers.append(dict(self.headers))
                if self.path != "/v1/chat/completions":
                    return self._send(404, {"error": {"message": f"no route {self.path}"}})
                if stub.key is not None and self.headers.get("Authorization") != f"Bearer {stub.key}":
                    return self._send(401, {"error": {"message": "Incorrect API key provided"}})
                if stub.status is not None:
                    return self._send(stub.status, {"error": {"message": "the stub is down"}})
                if stub.busy > 0:
                    stub.busy -= 1
                    return self._send(429, {"error": {"message": "slow down"}}, stub.retry_after)
                request = json.loads(body)
                stub.requests.append(request)
                content = stub.answer(request["messages"])
                prompt = sum(len(m["content"]) for m in request["messages"]) // 4
                self._send(200, {
                    "id": f"stub-{len(stub.requests)}",
                    "object": "chat.completion",
                    "model": request.get("model"),
                    "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
                    "usage": {"prompt_tokens": prompt, "completion_tokens": 3, "total_tokens": prompt + 3},
                })  # fmt: skip
                if len(stub.requests) >= stub.max_requests:
                    threading.Thread(target=stub.close, daemon=True).start()

            def _send(self, code: int, data: dict[str, Any], retry_after: str | None = None) -> None:
                raw = json.dumps(data).encode("utf-8")
                self.send_response(code)
                if retry_after is not None:
                    self.send_header("Retry-After", retry_after)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(raw)))
                self.end_headers()
                self.wfile.write(raw)

            def log_message(self, format: str, *args: Any) -> None:  # quiet
                pass

        self._server = HTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        self._timer = threading.Timer(self.lifetime, self.close)
        self._timer.daemon = True
        self._timer.start()
        return self

    def close(self) -> None:
        """Stop serving (once; from the timer, the request bound or the `with` block)."""
        with self._lock:
            if self._closed or self._server is None:
                return
            self._closed = True
        self._server.shutdown()
        self._server.server_close()

    def __exit__(self, *exc: object) -> None:
        self._timer.cancel()
        self.close()

"""What the site checks before a request reaches a page or the API: how big its body may be, and
whether a state-changing request came from this site's own pages.

- A body over its limit is a 413 with one line, decided from Content-Length before the body is
  read; a body sent without a length (chunked) is counted as it arrives and cut off at the limit.
- A POST (or any method that is not GET, HEAD or OPTIONS) that a browser says came from another
  site (`Sec-Fetch-Site: cross-site` or `same-site`), or, where it says nothing of that, whose
  `Origin` names another host (or is `null`), is a 403 with one line. A program (curl, the API's clients) sends neither header and is let through:
  it holds its run's token, which a page on another site does not.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

KB = 1024
MAX_BODY = 64 * KB  # a message (4,000 characters) and its JSON or form around it, many times over
MAX_RESUME_BODY = 192 * KB  # a SAVE block and a reveal file (up to 64 kB) pasted together
MAX_VERIFY_BODY = 4 * KB * KB  # a run log pasted whole: 200 replies with their text, and room
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def body_limit(path: str) -> int:
    if path.startswith("/verify/"):
        return MAX_VERIFY_BODY
    if path == "/resume":
        return MAX_RESUME_BODY
    return MAX_BODY


def _size(limit: int) -> str:
    return f"{limit // (KB * KB)} MB" if limit >= KB * KB else f"{limit // KB} kB"


class TooLarge(Exception):
    pass


class Guard:
    """ASGI middleware: the body cap and the same-origin check (see the module's docstring)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        if scope.get("method", "GET") not in SAFE_METHODS:
            why = cross_site(headers)
            if why is not None:
                await _refuse(send, 403, why, path)
                return
        limit = body_limit(path)
        length = headers.get("content-length")
        if length is not None:
            if not length.isdigit():
                await _refuse(send, 400, "the Content-Length header is not a number", path)
                return
            if int(length) > limit:
                await _refuse(send, 413, f"the request body is {int(length):,} bytes; this address takes up to {_size(limit)}", path)
                return
        seen = 0
        over = started = False
        too_large = f"the request body is over {_size(limit)}, which this address takes at most"

        async def counted() -> Message:
            nonlocal seen, over
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    over = True
                    raise TooLarge
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            if over:
                # The app may have caught the cut-off as a body it could not read: its answer is
                # replaced by the 413, and nothing else of it is sent.
                if message["type"] == "http.response.start" and not started:
                    started = True
                    await _refuse(send, 413, too_large, path)
                return
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except TooLarge:
            if not started:
                await _refuse(send, 413, too_large, path)


def cross_site(headers: dict[str, str]) -> str | None:
    """Why a state-changing request is refused as another site's, or None.

    A browser's `Sec-Fetch-Site` is the answer where it is sent (every current browser sends it).
    Without it, `Origin` must name this host. (The pages' `Referrer-Policy: no-referrer` makes a
    browser send `Origin: null` on this site's own form posts, so `null` is judged by
    `Sec-Fetch-Site` where there is one, and refused where there is none.)"""
    fetch_site = headers.get("sec-fetch-site")
    if fetch_site is not None:
        if fetch_site in ("same-origin", "none"):
            return None
        return f"a request from another site ({fetch_site}) cannot change anything here; use this site's own pages"
    origin = headers.get("origin")
    if origin is not None:
        host = headers.get("x-forwarded-host") or headers.get("host", "")
        if origin == "null" or urlsplit(origin).netloc.lower() != host.split(",")[0].strip().lower():
            return "a request from another origin cannot change anything here; use this site's own pages"
    return None


async def _refuse(send: Send, status: int, detail: str, path: str) -> None:
    """One line: JSON for the API, plain text for a page's form (the browser shows it as is)."""
    if path.startswith("/api/"):
        body, kind = json.dumps({"detail": detail}).encode(), b"application/json"
    else:
        body, kind = (detail[0].upper() + detail[1:] + ".\n").encode(), b"text/plain; charset=utf-8"
    await send({
        "type": "http.response.start",
        "status": status,
        "headers": [(b"content-type", kind), (b"content-length", str(len(body)).encode()), (b"connection", b"close")],
    })
    await send({"type": "http.response.body", "body": body})

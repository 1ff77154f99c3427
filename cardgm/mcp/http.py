"""The MCP server over streamable HTTP, for chat AIs that reach their tools over the network
(remote connectors): `cardgm mcp --http HOST:PORT` serves it alone, and `cardgm serve` serves the
same endpoint at `/mcp` beside the site, on the site's runs store.

    app = http_app(open_store(), token="s3cret")     # a Starlette app: POST /mcp, /mcp/<token>
    mount(fastapi_app, store, token=None)            # the same endpoint, on an existing app

Stateless: each request is answered on its own (the SDK's stateless mode, JSON responses), as the
site answers its pages; a run lives only in the store, so any worker or machine on the same
database answers any call.

Auth, when a token is set: the request carries `Authorization: Bearer <token>`, or names the token
as the last part of the address (`/mcp/<token>`) for a client that can only be given a URL. The
token is a capability, like a run's play address: whoever holds it may play. Anything else gets
401 with one line saying what to send, and nothing reaches the server.
"""

from __future__ import annotations

import hmac
import json
import os
import random
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from typing import Any

from starlette.applications import Starlette
from starlette.routing import Route

from cardgm.store import Store

__all__ = ["PATH", "TOKEN_ENV", "http_app", "mount"]

PATH = "/mcp"
TOKEN_ENV = "CARDGM_MCP_TOKEN"  # the token, when not given on the command line
LOOPBACK = ("127.0.0.1", "localhost", "::1")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class Gate:
    """The endpoint behind its token: a request with the token (header or last path part) goes
    through; one without it is answered 401 and never reaches the MCP server."""

    def __init__(self, app: ASGIApp, token: str | None) -> None:
        self.app = app
        self.token = token.encode("utf-8") if token else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and self.token is not None and not self._allowed(scope):
            why = f"this MCP endpoint needs its token: send the header 'Authorization: Bearer <token>', or use the address {PATH}/<token>"
            body = json.dumps({"error": why})
            await send({
                "type": "http.response.start", "status": 401,
                "headers": [(b"content-type", b"application/json"), (b"www-authenticate", b'Bearer realm="cardgm"')],
            })
            await send({"type": "http.response.body", "body": body.encode("utf-8")})
            return
        await self.app(scope, receive, send)

    def _allowed(self, scope: Scope) -> bool:
        assert self.token is not None
        given = scope.get("path_params", {}).get("token")
        if given is not None:
            return hmac.compare_digest(str(given).encode("utf-8"), self.token)
        for name, value in scope.get("headers", []):
            if name == b"authorization":
                scheme, _, credential = value.partition(b" ")
                return scheme.lower() == b"bearer" and hmac.compare_digest(credential.strip(), self.token)
        return False


class _Endpoint:
    """The MCP server's streamable-HTTP endpoint. Its session manager runs once per lifespan (the
    SDK's manager can be run only once), so each lifespan of the app gets a fresh one: a test
    client, or a schema checker, may start an app's lifespan more than once."""

    def __init__(self, store: Store, *, host: str, rng: random.Random | None, log_level: str) -> None:
        from mcp.server.transport_security import TransportSecuritySettings

        from .server import build_server  # the SDK: an optional extra, loaded only here

        self.server = build_server(store, rng=rng, log_level=log_level)
        self.host = host
        # A server bound to loopback keeps the SDK's DNS-rebinding check (a web page in the user's
        # browser must not reach it); one on a public address is reached by name, through proxies.
        self.security = None if host in LOOPBACK else TransportSecuritySettings(enable_dns_rebinding_protection=False)
        self.manager: Any = None

    @asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        self.server.streamable_http_app(stateless_http=True, json_response=True, host=self.host, transport_security=self.security)
        self.manager = self.server.session_manager
        async with self.manager.run():
            yield

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.manager is None:  # an app whose lifespan was never started (uvicorn always starts it)
            body = b'{"error": "the MCP endpoint is not running: its app was served without its lifespan"}'
            await send({"type": "http.response.start", "status": 503, "headers": [(b"content-type", b"application/json")]})
            await send({"type": "http.response.body", "body": body})
            return
        if scope["type"] != "http" or scope.get("method") != "POST":
            await self.manager.handle_request(scope, receive, send)
            return
        await self.manager.handle_request(scope, *_one_line_refusals(receive, send))


def _one_line_refusals(receive: Receive, send: Send) -> tuple[Receive, Send]:
    """`receive` and `send` for one POST, with the SDK's answer to JSON that is not a JSON-RPC
    message (a 400 whose message is pydantic's whole report, under the code for wrong params) put as
    JSON-RPC 2.0 says: -32600 Invalid Request, with the body's own id when it can be read. The SDK
    has read the whole body before it answers, so the copy kept here is no more than it holds."""
    body = bytearray()
    held: list[Message] = []

    async def receiving() -> Message:
        message = await receive()
        if message["type"] == "http.request":
            body.extend(message.get("body", b""))
        return message

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start" and message.get("status") == 400:
            held.append(message)  # until its body says whether it is the SDK's validation report
            return
        if held and message["type"] == "http.response.body":
            start = held.pop()
            mended = _invalid_request(bytes(message.get("body", b"")), bytes(body))
            if mended is not None:
                headers = [(k, v) for k, v in start.get("headers", []) if k.lower() != b"content-length"]
                start = {**start, "headers": [*headers, (b"content-length", str(len(mended)).encode())]}
                message = {**message, "body": mended}
            await send(start)
        await send(message)

    return receiving, sending


def _invalid_request(answer: bytes, request: bytes) -> bytes | None:
    """The one-line Invalid Request for `request`, when `answer` is the SDK's validation report
    of it; else None."""
    from mcp_types import INVALID_PARAMS, INVALID_REQUEST

    from .server import reply_id

    try:
        error = json.loads(answer)["error"]
        refused = error["code"] == INVALID_PARAMS and error["message"].startswith("Validation error:")
        given = json.loads(request)
    except (ValueError, KeyError, TypeError):
        return None
    if not refused:
        return None
    rid = reply_id(given.get("id")) if isinstance(given, dict) else None
    return json.dumps({"jsonrpc": "2.0", "id": rid, "error": {"code": INVALID_REQUEST, "message": "Invalid Request"}}).encode()


def http_app(
    store: Store, *, token: str | None, host: str = "127.0.0.1", rng: random.Random | None = None, log_level: str = "WARNING"
) -> Starlette:
    """The endpoint alone, at PATH (and PATH/<token> when a token is set)."""
    endpoint = _Endpoint(store, host=host, rng=rng, log_level=log_level)
    gate = Gate(endpoint, token)  # Route takes a callable object as an ASGI app, every method
    routes = [Route(PATH, gate)] + ([Route(PATH + "/{token}", gate)] if token else [])

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async with endpoint.running():
            yield

    return Starlette(routes=routes, lifespan=lifespan)


def mount(app: Any, store: Store, *, token: str | None = None) -> bool:
    """Serve the endpoint at PATH on an existing Starlette or FastAPI `app` (the site), over its
    store; its session manager runs inside the app's lifespan. The token: `token`, else
    $CARDGM_MCP_TOKEN, else none (the endpoint is then as open as the site's JSON API: a run is
    played by whoever holds its id). False, and nothing added, when the MCP SDK (an optional
    extra) is not installed."""
    token = token or os.environ.get(TOKEN_ENV) or None
    try:
        endpoint = _Endpoint(store, host="0.0.0.0", rng=None, log_level="WARNING")
    except ImportError as exc:
        if (exc.name or "").split(".")[0] in ("mcp", "mcp_types"):
            return False
        raise
    gate = Gate(endpoint, token)  # Route takes a callable object as an ASGI app, every method
    app.router.routes.append(Route(PATH, gate))
    if token:
        app.router.routes.append(Route(PATH + "/{token}", gate))
    outer = app.router.lifespan_context

    @asynccontextmanager
    async def lifespan(a: Any) -> AsyncIterator[Any]:
        async with endpoint.running(), outer(a) as state:
            yield state

    app.router.lifespan_context = lifespan
    return True

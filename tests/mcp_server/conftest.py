"""The MCP server through the SDK's own client, in-process: `Client(server)` drives it as a chat
client would (tools, resources, prompts), on a fresh SQLite store per test.

`connected(server)` holds one client open on a background event loop (anyio's blocking portal),
so a test reads as a conversation: `c.call("start_run", {"card": "becalmed"})`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

pytest.importorskip("mcp", reason="the MCP SDK is an optional extra: pip install -e '.[test]'")

from anyio.from_thread import BlockingPortal, start_blocking_portal  # noqa: E402
from mcp import Client  # noqa: E402

from cardgm.mcp.server import build_server  # noqa: E402
from cardgm.store import Store, open_store  # noqa: E402


class ToolFailed(AssertionError):
    """A tool call came back as an error (`is_error`); the text is what the model reads."""


class Connected:
    """One client session, called synchronously."""

    def __init__(self, portal: BlockingPortal, client: Client) -> None:
        self.portal = portal
        self.client = client

    def raw(self, tool: str, args: dict[str, Any] | None = None) -> Any:
        return self.portal.call(self.client.call_tool, tool, args or {})

    def call(self, tool: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
        """A tool's result object; ToolFailed with the error text if it is an error."""
        result = self.raw(tool, args)
        text = result.content[0].text
        if result.is_error:
            raise ToolFailed(text)
        assert json.loads(text) == result.structured_content  # the text is the object, for text-only clients
        return result.structured_content

    def error(self, tool: str, args: dict[str, Any] | None = None) -> str:
        """The error text of a call that must fail."""
        result = self.raw(tool, args)
        assert result.is_error, f"{tool} {args} did not fail: {result.content[0].text[:300]}"
        assert result.structured_content is None
        return result.content[0].text

    def __getattr__(self, name: str) -> Any:
        """The client's other requests (list_tools, read_resource, get_prompt…), called synchronously."""
        method = getattr(self.client, name)
        return lambda *a, **kw: self.portal.call(lambda: method(*a, **kw))


@contextmanager
def connected(server: Any, **client_kw: Any) -> Iterator[Connected]:
    with start_blocking_portal() as portal, portal.wrap_async_context_manager(Client(server, **client_kw)) as client:
        yield Connected(portal, client)


@pytest.fixture
def store(tmp_path) -> Iterator[Store]:
    s = open_store(str(tmp_path / "runs.sqlite3"))
    yield s
    s.dispose()


@pytest.fixture
def c(store: Store) -> Iterator[Connected]:
    """A client on a server over a fresh store."""
    with connected(build_server(store)) as client:
        yield client

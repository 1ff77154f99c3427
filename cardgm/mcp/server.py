"""The MCP server: `cardgm.mcp.tools` as MCP tools, each card's text as a resource, and a prompt
per card, on the official Python SDK (`mcp`, major version 2: `MCPServer`).

    from cardgm.mcp.server import build_server
    server = build_server(open_store())      # server.run("stdio") serves it; `cardgm mcp` does

A refused call is a tool error (`is_error`) whose text is cardgm's reason: the card's own
`refusal` for a move it does not allow, the store's for a message it will not read. The model
reads it and corrects itself. Every result is a JSON object, given both as `structured_content`
and as its compact JSON text (for clients that read only text); each tool declares its
`outputSchema` (tools.py's result types) and the SDK checks every result against it. An unknown
prompt or resource is answered with a one-line protocol error, logged as one line.
"""

# No `from __future__ import annotations`: the SDK reads each tool's parameters from its
# annotations, and those built here from the registry (the card names, the move schema) are
# local names a deferred string could not be resolved from.

import difflib
import json
import random
from collections.abc import Callable
from typing import Annotated, Any

import anyio
from mcp import MCPError
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.prompts.base import Prompt
from mcp.server.mcpserver.resources.types import FunctionResource
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage
from mcp_types import INVALID_PARAMS, INVALID_REQUEST, PARSE_ERROR, CallToolResult, ErrorData, JSONRPCError, TextContent, ToolAnnotations
from pydantic import Field, ValidationError, WithJsonSchema

from cardgm import __version__, games
from cardgm.save import BEGIN, END
from cardgm.store import Store

from . import prompts
from .tools import CardList, LegalMoves, ReplyResult, ToolRefusal, Tools, card_uri, move_schema, prompt_name

__all__ = ["INSTRUCTIONS", "build_server"]

INSTRUCTIONS = """cardgm is the exact game master for AI game cards. It runs each card's rules, dice tape and \
hidden setups exactly, and keeps every run in its runs database.

Start with a card's prompt (play-<card>) or list_cards, then start_run. Every other tool takes the \
run_id start_run returns; the same run_id continues the run from any chat or client. Send the player's \
own words with send_message, or turn them into one exact move yourself with legal_moves and play_move. \
Every reply ends with a LEDGER line: show it to the player exactly as given. A tool error carries \
the card's reason: read it, then ask the player or choose again. Never invent a reply, a roll or a \
number cardgm did not give."""

RunId = Annotated[str, Field(description="The run_id start_run or resume_run returned.")]
# Each tool's result, declared as its outputSchema (and checked against it by the SDK).
Reply = Annotated[CallToolResult, ReplyResult]
Cards = Annotated[CallToolResult, CardList]
Legal = Annotated[CallToolResult, LegalMoves]


def _result(data: dict[str, Any]) -> CallToolResult:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=data)


class Server(MCPServer):
    """The SDK's server, answering a prompt it does not have (or arguments it cannot take) with a
    one-line protocol error: the SDK's own answer is logged with a whole traceback."""

    async def get_prompt(self, name: str, arguments: dict[str, Any] | None = None, context: Any = None) -> Any:
        if self._prompt_manager.get_prompt(name) is None:
            known = ", ".join(p.name for p in self._prompt_manager.list_prompts())
            raise MCPError(code=INVALID_PARAMS, message=f"No prompt is called {name!r}; the prompts are {known}.")
        try:
            return await super().get_prompt(name, arguments, context)
        except MCPError:
            raise
        except Exception as exc:  # arguments the prompt does not take: the SDK says which
            raise MCPError(code=INVALID_PARAMS, message=f"Prompt {name!r}: {_line(exc)}") from None


    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        """The SDK's call, with arguments that do not fit the tool's schema said in one line (the
        SDK's own answer is pydantic's report: several lines and a link to its documentation), and
        an argument the tool does not take refused (the SDK drops it silently, and with it what the
        model meant: a misspelt `mesage` would leave the player's words unsent)."""
        tool = self._tool_manager.get_tool(name)
        if tool is not None and (unknown := _unknown_arguments(name, tool.parameters, arguments or {})):
            raise ToolError(f"Error executing tool {name}: {unknown}")
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            if not isinstance(exc.__cause__, ValidationError):
                raise
            tool = self._tool_manager.get_tool(name)
            schema = tool.parameters if tool is not None else {}
            raise ToolError(f"Error executing tool {name}: {_arguments_wrong(name, schema, exc.__cause__)}") from exc.__cause__

    async def run_stdio_async(self) -> None:
        """The SDK's stdio server, with a line that is not a JSON-RPC message answered (the SDK's
        reader drops it unanswered, and the client would wait for ever)."""
        async with stdio_server() as (read_stream, write_stream):
            await self._lowlevel_server.run(
                _Answering(read_stream, write_stream), write_stream, self._lowlevel_server.create_initialization_options()
            )


class _Answering:
    """The stdio transport's read stream, less the lines it could not read: each is answered, as
    JSON-RPC 2.0 says, with a parse error (not JSON) or an invalid request (JSON, but not a
    JSON-RPC message), whose id is the line's own when it can be read, else null."""

    def __init__(self, inner: Any, out: Any) -> None:
        self._inner = inner
        self._out = out

    @property
    def last_context(self) -> Any:  # the sender's context, which the SDK's dispatcher reads off its stream
        return getattr(self._inner, "last_context", None)

    async def receive(self) -> Any:
        while True:
            item = await self._inner.receive()
            if not isinstance(item, ValidationError):
                return item
            await self._out.send(SessionMessage(_unreadable_answer(item)))

    async def aclose(self) -> None:
        await self._inner.aclose()

    def __aiter__(self) -> "_Answering":
        return self

    async def __anext__(self) -> Any:
        try:
            return await self.receive()
        except anyio.EndOfStream:
            raise StopAsyncIteration from None

    async def __aenter__(self) -> "_Answering":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()


def _unreadable_answer(exc: ValidationError) -> JSONRPCError:
    """The JSON-RPC error for a line the SDK could not read as a message (`exc`, its report)."""
    errors = exc.errors()
    if any(e["type"] == "json_invalid" for e in errors):
        return JSONRPCError(jsonrpc="2.0", id=None, error=ErrorData(code=PARSE_ERROR, message="Parse error"))
    # Each arm of the SDK's message union reports the line's object (a field it misses): its id.
    ids = [e["input"]["id"] for e in errors if isinstance(e.get("input"), dict) and "id" in e["input"]]
    given = next((i for i in map(reply_id, ids) if i is not None), None)
    return JSONRPCError(jsonrpc="2.0", id=given, error=ErrorData(code=INVALID_REQUEST, message="Invalid Request"))


def reply_id(value: object) -> str | int | None:
    """The id a JSON-RPC error answers with, from what the request gave: a string or a whole
    number (a boolean is neither), else null."""
    return value if isinstance(value, (str, int)) and not isinstance(value, bool) else None


_JSON_KINDS = {"string": "a string", "object": "a JSON object", "integer": "a whole number", "number": "a number",
               "array": "a list", "boolean": "true or false"}


def _kinds(schema: dict[str, Any]) -> list[str]:
    """What JSON a parameter's schema takes, in words ("a string"), null left out."""
    found = [schema["type"]] if isinstance(schema.get("type"), str) else []
    for arm in schema.get("anyOf", []) + schema.get("oneOf", []):
        found += _kinds(arm)
    return list(dict.fromkeys(k for k in found if k != "null"))


def _arguments_wrong(tool: str, schema: dict[str, Any], exc: ValidationError) -> str:
    """One line: which arguments are missing or of the wrong kind, and what the tool takes."""
    props: dict[str, Any] = schema.get("properties", {})
    wrong: dict[str, str] = {}
    for err in exc.errors():
        field = str(err["loc"][0]) if err["loc"] else "the arguments"
        if field in wrong:
            continue  # a union's arms each report it: once is enough
        if err["type"] == "missing":
            wrong[field] = f"{field} is missing"
        else:
            kinds = [_JSON_KINDS.get(k, k) for k in _kinds(props.get(field, {}))]
            got = "null" if err.get("input") is None else {dict: "an object", list: "a list", str: "a string", bool: "a boolean"}.get(
                type(err.get("input")), "a number")
            wrong[field] = f"{field} must be {' or '.join(kinds)}, not {got}" if kinds else f"{field}: {err['msg']}"
    return f"{'; '.join(wrong.values())}. {_takes(tool, schema)}. Nothing was read or changed."


def _unknown_arguments(tool: str, schema: dict[str, Any], arguments: dict[str, Any]) -> str | None:
    """One line naming each argument the tool does not take (and the one it may have meant), and
    any it needs that is missing; None when every argument is the tool's."""
    props: dict[str, Any] = schema.get("properties", {})
    unknown = [a for a in arguments if a not in props]
    if not unknown:
        return None
    said = []
    for arg in unknown:
        near = difflib.get_close_matches(arg, [p for p in props if p not in arguments], n=1, cutoff=0.6)
        said.append(f"{arg} is not an argument of {tool}" + (f" (did you mean {near[0]}?)" if near else ""))
    said += [f"{p} is missing" for p in schema.get("required", []) if p not in arguments]
    return f"{'; '.join(said)}. {_takes(tool, schema)}. Nothing was read or changed."


def _takes(tool: str, schema: dict[str, Any]) -> str:
    """What the tool takes, in words: "start_run takes card (and optionally name, options)"."""
    props: dict[str, Any] = schema.get("properties", {})
    required = schema.get("required", [])
    optional = [p for p in props if p not in required]
    return f"{tool} takes {', '.join(required) or 'no arguments'}" + (f" (and optionally {', '.join(optional)})" if optional else "")


def _line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _unencodable(value: Any, where: str = "") -> str | None:
    """Where a tool's arguments hold text that is not Unicode (a lone surrogate such as \\ud800,
    which JSON can spell but UTF-8 cannot): said plainly, since a reply holding it could never be
    sent and the client would wait for ever."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            bad = value[exc.start]
            return f"{where or 'the text'} holds \\u{ord(bad):04x} at character {exc.start + 1}, a lone surrogate: not Unicode text"
    elif isinstance(value, dict):
        return next((why for k, v in value.items() for why in (_unencodable(k, where), _unencodable(v, f"{where}.{k}" if where else str(k))) if why), None)
    elif isinstance(value, (list, tuple)):
        return next((why for v in value if (why := _unencodable(v, where))), None)
    return None


# What cardgm's stdio pump (mcp/cli.py) puts in place of an argument that is not Unicode text, which
# the SDK's JSON reader would drop without an answer: the reason follows it.
UNREADABLE = "\x00cardgm-unreadable:"


def readable_line(line: bytes) -> bytes:
    """A JSON-RPC line from the client, with each string value that holds a lone surrogate put
    as UNREADABLE and the reason (every other line as it came, byte for byte)."""
    try:
        message = json.loads(line)
    except ValueError:
        return line
    if _unencodable(message) is None:
        return line

    def mend(value: Any, where: str) -> Any:
        if isinstance(value, str):
            why = _unencodable(value, where)
            return UNREADABLE + why if why else value
        if isinstance(value, dict):
            return {k: mend(v, k) for k, v in value.items()}
        if isinstance(value, list):
            return [mend(v, where) for v in value]
        return value

    return (json.dumps(mend(message, "")) + "\n").encode("ascii")


def _call(fn: Any, *args: Any) -> CallToolResult:
    why = next((w for a in args if (w := _unencodable(a))), None)
    why = why or next((a[len(UNREADABLE) :] for a in args if isinstance(a, str) and a.startswith(UNREADABLE)), None)
    if why:
        raise ToolError(f"{why}; send the player's words as plain UTF-8 text. Nothing was read or changed.")
    try:
        return _result(fn(*args))
    except ToolRefusal as exc:
        raise ToolError(str(exc)) from None


def build_server(store: Store, *, rng: random.Random | None = None, log_level: str = "WARNING") -> MCPServer:
    """The server over `store` (its runs, and where new ones go). `rng` draws hidden setups
    (None: the system's secure randomness)."""
    tools = Tools(store, rng=rng)
    server: MCPServer = Server(
        "cardgm", title="cardgm", version=__version__, instructions=INSTRUCTIONS, log_level=log_level,  # type: ignore[arg-type]
    )
    ids = list(games.ids())
    read_only = ToolAnnotations(read_only_hint=True, open_world_hint=False)
    writes = ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=False)

    CardName = Annotated[str, Field(description="The card's game id (list_cards gives them).", json_schema_extra={"enum": ids})]
    Move = Annotated[
        dict[str, Any] | str,  # advertised as the object; its JSON text is read too (tools.play_move)
        WithJsonSchema(move_schema()),
        Field(description="One move, exactly as legal_moves lists it under 'move' (the schema of each card's moves)."),
    ]

    def list_cards() -> Cards:
        """The cards cardgm plays: each one's game id (what start_run takes), title, version,
        whether each run draws a sealed hidden setup, whether it has structured moves, and the
        resource and prompt that go with it."""
        return _call(tools.list_cards)

    def start_run(
        card: CardName,
        name: Annotated[str | None, Field(description="The player's name for the epilogue (optional).")] = None,
        options: Annotated[dict[str, Any] | None, Field(description=_options_description(ids))] = None,
    ) -> Reply:
        """Start a new run of a card. Returns its run_id and the opening reply (prose, LEDGER).
        A card with a hidden setup (a sealed berth) gets a fresh one, drawn and kept by cardgm;
        the opening reads out its seal, and nothing shows it before the end."""
        return _call(tools.start_run, card, name, options)

    def send_message(
        run_id: RunId,
        message: Annotated[str, Field(description="The player's own words, as they typed them.")],
    ) -> Reply:
        """Send the player's words and get cardgm's reply: prose, the LEDGER line (show it
        exactly), whether the game ended, and then its end, score and RESULT line. A message
        cardgm cannot read is answered by the card with what it needs; nothing is invented."""
        return _call(tools.send_message, run_id, message)

    def legal_moves(run_id: RunId) -> Legal:
        """The moves the card allows at this moment, each as the JSON play_move takes ('move')
        and as the words a player would type ('words'). Empty once the game has ended."""
        return _call(tools.legal_moves, run_id)

    def play_move(run_id: RunId, move: Move) -> Reply:
        """Play one exact move (one of legal_moves, or any move the schema allows): cardgm sends
        it as the player's words (first declining with "no" a question the last reply left
        waiting, if that question would take the words otherwise), answers a confirm line it
        raises with yes, and returns the reply as send_message does ('sent' lists the words, the
        replies before the last are under 'asked'). A move the card does not allow here is an
        error with the card's reason, and nothing is played."""
        return _call(tools.play_move, run_id, move)

    def save_run(run_id: RunId) -> Reply:
        """The card's SAVE block for where the run stands (as the card prints it on "save"). Give
        it to the player unchanged; the run_id also continues the run from any chat."""
        return _call(tools.save_run, run_id)

    def resume_run(
        save: Annotated[str, Field(description=f"A SAVE block, {BEGIN} to {END}.")],
        reveal: Annotated[
            str | None,
            Field(description="For a card with a sealed setup: the text of the reveal file the saved run played, if the player has it (you will then see it)."),
        ] = None,
        name: Annotated[str | None, Field(description="The player's name for the epilogue (optional).")] = None,
    ) -> Reply:
        """Start a new run from a SAVE block (the card is the one it names). Returns the new
        run_id and the resumed reply; a block the card cannot resume is an error saying why."""
        return _call(tools.resume_run, save, reveal, name)

    def show_run(run_id: RunId) -> Reply:
        """Where a run stands: its card, status, LEDGER and last reply. Use it to take up a run
        in a new chat, or when the player asks where things stand."""
        return _call(tools.show_run, run_id)

    tool_fns: list[tuple[Callable[..., Any], ToolAnnotations]] = [
        (list_cards, read_only), (start_run, writes), (send_message, writes), (legal_moves, read_only),
        (play_move, writes), (save_run, writes), (resume_run, writes), (show_run, read_only),
    ]
    for fn, annotations in tool_fns:
        # The docstring as plain prose: its source indentation is only tokens to the model reading it.
        server.add_tool(fn, description=" ".join((fn.__doc__ or "").split()), annotations=annotations)

    for game_id in ids:
        _add_card(server, tools, game_id)
    return server


def _options_description(ids: list[str]) -> str:
    """start_run's `options`, with each card's by name (a path option is no chat's: it is refused)."""
    said = [
        f"{game_id}: " + ", ".join(f"{o.name} ({o.help.split(': ', 1)[-1].rstrip('.')})" for o in listed)
        for game_id in ids
        if (listed := [o for o in games.entry(game_id).options if o.type != "path"])
    ]
    return "The game's own options, rarely needed" + (f" ({'; '.join(said)})." if said else ".")


def _add_card(server: MCPServer, tools: Tools, game_id: str) -> None:
    """The card's text as a resource, and its prompt."""
    entry = games.entry(game_id)
    server.add_resource(
        FunctionResource(
            uri=card_uri(game_id), name=game_id, title=entry.title, mime_type="text/markdown",
            description=f"The {entry.title} card, exactly as cardgm plays it."
            + (f" {prompts.PRINTED_NOT_THIS_RUNS}" if games.hides_secret(game_id) else ""),
            fn=lambda: tools.card_text(game_id),
        )
    )

    def prompt(
        run_id: Annotated[str | None, Field(description="Go on with this run instead of starting a new one.")] = None,
    ) -> str:
        return prompts.prompt_text(game_id, run_id)

    server.add_prompt(
        Prompt.from_function(prompt, name=prompt_name(game_id), title=f"Play {entry.title}", description=prompts.description(game_id))
    )

"""The JSON API, described by its OpenAPI schema at /openapi.json.

    POST /api/runs                      {"card": "becalmed"}          -> 201 NewRun (token, reply)
    POST /api/runs/{token}/messages     {"message": "FULL, SAIL, ROW"} -> the reply object
    GET  /api/runs/{token}                                             -> the run, every reply
    GET  /api/runs/{token}/reply                                       -> the last reply object
    GET  /api/shared/{share_id}                                        -> the run, read-only
    POST /api/shared/{share_id}/check                                  -> the replay check
    GET  /api/cards                                                    -> the cards

A reply object is exactly what `cardgm play --json` prints (README: the --json contract).
Every error is {"detail": "one line"}: 400 a body that is not a JSON object, 404 no such run or card, 409 a run that no longer
replays (or a message whose `after` the run has moved on from), 422 a message or request refused (over the reader's limit,
empty, a bad option). A message sent again with the same `after` is answered with its first reply, not played twice.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request
from pydantic import BaseModel, ConfigDict, Field

from cardgm import games
from cardgm.card import Card, CardError, load_card
from cardgm.run import MAX_MESSAGE
from cardgm.save import BEGIN, find_block
from cardgm.store import RunNotFound, Store, StoredRun, play

router = APIRouter(prefix="/api", tags=["runs"])


class Problem(BaseModel):
    detail: str = Field(description="What went wrong, in one line.")


ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": Problem, "description": "The request body cannot be read (not JSON)."},
    404: {"model": Problem, "description": "No such run or card."},
    409: {
        "model": Problem,
        "description": (
            "The stored run no longer replays with this version of cardgm, a SAVE block's berth is spent (its run is "
            "named), or a message's `after` is a moment the run has moved on from."
        ),
    },
    422: {"model": Problem, "description": "Refused: over the reader's limit, empty, or a bad option."},
}


class ReplyObject(BaseModel):
    """One reply: the object `cardgm play --json` prints (README). New keys may be added."""

    model_config = ConfigDict(extra="allow")
    turn: int = Field(description="the card's turn count: replies so far, the opening being 1")
    message: str | None = Field(description="the player's message this reply answers (null for the opening)")
    read_as: str = Field(description="opening, move, ask, confirm, answer or command")
    command: str | None
    prose: str
    ledger: str = Field(description="the LEDGER line, exactly as the card prints it")
    state: dict[str, Any] = Field(description="the state's fields (the game's own names; nothing hidden)")
    ended: bool
    end: str | None
    score: int | None
    result: str | None = Field(description="the exact RESULT line once ended")
    save: str | None = Field(description="the SAVE block when this reply printed one")
    text: str = Field(description="the whole reply exactly as printed")


class CardInfo(BaseModel):
    card: str = Field(description="the name to create a run with")
    game: str
    title: str
    version: str
    sealed: bool = Field(description="each run draws its own hidden secret (a sealed berth), kept on the server")


class NewRunIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    card: str = Field(description="a shipped card", examples=list(games.ids()[:1]), json_schema_extra={"enum": list(games.ids())})
    options: dict[str, Any] = Field(default_factory=dict, description="the game's options, as `make_game` takes them")
    name: str | None = Field(default=None, description="the player's name for the epilogue (40 characters)")
    save: str | None = Field(
        default=None,
        description=(
            "a SAVE block: the run resumes from it (its first message). A sealed duel's SAVE holds "
            "no berth: resumed here it plays the berth the card prints, as a chat plays it"
        ),
        json_schema_extra={"pattern": BEGIN, "maxLength": MAX_MESSAGE},
    )


class MessageIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    # The limits are documented here and refused in one plain line by the store (not by pydantic).
    message: str = Field(
        description=f"the player's own words; at most {MAX_MESSAGE:,} characters, not blank",
        json_schema_extra={"maxLength": MAX_MESSAGE, "minLength": 1, "pattern": "\\S"},
    )
    after: int | None = Field(
        default=None, ge=0,
        description=(
            "the seq of the last reply the sender had seen: the opening is 0, each message adds one "
            "(len(replies) - 1 of GET /api/runs/{token}). "
            "Given, a message sent again (a retry) is answered with its first reply and not played twice, "
            "and one written before the run moved on elsewhere is refused (409)"
        ),
    )


class RunInfo(BaseModel):
    game: str
    title: str
    version: str
    status: str = Field(description="playing or ended")
    turn: int
    ledger: str
    end: str | None
    score: int | None
    result: str | None
    name: str | None
    ranked: bool = Field(description="on the epilogue's main board: begun at its opening, on a secret drawn here, replayed at its end")
    resumed_from: str | None = Field(description="the LEDGER a run resumed from a SAVE block began at (such runs are listed apart)")
    share_id: str
    share_url: str
    replies: list[ReplyObject] = Field(description="every reply, the opening first")


class NewRun(BaseModel):
    token: str = Field(description="the run's secret: whoever holds it can play the run")
    share_id: str
    play_url: str
    share_url: str
    reply: ReplyObject = Field(description="the opening (or, with a SAVE block, the resumed reply)")


class CheckOut(BaseModel):
    ok: bool | None = Field(description="true: the replay gives every reply and the RESULT; null: not yet checkable")
    report: str = Field(description="the report `cardgm verify run` prints")


def _store(request: Request) -> Store:
    return request.app.state.store


def _info(run: StoredRun, base: str) -> RunInfo:
    return RunInfo(
        game=run.game_id, title=run.card_title, version=run.card_version, status=run.status, turn=run.turn,
        ledger=run.ledger, end=run.end, score=run.score, result=run.result, name=run.name,
        ranked=run.ranked, resumed_from=run.resumed_from,
        share_id=run.share_id, share_url=f"{base}s/{run.share_id}",
        replies=[ReplyObject(**m.reply) for m in run.messages],
    )


def _base(request: Request) -> str:
    return str(request.base_url)


@router.get("/cards", response_model=list[CardInfo], summary="The cards a run can be made of")
def list_cards() -> list[CardInfo]:
    out = []
    for name in games.ids():
        c = load_card(name)
        out.append(CardInfo(card=name, game=c.game_id, title=c.title, version=c.version, sealed=games.hides_secret(c.game_id)))
    return out


@router.post("/runs", status_code=201, response_model=NewRun, responses=ERRORS, summary="Create a run")
def create_run(body: NewRunIn, request: Request) -> NewRun:
    card = card_named(body.card)
    if body.save is not None and find_block(body.save) is None:
        raise HTTPException(422, f"save: that is not a SAVE block (it starts {BEGIN})")
    try:
        new, replies = play.start(_store(request), card, body.options, name=body.name, first_message=body.save, draw=body.save is None)
    except play.Spent as exc:
        raise HTTPException(409, f"{exc} Its shared page: {_base(request)}s/{exc.run.share_id}") from None
    except play.Refused as exc:
        raise HTTPException(422, str(exc)) from None
    except TypeError:
        raise HTTPException(422, f"{card.title} does not take those options ({', '.join(sorted(body.options))})") from None
    except (ValueError, CardError) as exc:
        raise HTTPException(422, str(exc).splitlines()[0] if str(exc) else "bad options") from None
    base = _base(request)
    return NewRun(
        token=new.token, share_id=new.run.share_id, play_url=f"{base}play/{new.token}",
        share_url=f"{base}s/{new.run.share_id}", reply=ReplyObject(**new.run.messages[-1].reply),
    )


def card_named(name: str) -> Card:
    """A shipped card by its game id, as a person types it ("BECALMED", "becalmed.md" too)."""
    key = name.strip().lower().removesuffix(".md")
    if key not in games.ids():
        raise HTTPException(404, f"no shipped card is called {name!r}; the cards are {', '.join(games.ids())}")
    return load_card(key)


def _load(request: Request, token: str) -> StoredRun:
    run = _store(request).load(token)
    if run is None:
        raise HTTPException(404, "no run has that token")
    return run


@router.get("/runs/{token}", response_model=RunInfo, responses=ERRORS, summary="A run and every reply")
def get_run(token: str, request: Request) -> RunInfo:
    return _info(_load(request, token), _base(request))


@router.get("/runs/{token}/reply", response_model=ReplyObject, responses=ERRORS, summary="The run's last reply")
def last_reply(token: str, request: Request) -> ReplyObject:
    return ReplyObject(**_load(request, token).messages[-1].reply)


@router.post("/runs/{token}/messages", response_model=ReplyObject, responses=ERRORS, summary="Send the player's message")
def send_message(token: str, body: MessageIn, request: Request) -> ReplyObject:
    try:
        run, _ = play.send(_store(request), token, body.message, after=body.after)
    except RunNotFound:
        raise HTTPException(404, "no run has that token") from None
    except play.ReplayMismatch as exc:
        raise HTTPException(409, str(exc)) from None
    except play.AlreadySent as exc:
        # The same message sent again after the same reply: its first answer, played once.
        return ReplyObject(**next(m.reply for m in _load(request, token).messages if m.seq == exc.seq))
    except play.Stale as exc:
        raise HTTPException(409, f"the run has moved on since seq {exc.after} (it stands at seq {exc.seq}); this message was not sent") from None
    except play.Refused as exc:
        raise HTTPException(422, str(exc)) from None
    return ReplyObject(**run.messages[-1].reply)


def _shared(request: Request, share_id: str) -> StoredRun:
    run = _store(request).load_shared(share_id)
    if run is None:
        raise HTTPException(404, "no run is shared by that id")
    return run


@router.get("/shared/{share_id}", response_model=RunInfo, responses=ERRORS, summary="A shared run, read-only")
def get_shared(share_id: str, request: Request) -> RunInfo:
    return _info(_shared(request, share_id), _base(request))


@router.post("/shared/{share_id}/check", response_model=CheckOut, responses=ERRORS, summary="Replay a shared run and check it")
def check_shared(share_id: str, request: Request) -> CheckOut:
    report = request.app.state.replay_report(_shared(request, share_id))
    return CheckOut(ok=report.ok, report=report.text)

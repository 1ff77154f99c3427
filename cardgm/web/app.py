"""The site the cards point to: play in the browser, /verify, /epilogue, and a JSON API.

`create_app(store)` builds the ASGI app (FastAPI). It keeps no state between requests: every
run lives in the store and is rebuilt per request (`cardgm.store.play`). Pages are rendered on
the server (Jinja2, autoescaped); `static/app.js` only makes sending a message a fetch instead of
a page load, moves around the clickable board by arrow keys and sends on Enter. Nothing is
loaded from another host.

Playing a run takes its address, /play/TOKEN (a capability: the token is kept only as its
hash); the share link /s/SHARE reads it and checks it, and cannot move it.
"""

from __future__ import annotations

import html
import json
import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Form, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from cardgm import games
from cardgm.card import CardError, load_card
from cardgm.game import secret_name
from cardgm.run import MAX_MESSAGE
from cardgm.save import BEGIN as SAVE_BEGIN
from cardgm.store import RunNotFound, Store, StoredRun, StoreError, play

from . import api, checks, view
from .best import best_line
from .guard import MAX_VERIFY_BODY, Guard

REPLAYS_KEPT = 512  # replay checks a server keeps the answer of (a few kB each)

HERE = Path(__file__).parent
COOKIE = "cardgm_runs"
COOKIE_KEEP = 30  # the runs a browser remembers as "yours"
FETCH = "x-cardgm-fetch"  # header app.js sends: answer with JSON fragments, not a page
BODY_HINT = "a JSON object, with the header content-type: application/json"

# Starlette's bare words for an address with no page, said as a page says them.
PAGE_ERRORS = {
    (404, "Not Found"): "There is no page at this address. The cards are on the home page; a run comes back by its address.",
    (405, "Method Not Allowed"): "This address answers a form sent from this site's pages; open the page the form is on.",
}

SECURITY_HEADERS = {
    # Everything comes from this host; no inline script. Capability links must not leak by Referer.
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}


def cards() -> list[Any]:
    """The shipped cards, in the order the README lists them."""
    return [load_card(name) for name in games.ids()]


def blurb(card: Any) -> tuple[str, str | None]:
    """The card's own opening lines (what it is, how long) and its content note, if it has one."""
    flat = " ".join(card.text.split())
    body = flat.split(card.title, 1)[-1].strip()
    intro = re.split(r"\s*Play begins now\.?", body, maxsplit=1)[0]
    sentences = re.findall(r"[^.!?]+[.!?]", intro)[:3]
    note = re.search(r"CONTENT NOTE \(([^)]*)\):\s*([^.]*\.)", body)
    return " ".join(s.strip() for s in sentences) or intro[:200], (f"Content note ({note.group(1)}): {note.group(2)}" if note else None)


card_named = api.card_named


def board_of(run: StoredRun) -> dict[str, Any] | None:
    """The game's clickable board for where the run stands, if its game draws one."""
    return view.board(play.restore(run))


def log_lines(run: StoredRun) -> str:
    """The run log, as `cardgm play --log` writes it: `cardgm verify run` replays it (with the
    reveal file beside it, for a run whose berth was sealed here)."""
    options = dict(run.options)
    if run.secret is not None:
        options["sealed_file"] = secret_name(run.secret)
    header = {"cardgm_log": 1, "game": run.game_id, "version": run.card_version, "card": run.card_source, "options": options}
    lines = [json.dumps(header)] + [json.dumps(m.reply, ensure_ascii=False) for m in run.messages]
    return "\n".join(lines) + "\n"


def _remembered(request: Request) -> list[str]:
    raw = request.cookies.get(COOKIE, "")
    return [t for t in raw.split(".") if re.fullmatch(r"[A-Za-z0-9_-]{20,64}", t)][:COOKIE_KEEP]


def _remember(response: Response, request: Request, token: str) -> None:
    tokens = [token] + [t for t in _remembered(request) if t != token]
    # Secure wherever the page came over HTTPS (behind a proxy: its X-Forwarded-Proto, trusted
    # from the addresses `cardgm serve --forwarded-allow-ips` names).
    response.set_cookie(
        COOKIE, ".".join(tokens[:COOKIE_KEEP]), max_age=400 * 24 * 3600, httponly=True, samesite="lax", path="/",
        secure=request.url.scheme == "https",
    )


def _token_from(address: str) -> str | None:
    """A play token from what a player pastes: the whole address (as the address bar shows it
    after a move, "#r12" and all), a path, or the token."""
    m = re.search(r"(?:/play/)?([A-Za-z0-9_-]{20,64})/?$", _bare(address))
    return m.group(1) if m else None


def _share_from(address: str) -> str | None:
    """A share id, where what was pasted is a share link (/s/ID) rather than a play address."""
    m = re.search(r"/s/([A-Za-z0-9_-]{1,64})/?$", _bare(address))
    return m.group(1) if m else None


def _bare(address: str) -> str:
    """An address less its query and fragment (the page's own "#r12", a "?spent=1")."""
    return re.split(r"[?#]", address.strip(), maxsplit=1)[0].strip()


def create_app(store: Store) -> FastAPI:
    app = FastAPI(
        title="cardgm",
        summary="The exact game master for AI game cards: play, verify, the epilogue.",
        description=(
            "Create a run of a card, send the player's messages, read each reply: the same object "
            "`cardgm play --json` prints (see the README). A run's token is its capability: keep it."
        ),
        version=_version(),
        docs_url=None,  # Swagger UI loads from another host; the schema is at /openapi.json
        redoc_url=None,
    )
    app.state.store = store
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    templates.env.globals.update(MAX_MESSAGE=MAX_MESSAGE, SAVE_BEGIN=SAVE_BEGIN, percent=view.percent)
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
    app.include_router(api.router)
    app.add_middleware(Guard)  # the outermost: a body too big or another site's post goes no further

    @app.middleware("http")
    async def security_headers(request: Request, call_next: Callable[[Request], Any]) -> Response:
        response = await call_next(request)
        for key, value in SECURITY_HEADERS.items():
            response.headers.setdefault(key, value)
        if request.url.path.startswith(("/play/", "/s/", "/api/")):
            response.headers.setdefault("Cache-Control", "no-store")
        return response

    @app.exception_handler(RequestValidationError)
    async def one_line_validation(request: Request, exc: RequestValidationError) -> JSONResponse:
        # One line a person can read, never a list of pydantic internals.
        first = exc.errors()[0] if exc.errors() else {}
        # A body that cannot be read as an object is the documented 400; a curl without its
        # content-type header lands here too, so the line says what to send.
        if first.get("type") == "json_invalid":
            return JSONResponse({"detail": f"the request body is not valid JSON; send {BODY_HINT}"}, status_code=400)
        if tuple(first.get("loc", ())) == ("body",) and first.get("type") in ("model_attributes_type", "missing", "dict_type"):
            return JSONResponse({"detail": f"the request body must be {BODY_HINT}"}, status_code=400)
        where = ".".join(str(p) for p in first.get("loc", ()) if p not in ("body", "query", "path"))
        text = f"{where}: {first.get('msg', 'invalid')}" if where else str(first.get("msg", "invalid request"))
        return JSONResponse({"detail": text}, status_code=422)

    @app.exception_handler(StoreError)
    async def store_error(request: Request, exc: StoreError) -> Response:
        # The database said no (gone, or a write that lost a race): one line, and nothing kept.
        detail = str(exc).splitlines()[0] if str(exc) else "the runs database failed"
        if request.url.path.startswith("/api/") or request.headers.get(FETCH):
            return JSONResponse({"detail": detail}, status_code=503)
        return page(request, "error.html", {"status": 503, "detail": detail}, status=503)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        # Starlette's own (no route at this address, a method it does not take, a form it could
        # not read) as well as ours: a page gets a page with one line, never a bare JSON object.
        headers = dict(exc.headers or {})
        if request.url.path.startswith("/api/") or request.headers.get(FETCH):
            return JSONResponse({"detail": exc.detail}, status_code=exc.status_code, headers=headers)
        detail = PAGE_ERRORS.get((exc.status_code, exc.detail), exc.detail)
        response = page(request, "error.html", {"status": exc.status_code, "detail": detail}, status=exc.status_code)
        response.headers.update(headers)
        return response

    def page(request: Request, name: str, context: dict[str, Any], status: int = 200) -> HTMLResponse:
        return templates.TemplateResponse(request, name, context, status_code=status)

    def fragment(name: str, **context: Any) -> str:
        return templates.get_template(name).render(**context)

    # -- home, creating and resuming runs --------------------------------------------------------

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def home(request: Request) -> HTMLResponse:
        mine = store.runs_for_tokens(_remembered(request))
        counts = store.counts()
        shown = [
            {"card": c, "blurb": blurb(c)[0], "note": blurb(c)[1], "secret": games.hides_secret(c.game_id), "playing": counts.get((c.game_id, "playing"), 0),
             "ended": counts.get((c.game_id, "ended"), 0)}
            for c in cards()
        ]
        return page(request, "home.html", {
            "cards": shown,
            "playing": [(t, r) for t, r in mine if not r.ended],
            "ended": [(t, r) for t, r in mine if r.ended][:10],
        })

    @app.post("/runs", include_in_schema=False)
    def new_run(request: Request, card: str = Form(...), name: str = Form("")) -> Response:
        the_card = card_named(card)
        new, _ = play.start(store, the_card, name=name)
        response = RedirectResponse(f"/play/{new.token}", status_code=303)
        _remember(response, request, new.token)
        return response

    @app.get("/runs", include_in_schema=False)
    def runs_visited() -> RedirectResponse:
        # The address a "Play" form posts to, opened by hand or from history: the cards' page.
        return RedirectResponse("/", status_code=303)

    @app.get("/resume", response_class=HTMLResponse, include_in_schema=False)
    def resume_form(request: Request) -> HTMLResponse:
        return page(request, "resume.html", {"cards": cards()})

    @app.post("/resume", include_in_schema=False)
    def resume(request: Request, address: str = Form(""), save: str = Form(""), reveal: str = Form(""), name: str = Form("")) -> Response:
        def again(error: str) -> HTMLResponse:
            # Everything pasted comes back in its box: a refusal never costs the player their text.
            kept = {"address": address, "save": save, "reveal": reveal, "name": name}
            return page(request, "resume.html", {"cards": cards(), "error": error, **kept}, status=422)

        if address.strip():
            token = _token_from(address)
            if token is None or store.load(token) is None:
                share = _share_from(address)
                if share is not None and store.load_shared(share) is not None:
                    return again(
                        "That is the run's share link, which shows it read-only and cannot play it. "
                        "The run goes on from its play address (/play/…), which only its player was given."
                    )
                return again("No run has that address here. Paste the whole address of the run's page.")
            response = RedirectResponse(f"/play/{token}", status_code=303)
            _remember(response, request, token)
            return response
        save = save.replace("\r\n", "\n")
        if SAVE_BEGIN not in save:
            return again(f"Paste a run's address, or a SAVE block (it starts {SAVE_BEGIN}).")
        m = re.search(r"\bgame:\s*([a-z0-9-]+)", save)
        card = next((c for c in cards() if m and c.game_id == m.group(1)), None)
        if card is None:
            named = f"game:{m.group(1)}" if m else "no game: line"
            return again(f"That SAVE block names {named}; the cards here are {', '.join(c.game_id for c in cards())}.")
        secret = reveal.replace("\r\n", "\n") if reveal.strip() else None
        try:
            new, _ = play.start(store, card, first_message=save, secret=secret, draw=False, name=name)
        except play.Spent as exc:
            # The berth was drawn here and revealed at its end: the block brings back that run.
            return RedirectResponse(f"/s/{exc.run.share_id}?spent=1", status_code=303)
        except play.Refused as exc:
            # A duel sealed on this site has no reveal file yet: its address is the way back.
            here = " A run played on this site comes back by its address (above)." if games.hides_secret(card.game_id) and secret is None else ""
            return again(f"{exc}{here}")
        except (ValueError, CardError) as exc:
            return again(f"That reveal file cannot be played: {exc}")
        response = RedirectResponse(f"/play/{new.token}", status_code=303)
        _remember(response, request, new.token)
        return response

    # -- a run's page ------------------------------------------------------------------------------

    def run_context(run: StoredRun, token: str | None) -> dict[str, Any]:
        live, broken = None, None
        try:
            live = play.restore(run)  # the panel and board show only what the shot grid shows
        except play.ReplayMismatch as exc:
            broken = str(exc)  # shown, and the message box with it, rather than a bare 500
        board = view.board(live, playable=token is not None)
        entries = view.entries(run.messages, live, board_drawn=board is not None)
        first, folded, last = view.folded(entries) if token is None else (entries, [], [])
        return {
            "run": run,
            "token": token,
            "board": board,
            "panel": view.panel(live),
            "broken": broken,
            "error": broken,
            "entries": first,
            "folded": folded,
            "last": last,
            "reveal": secret_name(run.secret) if run.secret and run.ended else None,
            "after": run.last_seq if token is not None else None,  # the forms' "after": the last reply shown
        }

    @app.get("/play/{token}", response_class=HTMLResponse, include_in_schema=False)
    def run_page(request: Request, token: str) -> HTMLResponse:
        run = store.load(token)
        if run is None:
            raise HTTPException(404, "No run has that address. Check it, or start a new run from the home page.")
        response = page(request, "run.html", run_context(run, token))
        _remember(response, request, token)
        return response

    @app.post("/play/{token}", include_in_schema=False)
    def run_send(request: Request, token: str, message: str = Form(""), after: str = Form("")) -> Response:
        message = message.replace("\r\n", "\n")
        wants_json = bool(request.headers.get(FETCH))
        # The last reply the page showed (its form says): a second send of the same page (a
        # double click, a reload that posts again, an old tab) is not played on a later moment.
        seen = int(after) if after.strip().isdigit() and len(after.strip()) < 10 else None
        try:
            run, _ = play.send(store, token, message, after=seen)
        except RunNotFound:
            raise HTTPException(404, "No run has that address.") from None
        except play.ReplayMismatch as exc:
            raise HTTPException(409, str(exc)) from None
        except (play.AlreadySent, play.Stale) as exc:
            stored = store.load(token)
            assert stored is not None
            if isinstance(exc, play.AlreadySent):
                # The first send was played: this one is answered with it, nothing played twice.
                if not wants_json:
                    return RedirectResponse(f"/play/{token}#r{exc.seq}", status_code=303)
                return JSONResponse(caught_up(stored, token, exc.after))
            if wants_json:
                return JSONResponse({**caught_up(stored, token, exc.after), "detail": str(exc)}, status_code=409)
            return page(request, "run.html", {**run_context(stored, token), "error": str(exc), "draft": message}, status=409)
        except play.Refused as exc:
            if wants_json:
                return JSONResponse({"detail": str(exc)}, status_code=422)
            stored = store.load(token)
            assert stored is not None
            return page(request, "run.html", {**run_context(stored, token), "error": str(exc), "draft": message}, status=422)
        if not wants_json:
            return RedirectResponse(f"/play/{token}#r{run.messages[-1].seq}", status_code=303)
        return JSONResponse(caught_up(run, token, run.messages[-1].seq - 1))

    def caught_up(run: StoredRun, token: str, since: int) -> dict[str, Any]:
        """What a page that shows replies up to `since` adds to be where `run` stands: the replies
        after it, the LEDGER, the board and panel, the end; and `after`, its form's new value."""
        context = run_context(run, token)
        return {
            "entries": fragment(
                "_entries.html", entries=view.entries(tuple(m for m in run.messages if m.seq > since), play.restore(run),
                                                      board_drawn=context["board"] is not None),
                run=run, token=token,
            ),
            "ledger": run.ledger,
            "board": fragment("_board.html", board=context["board"], after=run.last_seq) if context["board"] else "",
            "panel": fragment("_panel.html", panel=context["panel"], percent=view.percent) if context["panel"] else "",
            "ended": run.ended,
            "tail": fragment("_ended.html", **context) if run.ended else "",
            "after": run.last_seq,
        }

    # -- share links -------------------------------------------------------------------------------

    def shared(share_id: str) -> StoredRun:
        run = store.load_shared(share_id)
        if run is None:
            raise HTTPException(404, "No run is shared by that link.")
        return run

    @app.get("/s/{share_id}", response_class=HTMLResponse, include_in_schema=False)
    def share_page(request: Request, share_id: str, spent: str = "") -> HTMLResponse:
        run = shared(share_id)
        # The note that a SAVE block came back here stands only on a duel whose berth is revealed:
        # a link with "?spent=1" put on any other run's page would say what is not so.
        return page(request, "share.html", {**run_context(run, None), "spent": bool(spent) and run.secret is not None and run.ended})

    @app.post("/s/{share_id}/check", response_class=HTMLResponse, include_in_schema=False)
    def share_check(request: Request, share_id: str) -> HTMLResponse:
        run = shared(share_id)
        report = replay_report(run)
        return page(request, "share.html", {**run_context(run, None), "check": report})

    @app.get("/s/{share_id}/log.jsonl", include_in_schema=False)
    def share_log(share_id: str) -> PlainTextResponse:
        run = shared(share_id)
        return PlainTextResponse(log_lines(run), headers={"Content-Disposition": f'attachment; filename="cardgm-{share_id}.jsonl"'})

    @app.get("/s/{share_id}/check", include_in_schema=False)
    def share_check_visited(share_id: str) -> RedirectResponse:
        # The address the page shows after "Check the replay", copied or reloaded: the share page.
        return RedirectResponse(f"/s/{shared(share_id).share_id}", status_code=303)

    @app.get("/s/{share_id}/{name}", include_in_schema=False)
    def share_reveal(share_id: str, name: str) -> PlainTextResponse:
        run = shared(share_id)
        # The reveal file only once the run is over: before, it is the berth itself.
        if run.secret is None or not run.ended or name != secret_name(run.secret):
            raise HTTPException(404, "There is no such file here (a sealed berth is revealed only at the end).")
        return PlainTextResponse(run.secret, headers={"Content-Disposition": f'attachment; filename="{name}"'})

    # The replay check of a run at a given point: a run's messages only ever grow, so the same
    # run at the same count replays the same, and a check (up to seconds) asked again, by a
    # reload or by anyone holding the link, is answered from here instead of replayed.
    replayed: OrderedDict[tuple[str, int, str | None], checks.Report] = OrderedDict()
    replayed_lock = threading.Lock()

    def replay_report(run: StoredRun) -> checks.Report:
        if run.secret is not None and run.secret_hidden and not run.ended:
            return checks.Report(None, "The replay check opens at the end, with the sealed berth.")
        key = (run.share_id, run.n_messages, run.result)
        with replayed_lock:
            if key in replayed:
                replayed.move_to_end(key)
                return replayed[key]
        report = checks.run_report(log_lines(run), run.result, reveal=run.secret)
        with replayed_lock:
            replayed[key] = report
            while len(replayed) > REPLAYS_KEPT:
                replayed.popitem(last=False)
        return report

    app.state.replay_report = replay_report

    # -- /verify -----------------------------------------------------------------------------------

    @app.get("/verify", response_class=HTMLResponse, include_in_schema=False)
    def verify_page(request: Request) -> HTMLResponse:
        return page(request, "verify.html", {"cards": cards(), "form": {}})

    @app.get("/verify/{kind}", include_in_schema=False)
    def verify_visited(kind: str) -> RedirectResponse:
        # A check's answer is a page at the address its form posts to; opened again, the form.
        return RedirectResponse("/verify", status_code=303)

    def verified(request: Request, kind: str, report: checks.Report, form: dict[str, str]) -> HTMLResponse:
        return page(request, "verify.html", {"cards": cards(), "kind": kind, "report": report, "form": form})

    async def pasted(request: Request, *names: str) -> dict[str, str]:
        # A pasted run log or transcript may be as big as the body cap (4 MB); the form parser's
        # own limit on one field (1 MB) would refuse it before the page could say anything.
        form = await request.form(max_part_size=MAX_VERIFY_BODY)
        return {n: v if isinstance(v := form.get(n, ""), str) else "" for n in names}

    @app.post("/verify/run", response_class=HTMLResponse, include_in_schema=False)
    async def verify_run(request: Request) -> HTMLResponse:
        form = await pasted(request, "log", "result", "card", "reveal")
        report = await run_in_threadpool(checks.run_report, form["log"], form["result"], form["card"], form["reveal"])
        return verified(request, "run", report, form)

    @app.post("/verify/audit", response_class=HTMLResponse, include_in_schema=False)
    async def verify_audit(request: Request) -> HTMLResponse:
        form = await pasted(request, "transcript", "card")
        return verified(request, "audit", await run_in_threadpool(checks.audit_report, form["transcript"], form["card"]), form)

    @app.post("/verify/tape", response_class=HTMLResponse, include_in_schema=False)
    def verify_tape(request: Request, seed: str = Form("")) -> HTMLResponse:
        report = checks.tape_report(seed)
        # A shipped card whose printed tape is not what its seed derives: a misprint the page
        # explains (the game reads the printed tape), rather than a bare red "does NOT match".
        misprint = next((c for c in cards() if c.seed == seed.strip() and c.tape), None) if report.ok is False else None
        return page(request, "verify.html", {
            "cards": cards(), "kind": "tape", "report": report, "form": {"seed": seed}, "misprint": misprint,
            "differ": report.text.count("\n  tape:"),
        })

    @app.post("/verify/seal", response_class=HTMLResponse, include_in_schema=False)
    def verify_seal(request: Request, reveal: str = Form(""), commitment: str = Form("")) -> HTMLResponse:
        return verified(request, "seal", checks.seal_report(reveal, commitment), {"reveal": reveal, "commitment": commitment})

    # -- /epilogue ---------------------------------------------------------------------------------

    @app.get("/epilogue", response_class=HTMLResponse, include_in_schema=False)
    def epilogue(request: Request) -> HTMLResponse:
        counts = store.counts()
        boards = [
            {
                "card": c,
                "best": best_line(store, c),
                "leaders": store.leaderboard(c.game_id, limit=20),
                "resumed": store.resumed_runs(c.game_id, limit=20),
                "ended": counts.get((c.game_id, "ended"), 0),
                "playing": counts.get((c.game_id, "playing"), 0),
            }
            for c in cards()
        ]
        return page(request, "epilogue.html", {"boards": boards})

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> Response:
        return Response((HERE / "static" / "favicon.ico").read_bytes(), media_type="image/x-icon",
                        headers={"Cache-Control": "public, max-age=86400"})

    @app.get("/healthz", include_in_schema=False)
    def healthz() -> PlainTextResponse:
        return PlainTextResponse("ok")

    from cardgm.mcp.http import mount as mount_mcp

    mount_mcp(app, store)  # MCP at /mcp on this store, when the SDK is installed (docs/mcp.md)
    return app


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("cardgm")
    except PackageNotFoundError:  # pragma: no cover - a checkout without install
        return "0"


def escape(text: str) -> str:
    return html.escape(text)

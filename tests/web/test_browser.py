"""The site in a real browser (Playwright driving Debian's chromium, never a downloaded one):
a whole game of each card by keyboard alone, a resume from a pasted SAVE, a verify, a share link
and its replay check, the leaderboard; a screenshot of each page (in $CARDGM_SCREENSHOTS when
set, else the test's temporary folder).

Skipped, saying why, where chromium or the playwright package is missing
(`apt-get install -y chromium`; `pip install -e '.[test]'`).
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

from cardgm.games.deadreckoning import seal
from cardgm.store import open_store

from . import live

CHROMIUM = os.environ.get("CARDGM_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
GOLDEN = Path(__file__).parent.parent / "golden"


def _skip_reason() -> str | None:
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        return f"no chromium at {CHROMIUM} (apt-get install -y chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install -e '.[test]')"
    return None


pytestmark = pytest.mark.skipif(bool(_skip_reason()), reason=_skip_reason() or "")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("site")
    db = str(folder / "runs.sqlite3")
    server = live.start(db, warm=True)  # the epilogue's solves start now, not at its first visit
    yield server.url, db
    server.stop()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    pg.set_default_timeout(15000)
    yield pg
    context.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    where = os.environ.get("CARDGM_SCREENSHOTS")
    folder = Path(where) if where else tmp_path_factory.mktemp("screens")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def messages(name: str) -> list[str]:
    from cardgm.transcript import read_messages

    return read_messages((GOLDEN / name).read_text(encoding="utf-8"))


def tab_to(page, text: str, limit: int = 60) -> None:
    """Press Tab until the focused element says `text` (keyboard only)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused = page.locator(":focus")
        if focused.count() and text in (focused.inner_text() or focused.get_attribute("value") or ""):
            return
    raise AssertionError(f"Tab never reached {text!r}")


def start_by_keyboard(page, url: str, title: str) -> str:
    page.goto(url)
    tab_to(page, f"Play {title}")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r".*/play/[A-Za-z0-9_-]+$"))
    page.locator("#msg").wait_for()
    return page.url.rsplit("/", 1)[1]


def say(page, message: str) -> None:
    """Type a message into the box and press Enter; wait for its reply to be appended."""
    before = page.locator("#log .entry").count()
    assert page.locator("#msg:focus").count() == 1  # the box keeps the focus between messages
    for i, line in enumerate(message.split("\n")):
        if i:
            page.keyboard.press("Shift+Enter")
        page.keyboard.type(line)
    page.keyboard.press("Enter")
    page.locator("#log .entry").nth(before).wait_for()


def ledger(page) -> str:
    return page.locator("#ledger").inner_text()


@pytest.mark.parametrize(("card", "title", "script"), [
    ("becalmed", "BECALMED", "becalmed/landfall.in"),
    ("cattle-trail", "DROVER'S AUTUMN", "cattle-trail/best-line-96.in"),
])
def test_a_whole_game_by_keyboard(site, page, shots, card, title, script) -> None:
    url, _ = site
    start_by_keyboard(page, url, title)
    page.screenshot(path=str(shots / f"{card}-opening.png"))
    for m in messages(script):
        say(page, m)
        if page.locator("#ended-h").count():
            break
    golden = (GOLDEN / script).with_suffix(".golden").read_text(encoding="utf-8")
    result = re.findall(r"^RESULT: .*$", golden, re.M)[-1]
    assert page.locator(".ended .result").inner_text() == result
    assert ledger(page) == re.findall(r"^\[L\] .*$", golden, re.M)[-1]
    # The live region holds every reply, in order, the last one the RESULT's.
    assert page.locator("#log[role=log][aria-live=polite] .entry").count() >= len(messages(script))
    page.screenshot(path=str(shots / f"{card}-ended.png"), full_page=True)


def test_a_sealed_duel_by_keyboard_on_the_board(site, page, shots) -> None:
    url, db = site
    token = start_by_keyboard(page, url, "DEADRECKONING")
    store = open_store(db)
    hulls = sorted(seal.parse_reveal(store.load(token).secret).hull_cells)  # only the server knows
    store.dispose()
    say(page, "where are the ships?")
    # To the board: Shift+Tab from the box lands on its one tab stop (A1), then arrows.
    page.keyboard.press("Shift+Tab")
    focused = page.locator(":focus")
    assert focused.get_attribute("aria-label").startswith("A1")
    at = (0, 0)
    water = [c for c in ("A1", "H8") if c not in hulls]
    for cell in water + hulls:
        row, col = int(cell[1]) - 1, "ABCDEFGH".index(cell[0])
        for _ in range(row - at[0]):
            page.keyboard.press("ArrowDown")
        for _ in range(at[0] - row):
            page.keyboard.press("ArrowUp")
        for _ in range(col - at[1]):
            page.keyboard.press("ArrowRight")
        for _ in range(at[1] - col):
            page.keyboard.press("ArrowLeft")
        at = (row, col)
        assert page.locator(":focus").get_attribute("aria-label").startswith(cell)
        before = page.locator("#log .entry").count()
        page.keyboard.press("Enter")
        page.locator("#log .entry").nth(before).wait_for()
        if cell == hulls[4]:
            page.screenshot(path=str(shots / "deadreckoning-midgame.png"))
    assert page.locator(".ended .result").inner_text().startswith("RESULT: AIGC|deadreckoning|duel|v1.0.0|end:cleared|")
    assert f"score:{100 - len(water)}" in page.locator(".ended .result").inner_text()
    assert "4 sunk, 0 afloat" in page.locator("#panel").inner_text()  # the fleet, read through the panel
    page.screenshot(path=str(shots / "deadreckoning-ended.png"), full_page=True)

    # The share link: read-only, the RESULT line, a one-click replay check.
    share = page.locator(".ended a[href^='/s/']").first.get_attribute("href")
    page.goto(url.rstrip("/") + share)
    assert page.locator("#msg").count() == 0 and page.locator(".badge").inner_text() == "read-only"
    page.get_by_role("button", name="Check the replay").click()
    page.locator(".report.ok").wait_for()
    assert "RESULT matches exactly." in page.locator(".report pre").inner_text()
    page.screenshot(path=str(shots / "share-checked.png"), full_page=True)

    # The leaderboard lists it, beside the best line each tape allows.
    page.goto(url + "epilogue")
    board = page.locator("section[aria-labelledby='ep-deadreckoning'] table.leaders")
    assert board.locator("tbody tr").count() >= 1
    duel = page.locator("section[aria-labelledby='ep-deadreckoning']")
    assert "the best score it allows is 100" in duel.inner_text()
    assert board.locator("thead").inner_text().split("\t")[3] == "Short of the best"
    page.screenshot(path=str(shots / "epilogue.png"), full_page=True)


def test_resume_from_a_pasted_save(site, page, shots) -> None:
    url, _ = site
    start_by_keyboard(page, url, "BECALMED")
    say(page, "FULL, SAIL, ROW")
    say(page, "save")
    saved_ledger = ledger(page)
    block = re.search(r"-----BEGIN AIGC SAVE-----.*?-----END AIGC SAVE-----", page.locator("#log .entry").last.inner_text(), re.S).group(0)
    page.goto(url + "resume")
    page.locator("#save").focus()
    page.keyboard.type(block)
    tab_to(page, "Resume from this SAVE")
    page.screenshot(path=str(shots / "resume.png"), full_page=True)
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r".*/play/"))
    assert ledger(page) == saved_ledger
    assert "resume" in page.locator("#log .entry").last.inner_text().lower() or page.locator("#log .entry").count() == 2
    say(page, "short ration, awning up, watch tonight")
    assert ledger(page).startswith("[L] day 3/14")
    page.screenshot(path=str(shots / "resumed.png"))


def test_verify_a_seed_and_a_seal(site, page, shots) -> None:
    url, _ = site
    page.goto(url)
    page.screenshot(path=str(shots / "home.png"), full_page=True)
    page.goto(url + "verify")
    page.locator("#t-seed").fill("becalmed:1.0.0")
    page.get_by_role("button", name="Rebuild and compare").click()
    page.locator(".report").wait_for()
    report = page.locator(".report pre").inner_text()
    assert "printed" in report and "derived" in report and "tape:7" in report
    page.screenshot(path=str(shots / "verify-tape.png"), full_page=True)
    text = seal.write_reveal(seal.draw_berth(__import__("random").Random(4)), "d" * 32)
    page.locator("#s-reveal").fill(text)
    page.locator("#s-commit").fill(seal.commitment(text))
    page.get_by_role("button", name="Check the seal").click()
    page.locator(".report.ok").wait_for()
    assert "MATCH: the berth in this file is the one that was sealed" in page.locator(".report pre").inner_text()


def test_typed_markup_shows_as_text(site, page) -> None:
    url, _ = site
    start_by_keyboard(page, url, "BECALMED")
    say(page, "<img src=x onerror=alert(1)> hello")
    assert page.locator("#log img").count() == 0
    assert "<img src=x onerror=alert(1)> hello" in page.locator("#log .you .said").last.inner_text()


def test_every_page_fits_a_phone(site, browser, shots) -> None:
    """At a phone's width nothing scrolls sideways: long grid strings and seals wrap, the board
    and the verify forms stack, the leaderboard scrolls in its own box."""
    url, _ = site
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15000)
    try:
        page.goto(url)
        page.get_by_role("button", name="Play DEADRECKONING").click()
        page.wait_for_url(re.compile(r".*/play/"))
        for cell in ("A1", "B2"):
            before = page.locator("#log .entry").count()
            page.get_by_role("button", name=re.compile("^" + cell)).click()
            page.locator("#log .entry").nth(before).wait_for()
        page.locator("#msg").focus()
        say(page, "save")
        share = page.locator("a[href^='/s/']").first.get_attribute("href")
        pages = {"play": page.url, "share": url.rstrip("/") + share}
        pages.update({name: url + name for name in ("", "resume", "verify", "epilogue")})
        for name, address in pages.items():
            page.goto(address)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"{name or 'home'} is {width}px wide on a 390px screen"
        page.goto(pages["play"])
        page.screenshot(path=str(shots / "phone-play.png"), full_page=True)
    finally:
        context.close()


# -- the panel, the rewind, another site, every width ----------------------------------------------


def panel_text(page, label: str) -> str:
    """The words under one part of the status panel, as a reader sees them."""
    part = page.locator("#panel .part").filter(has=page.locator("h3", has_text=label)).first
    return part.inner_text()


@pytest.mark.parametrize(("card", "title", "script"), [
    ("becalmed", "BECALMED", "becalmed/landfall.in"),
    ("cattle-trail", "DROVER'S AUTUMN", "cattle-trail/best-line-96.in"),
])
def test_the_panel_reads_the_state_through_a_whole_game(site, page, shots, card, title, script) -> None:
    """After every reply the panel says what the LEDGER says, in words: a newcomer reads the
    state there without the card's notation."""
    url, _ = site
    start_by_keyboard(page, url, title)
    for i, m in enumerate(messages(script)):
        say(page, m)
        fields = page.evaluate("fetch(location.pathname.replace('/play/', '/api/runs/') + '/reply').then(r => r.json())")["state"]
        if card == "becalmed":
            assert panel_text(page, "Thirst").endswith(f"{fields['thirst']} of 7") or f"{fields['thirst']} of 7 ·" in panel_text(page, "Thirst")
            assert f"{fields['westing']} of 30 leagues" in panel_text(page, "Westing")
            assert f"{fields['water']} measures" in panel_text(page, "The breaker")
            dead = fields["crew"].count("x")
            assert panel_text(page, "Five souls").count("dead") == dead
        else:
            assert f"mile {fields['mile']} of 179" in panel_text(page, "The road")
            assert f"{fields['head']} head" in panel_text(page, "Herd and purse")
            assert f"{fields['silver']} silver" in panel_text(page, "Herd and purse")
            assert all(name in panel_text(page, "The crew") for name in fields["crew"])
        if i == 3:
            page.screenshot(path=str(shots / f"{card}-panel.png"))
        if page.locator("#ended-h").count():
            break
    assert page.locator(".ended .result").count() == 1
    # The end points to this site's own pages, not the card's.
    last = page.locator("#log .entry").last
    assert last.locator(".pointers a[href='/verify']").count() == 1 and "aigamecards.com" not in last.inner_text()


def test_a_revealed_berth_cannot_be_rewound(site, page, shots) -> None:
    """Save early, clear the sea, take the reveal file, paste both at /resume: the site brings
    back that duel's own page, makes no new run, and the leaderboard holds one row for it."""
    url, db = site
    token = start_by_keyboard(page, url, "DEADRECKONING")
    store = open_store(db)
    hulls = sorted(seal.parse_reveal(store.load(token).secret).hull_cells)
    store.dispose()
    say(page, "save")
    block = re.search(r"-----BEGIN AIGC SAVE-----.*?-----END AIGC SAVE-----", page.locator("#log .entry").last.inner_text(), re.S).group(0)
    for cell in hulls:
        page.locator("#msg").focus()
        say(page, cell)
    reveal_link = page.locator(".ended a[href^='/s/'][href$='.md']").first.get_attribute("href")
    reveal = page.evaluate(f"fetch('{reveal_link}').then(r => r.text())")
    store = open_store(db)
    board, runs = store.leaderboard("deadreckoning", limit=1000), len(store.list_runs(limit=1000))
    assert token in {t for t, _ in store.runs_for_tokens([token])}
    page.goto(url + "resume")
    page.locator("#save").fill(block)
    page.locator("summary", has_text="A reveal file").click()
    page.locator("#reveal").fill(reveal)
    page.get_by_role("button", name="Resume from this SAVE").click()
    page.wait_for_url(re.compile(r".*/s/[A-Za-z0-9_-]+\?spent=1$"))
    assert "its berth is spent once revealed" in page.locator("main").inner_text()
    assert page.locator("#msg").count() == 0
    page.screenshot(path=str(shots / "rewind-refused.png"), full_page=True)
    assert store.leaderboard("deadreckoning", limit=1000) == board and len(store.list_runs(limit=1000)) == runs
    store.dispose()


def test_a_post_from_another_site_is_refused(site, page) -> None:
    """A page on another origin that posts a form to /runs: 403, no run, the cookie unchanged."""
    url, _ = site
    page.goto(url)
    page.get_by_role("button", name="Play BECALMED").click()
    page.wait_for_url(re.compile(r".*/play/"))
    before = [c["value"] for c in page.context.cookies() if c["name"] == "cardgm_runs"]
    evil = "http://evil.example/"
    page.route(evil, lambda route: route.fulfill(
        status=200, content_type="text/html",
        body=f'<form method="post" action="{url}runs"><input name="card" value="becalmed"><button>go</button></form>',
    ))
    page.goto(evil)
    with page.expect_navigation():
        page.get_by_role("button", name="go").click()
    assert "another site" in page.locator("body").inner_text()
    after = [c["value"] for c in page.context.cookies() if c["name"] == "cardgm_runs"]
    assert after == before


@pytest.mark.parametrize(("width", "height"), [(1280, 900), (390, 844)])
def test_no_page_overflows_at_desktop_or_phone_width(site, browser, shots, width: int, height: int) -> None:
    """Each card's play page mid-game, its share page, and the other pages: nothing is wider than
    the screen, and nothing in the panel sticks out of it. A screenshot of each."""
    url, _ = site
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(15000)
    try:
        pages: dict[str, str] = {}
        for card, title, first in (("becalmed", "BECALMED", "FULL, SAIL, ROW"), ("cattle-trail", "DROVER'S AUTUMN", "STEADY"),
                                   ("deadreckoning", "DEADRECKONING", "fire D4")):
            page.goto(url)
            page.get_by_role("button", name=f"Play {title}").click()
            page.wait_for_url(re.compile(r".*/play/"))
            page.locator("#msg").focus()
            say(page, first)
            pages[f"{card}-play"] = page.url
            pages[f"{card}-share"] = url.rstrip("/") + page.locator("a[href^='/s/']").first.get_attribute("href")
        pages.update({name or "home": url + name for name in ("", "resume", "verify", "epilogue")})
        for name, address in pages.items():
            page.goto(address)
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= width, f"{name} is {wide}px wide on a {width}px screen"
            sticking = page.evaluate(
                "(() => { const p = document.querySelector('.panel'); if (!p) return []; const r = p.getBoundingClientRect();"
                " return [...p.querySelectorAll('*')].filter(e => e.getBoundingClientRect().right > r.right + 1)"
                ".map(e => e.className.baseVal ?? e.className); })()"
            )
            assert sticking == [], f"{name}: {sticking} stick out of the panel"
            page.screenshot(path=str(shots / f"{width}-{name}.png"), full_page=True)
    finally:
        context.close()


def test_two_tabs_of_one_run_never_play_a_stale_page(site, browser) -> None:
    """A message sent from a tab the run has moved on from (the other tab sent first) is not
    played: the tab shows what it missed, says why, and keeps the words in the box; sent again
    from there, it is played."""
    url, _ = site
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    first = context.new_page()
    token = start_by_keyboard(first, url, "BECALMED")
    second = context.new_page()
    second.goto(f"{url.rstrip('/')}/play/{token}")
    second.locator("#msg").wait_for()
    say(first, "short, sail, row")
    second.locator("#msg").focus()
    second.keyboard.type("full, awning, bail")
    second.keyboard.press("Enter")
    second.locator("#error").filter(has_text="moved on").wait_for()
    assert second.locator("#log .entry").count() == 2  # the reply it missed, appended
    assert second.locator("#msg").input_value() == "full, awning, bail"
    assert ledger(second) == ledger(first)
    second.keyboard.press("Enter")
    second.locator("#log .entry").nth(2).wait_for()
    assert second.locator("#error").inner_text() == ""
    sent = [e["message"] for e in second.request.get(f"{url.rstrip('/')}/api/runs/{token}").json()["replies"]]
    assert sent == [None, "short, sail, row", "full, awning, bail"]
    context.close()

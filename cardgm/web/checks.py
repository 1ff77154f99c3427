"""The /verify page's four checks, each giving the very report the terminal prints:

- `run_report`: a run log and a RESULT line, as `cardgm verify run LOG --result LINE`;
- `audit_report`: a chat transcript, as `cardgm audit FILE`;
- `tape_report`: a seed, the tape rebuilt and a card's printed tape compared, as `cardgm tape --check`;
- `seal_report`: a reveal file and its commitment, as `cardgm verify seal REVEAL COMMITMENT`.

Each returns a `Report`: `ok` (True: all matches; False: something differs; None: nothing to
judge, e.g. the input could not be read) and the text, line for line the CLI's. The tests hold
each against the CLI's output for the same input.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from cardgm import games
from cardgm.card import CardError, load_card


@dataclass(frozen=True)
class Report:
    ok: bool | None
    text: str


def _error(text: str) -> Report:
    return Report(None, on_the_page(text))


def on_the_page(text: str) -> str:
    """The terminal's words for its --card option, said as the page offers it (a choice)."""
    return text.replace("with --card", "with the Card choice on this page")


def site_card(name: str) -> str | None:
    """The game id of the shipped card `name` names ("BECALMED", "becalmed.md"), or None. The
    site names cards, never files: `load_card` would read any path on this machine as a card."""
    key = name.strip().lower().removesuffix(".md")
    return key if key in games.ids() else None


def _not_a_card(name: str, where: str) -> Report:
    shown = name if len(name) <= 60 else name[:60] + "…"
    return _error(f"{where} names the card {shown!r}, which is not a card this site plays ({', '.join(games.ids())})")


def run_report(log_text: str, result: str | None = None, card: str | None = None, reveal: str | None = None) -> Report:
    """`cardgm verify run`. A log naming a reveal file (a sealed duel) is replayed with `reveal`,
    the text of that file, standing beside it."""
    from cardgm.verify.replay import LogError, read_log, replay, result_game

    result = (result or "").strip() or None
    card = (card or "").strip() or None
    try:
        the_log = read_log(log_text)
    except LogError as exc:
        return _error(f"the run log: {exc}")
    # The card the replay would take (the choice, else the RESULT's game, else the log's header),
    # held to the shipped cards before anything loads it.
    for named, where in ((card, "the Card choice"), (result_game(result), "the RESULT line"), (the_log.card, "the run log")):
        if named is not None:
            card = site_card(named)
            if card is None:
                return _not_a_card(named, where)
            break
    files: dict[str, str] | None = None
    with tempfile.TemporaryDirectory(prefix="cardgm-verify-") as folder:
        base = Path(folder)
        if reveal and reveal.strip() and not any(key.endswith("_file") for key in the_log.options):
            # A log that names no reveal file (a --json log, a plain list of messages): the pasted
            # one is played as `cardgm verify run --sealed REVEAL` plays it, never ignored for the
            # berth the card prints.
            option = _file_option(card or the_log.card)
            if option is None:
                return _error("this card hides nothing: a reveal file is only for a card with a sealed setup")
            (base / "reveal.md").write_bytes(reveal.replace("\r\n", "\n").encode("utf-8"))
            files = {option: str(base / "reveal.md")}
        options = dict(the_log.options)
        for key, value in the_log.options.items():
            if key.endswith("_file"):
                # Only the pasted file is read, never a path on this machine that a log names.
                name = Path(str(value)).name or "reveal.md"
                if not reveal or not reveal.strip():
                    return _error(f"the run log plays the sealed file {name}: paste that file too")
                (base / name).write_bytes(reveal.replace("\r\n", "\n").encode("utf-8"))
                options[key] = name
        the_log = replace(the_log, options=options)
        try:
            verdict = replay(the_log, card=card, result=result, base=base, files=files)
        except (LogError, CardError, ValueError) as exc:
            return _error(f"the run log: {exc}")
    final = verdict.final
    lines = [
        f"messages replayed  {len(the_log.messages)}",
        f"final LEDGER       {final.ledger}",
        f"end                {final.end or '(not ended)'}",
        f"score              {final.score if final.score is not None else '(not ended)'}",
        f"RESULT             {final.result or '(not ended)'}",
    ]
    if verdict.divergence:
        turn, recorded, replayed = verdict.divergence
        lines.append(f"the log's reply at turn {turn} differs from the replay:")
        lines.append("  recorded: " + recorded.replace("\n", "\n            "))
        lines.append("  replayed: " + replayed.replace("\n", "\n            "))
    for check in verdict.result_checks:
        mark = "ok " if check.ok else "DIFFERS"
        lines.append(f"  {mark:7} {check.name:8} given {check.claimed!r}, replay {check.replayed!r}")
    if result is not None:
        lines.append("RESULT matches exactly." if verdict.matches else "RESULT does NOT match.")
    return Report(verdict.matches, "\n".join(lines))


def _file_option(card: str | None) -> str | None:
    """The game option that names a reveal file (`*_file`), for the card the log plays."""
    if not card:
        return None
    try:
        entry = games.entry(load_card(card).game_id)
    except CardError:
        return None
    return next((o.name for o in entry.options if o.name.endswith("_file")), None)


def audit_report(transcript: str, card: str | None = None) -> Report:
    """`cardgm audit`: every LEDGER of a chat run against the rules."""
    from cardgm.verify import report
    from cardgm.verify.audit import AuditError, audit
    from cardgm.verify.transcript_io import TranscriptError, read_transcript

    card = (card or "").strip() or None
    if card is not None and site_card(card) is None:
        return _not_a_card(card, "the Card choice")
    try:
        found = audit(read_transcript(transcript), card_name=site_card(card) if card else None)
    except (TranscriptError, AuditError, CardError) as exc:
        return _error(f"the transcript: {exc}")
    return Report(not found.findings, on_the_page(report.text(found)))


def tape_report(seed: str, n: int = 40) -> Report:
    """A seed's tape rebuilt; where a shipped card prints a tape from that seed, `cardgm tape
    --check CARD`'s comparison, else the derived values as `cardgm tape SEED N` prints them."""
    from cardgm.tape import compare, derive

    seed = seed.strip()
    if not seed:
        return _error("give a seed, e.g. the one in a card's DICE TAPE heading")
    if len(seed) > 200 or any(ch.isspace() for ch in seed):
        return _error("a seed is one word, such as name:1.0.0")
    card = next((c for c in (load_card(name) for name in games.ids()) if c.seed == seed and c.tape), None)
    if card is None:
        return Report(None, " ".join(str(v) for v in derive(seed, n)))
    derived = derive(seed, len(card.tape))
    lines = [f"seed     {card.seed}", f"printed  {' '.join(map(str, card.tape))}", f"derived  {' '.join(map(str, derived))}"]
    diffs = compare(card.tape, derived)
    if not diffs:
        lines.append(f"all {len(card.tape)} printed values match the derivation.")
        return Report(True, "\n".join(lines))
    lines.append(f"{len(diffs)} of {len(card.tape)} positions differ (the printed tape is what the game reads):")
    lines += [f"  tape:{d.position}  printed {d.printed}  derived {d.derived}" for d in diffs]
    return Report(False, "\n".join(lines))


def seal_report(reveal: str, commitment: str) -> Report:
    """`cardgm verify seal`: a secret's file (a reveal file) against its commitment, by the game
    whose entry checks secrets."""
    from cardgm import games

    checkers = [e for e in games.entries() if e.check_secret is not None]
    if not checkers:
        return _error("no game cardgm knows seals a secret")
    check = games.part(checkers[0], "check_secret")
    # A browser sends a pasted file's line ends as CRLF, and a text box drops its last newline;
    # the file was most likely written with LF and ends in one (cardgm's do). Each form the paste
    # may stand for is checked: a match on any is the hash of that file, so proof all the same.
    lf = reveal.replace("\r\n", "\n")
    forms = dict.fromkeys([lf, reveal, *((lf + "\n", reveal + "\r\n") if not reveal.endswith("\n") else ())])
    try:
        reports = [check(form.encode("utf-8"), commitment) for form in forms]
    except ValueError as exc:
        return _error(str(exc))
    ok, lines = next((r for r in reports if r[0]), reports[0])  # the LF file's report when none matches
    return Report(ok, "\n".join(lines))

"""/verify gives the very report the terminal prints, for each of its four checks."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgm.cli import main
from cardgm.games.deadreckoning import seal
from cardgm.web import checks

TRANSCRIPTS = Path(__file__).parent.parent / "transcripts"


def cli(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def test_run_report_is_verify_runs(tmp_path) -> None:
    log = tmp_path / "run.jsonl"
    cli("play", "becalmed", "--log", str(log), input="FULL, SAIL, ROW\nDRY, SAIL, ROW\nlet her drive\nyes\n")
    final = log.read_text().splitlines()[-1]
    import json

    result = json.loads(final)["result"]
    assert result
    for claimed in (result, result.replace("score:0", "score:7")):
        terminal = cli("verify", "run", str(log), "--result", claimed)
        web = checks.run_report(log.read_text(), claimed)
        assert web.text == terminal.output.rstrip("\n")
        assert web.ok is (terminal.exit_code == 0)


def test_run_report_of_a_sealed_duel_takes_the_reveal_file(tmp_path) -> None:
    reveal = tmp_path / "reveal.md"
    reveal.write_text(seal.write_reveal(seal.draw_berth(random.Random(2)), "a" * 32), encoding="utf-8")
    log = tmp_path / "duel.jsonl"
    cli("play", "deadreckoning", "--sealed", str(reveal), "--log", str(log), input="D4\nI strike my colours\nyes\n")
    import json

    result = json.loads(log.read_text().splitlines()[-1])["result"]
    terminal = cli("verify", "run", str(log), "--result", result)
    web = checks.run_report(log.read_text(), result, reveal=reveal.read_text())
    assert web.text == terminal.output.rstrip("\n") and web.ok and terminal.exit_code == 0
    assert "paste that file too" in checks.run_report(log.read_text(), result).text
    other = seal.write_reveal(seal.draw_berth(random.Random(3)), "b" * 32)
    assert checks.run_report(log.read_text(), result, reveal=other).ok is False


@pytest.mark.parametrize("name", sorted(p.name for p in TRANSCRIPTS.glob("*.txt"))[:3])
def test_audit_report_is_audits(name: str) -> None:
    path = TRANSCRIPTS / name
    terminal = cli("audit", str(path))
    web = checks.audit_report(path.read_text(encoding="utf-8"))
    assert web.text == terminal.output.rstrip("\n")
    assert web.ok is (terminal.exit_code == 0)


@pytest.mark.parametrize("card", ["becalmed", "cattle-trail"])
def test_tape_report_is_tape_check(card: str) -> None:
    from cardgm.card import load_card

    seed = load_card(card).seed
    terminal = cli("tape", "--check", card)
    web = checks.tape_report(seed)
    assert web.text == terminal.output.rstrip("\n") and web.ok is (terminal.exit_code == 0)
    assert checks.tape_report("mine:2.0.0").text == cli("tape", "mine:2.0.0").output.rstrip("\n")


def test_seal_report_is_verify_seals(tmp_path) -> None:
    text = seal.write_reveal(seal.draw_berth(random.Random(5)), "c" * 32)
    path = tmp_path / "reveal.md"
    path.write_text(text, encoding="utf-8")
    digest = seal.commitment(text)
    for claim in (digest, digest[:16], "0" * 16):
        terminal = cli("verify", "seal", str(path), claim)
        web = checks.seal_report(text.replace("\n", "\r\n"), claim)  # as a browser sends a paste
        assert web.text == terminal.output.rstrip("\n") and web.ok is (terminal.exit_code == 0)
    assert checks.seal_report(text, "xyz").ok is None


def test_the_page_names_its_card_choice_where_the_terminal_names_card() -> None:
    """The page has no --card option: where the terminal's words send the player to it, the
    page's say its Card choice, and the report is otherwise the terminal's."""
    unnamed = checks.run_report("FULL, SAIL, ROW\n")
    assert unnamed.text == "the run log: the log names no card: give it with the Card choice on this page"
    named = checks.audit_report((TRANSCRIPTS / "becalmed-chatgpt-copy.txt").read_text(encoding="utf-8"), "becalmed")
    terminal = cli("audit", str(TRANSCRIPTS / "becalmed-chatgpt-copy.txt"), "--card", "becalmed").output.rstrip("\n")
    assert "--card" in terminal and "--card" not in named.text
    assert named.text == terminal.replace("with --card", "with the Card choice on this page")


def test_run_report_plays_a_pasted_reveal_file_the_log_does_not_name(tmp_path) -> None:
    """A --json log names no reveal file; `verify run --sealed REVEAL` accepts the honest run, and
    so does the page with the file pasted (never the card's printed berth in its place)."""
    import json

    reveal = tmp_path / "reveal.md"
    berth = seal.draw_berth(random.Random(5))
    reveal.write_text(seal.write_reveal(berth, "c" * 32), encoding="utf-8")
    hulls = sorted(seal.parse_reveal(reveal.read_text()).hull_cells)
    out = cli("play", "deadreckoning", "--sealed", str(reveal), "--json", input="\n".join(hulls) + "\n")
    log = tmp_path / "duel.jsonl"
    log.write_text(out.output, encoding="utf-8")
    result = json.loads(out.output.splitlines()[-1])["result"]
    assert result and "cardgm_log" not in out.output.splitlines()[0]
    terminal = cli("verify", "run", str(log), "--card", "deadreckoning", "--sealed", str(reveal), "--result", result)
    assert terminal.exit_code == 0
    web = checks.run_report(log.read_text(), result, card="deadreckoning", reveal=reveal.read_text())
    assert web.ok and web.text == terminal.output.rstrip("\n")
    assert "hides nothing" in checks.run_report(log.read_text(), result, card="becalmed", reveal=reveal.read_text()).text

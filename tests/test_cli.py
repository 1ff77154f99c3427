"""The command line: help, tape commands, errors without tracebacks."""

from __future__ import annotations

import subprocess
import sys

from click.testing import CliRunner

from cardgm.cli import main


def cli(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def test_help_explains_the_commands() -> None:
    result = cli("--help")
    assert result.exit_code == 0
    for word in ("play", "tape", "verify", "seal"):
        assert word in result.output


def test_tape_prints_derived_values() -> None:
    result = cli("tape", "cattle-trail:1.0.0", "12")
    assert result.output.strip() == "16 3 6 5 18 11 9 2 9 8 15 1"


def test_tape_check_passes_on_a_matching_card() -> None:
    result = cli("tape", "--check", "cattle-trail")
    assert result.exit_code == 0 and "all 40 printed values match" in result.output


def test_tape_check_lists_every_difference_and_exits_one() -> None:
    result = cli("tape", "--check", "becalmed")
    assert result.exit_code == 1
    for pos in (7, 14, 16, 21, 33):
        assert f"tape:{pos} " in result.output
    assert "5 of 40 positions differ" in result.output


def test_verify_tape_is_the_same_check() -> None:
    assert cli("verify", "tape", "becalmed").output == cli("tape", "--check", "becalmed").output


def test_unreadable_card_is_a_clear_error_not_a_traceback(tmp_path) -> None:
    bad = tmp_path / "bad.md"
    bad.write_text("# NOTHING\nhere", encoding="utf-8")
    result = cli("play", str(bad), input="")
    assert result.exit_code == 2
    assert "cannot read this card: missing" in result.output and "Traceback" not in result.output


def test_console_script_entry_point_runs() -> None:
    out = subprocess.run([sys.executable, "-m", "cardgm.cli", "tape", "x:1", "3"], capture_output=True, text=True)
    assert out.returncode == 0 and len(out.stdout.split()) == 3

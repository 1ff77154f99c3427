"""`cardgm seal`, `cardgm verify seal` and `cardgm play deadreckoning --sealed`, end to end."""

from __future__ import annotations

import json
import random
import re

from click.testing import CliRunner

from cardgm.cli import main
from cardgm.games.deadreckoning import seal


def cli(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def sealed(tmp_path):
    out = tmp_path / "reveal.md"
    result = cli("seal", "-o", str(out))
    assert result.exit_code == 0, result.output
    digest = re.search(r"commitment sha256:([0-9a-f]{64})", result.output).group(1)
    return out, digest


def test_seal_writes_a_legal_reveal_and_prints_its_commitment(tmp_path) -> None:
    out, digest = sealed(tmp_path)
    assert seal.commitment(out.read_bytes()) == digest
    assert seal.parse_reveal(out.read_text(encoding="utf-8")).is_legal()


def test_seal_never_prints_the_berth(tmp_path) -> None:
    result = cli("seal", "-o", str(tmp_path / "r.md"))
    berth = seal.parse_reveal((tmp_path / "r.md").read_text(encoding="utf-8"))
    cells = {c for ship in berth.ships for c in ship.cells}
    assert not any(re.search(rf"\b{c}\b", result.output) for c in map(str, cells))


def test_seal_refuses_to_overwrite_without_force(tmp_path) -> None:
    out, _ = sealed(tmp_path)
    again = cli("seal", "-o", str(out))
    assert again.exit_code == 2 and "exists" in again.output
    assert cli("seal", "-o", str(out), "--force").exit_code == 0


def test_verify_seal_matches_full_and_prefix_and_refuses_a_changed_file(tmp_path) -> None:
    out, digest = sealed(tmp_path)
    assert cli("verify", "seal", str(out), digest).exit_code == 0
    assert "MATCH" in cli("verify", "seal", str(out), digest[:16] + "…").output
    short = cli("verify", "seal", str(out), digest[:8])
    assert short.exit_code == 2
    out.write_bytes(out.read_bytes().replace(b"salt", b"Salt", 1))
    changed = cli("verify", "seal", str(out), digest)
    assert changed.exit_code == 1 and "MISMATCH" in changed.output


def test_play_sealed_reads_the_commitment_and_hides_the_berth_until_the_end(tmp_path) -> None:
    # A fixed draw, so the test is the same every run; D4 is the reply's own example cell.
    berth = seal.draw_berth(random.Random(11))
    text = seal.write_reveal(berth, "0123456789abcdef0123456789abcdef")
    out = tmp_path / "reveal.md"
    out.write_text(text, encoding="utf-8")
    digest = seal.commitment(out.read_bytes())
    cells = [str(c) for ship in berth.ships for c in ship.cells if str(c) not in ("A1", "D4")]
    assert cells
    result = cli("play", "deadreckoning", "--sealed", str(out), "--json", input="A1\nI strike my colours\n")
    replies = [json.loads(line) for line in result.output.splitlines()]
    assert digest in replies[0]["text"]
    assert replies[-1]["end"] == "struck-colours"
    assert "verify seal" in replies[-1]["text"]
    # Before the end no output names a hull cell that was not struck (A1 only was fired).
    for reply in replies[:-1]:
        blob = json.dumps(reply)
        for c in cells:
            assert not re.search(rf"\b{c}\b", blob), c


def test_sealed_is_only_for_deadreckoning(tmp_path) -> None:
    out, _ = sealed(tmp_path)
    result = cli("play", "becalmed", "--sealed", str(out), input="")
    assert result.exit_code == 2 and "--sealed is for DEADRECKONING" in result.output

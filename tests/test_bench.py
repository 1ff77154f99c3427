"""Every script in bench/ runs, on a tiny case, as a person runs it (`python bench/X.py …` from the
checkout), so that none of them rots while the code it measures moves. The figures of so small a
run mean nothing; what is checked is that each script gets to its table. A script added to bench/
must be added here (the last test says so)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"

# script (and, after a space, which of its modes): (its tiny case, a line its output must hold).
# Sizes are each script's own flags.
TINY: dict[str, tuple[tuple[str, ...], str]] = {
    "baseline.py": (("--seconds", "0.1"), r"^reference loop +[\d,]+ units/s"),
    "bench_day_parts.py": (("--against", ".", "--rounds", "1", "--steps", "200", "--passes", "1"), r"^a day \(driver \+ apply\) +[\d.]+ +[\d.]+ +[\d.]+$"),
    "bench_engine.py": (("--seconds", "0.05", "--cpu"), r"^deadreckoning random salvos +[\d,]+ salvos/s"),
    "bench_engine.py --against": (("--against", ".", "--rounds", "1", "--seconds", "0.05"), r"^deadreckoning random salvos +[\d,]+ +[\d,]+ +[\d.]+"),
    "bench_engine.py --records": (("--records",), r"^deadreckoning Duel +5 +[\d.]+ +[\d.]+"),
    "bench_coach.py": (("--games", "1", "--sea", "5"), r"^ +≤ 1,000 +\d+ +[\d.]+s"),
    "bench_env.py": (("--seconds", "0.05", "--episodes", "1"), r"^BECALMED +[\d,]+ +[\d,]+ +[\d.]+"),
    "bench_help.py": (("--runs", "1"), r"^cardgm --help +median +[\d.]+ s over 1 runs +ratio"),
    "bench_help.sh": (("--runs", "1"), r"^cardgm --help +median"),
    "bench_hunt.py": (("--sea", "5"), r"^density over every berth +[\d.]+ s"),
    "bench_hunt.py --sample": (
        ("--sea", "5", "--sample", "50,500", "--all"),
        r"^  \.\.\. over a sample of 500 +[\d.]+ s +[\d.]+ x reference +cpu +[\d.]+ s +[\d.]+ x reference CPU  = [\d.]+ of the whole",
    ),
    "bench_play.py": (("--messages", "20"), r"^ +20 messages: +[\d.]+ MB peak"),
    "bench_play.py --script": (("--messages", "20", "--card", "becalmed", "--script"), r"^ +20 messages: +[\d.]+ MB peak"),
    "bench_mcp.py": (("--seconds", "0.05", "--messages", "2", "--card", "becalmed"), r"^becalmed +mcp stdio +[\d,.]+"),
    "bench_mcp_transports.py": (("--calls", "2", "--steps", "20"), r"^MCP show_run, http: +[\d,]+ calls/s"),
    "bench_reach.py": (("--days", "3"), r"^cattle-trail: every day: 19 mornings"),
    "bench_readers.py": (("--seconds", "0.05", "--rounds", "1", "--baseline", "HEAD"), r"^becalmed +\d+ +[\d,]+"),
    "bench_solve.py": (("--card", "becalmed", "--no-ends"), r"^becalmed +printed +best +100 end:landfall"),
    "bench_web.py": (
        ("--players", "1", "--seconds", "0.3", "--workers", "1", "--kill-players", "0", "--length", "4", "--length-pairs", "1"),
        r"^\| SQLite \| 1 \| [\d,]+ \|",
    ),
    "fingerprint_becalmed.py": (("--per-tape", "1"), r"^\d+ [0-9a-f]{64}$"),
    "fingerprint_cattle_trail.py": (("--per-tape", "1"), r"^\d+ [0-9a-f]{64}$"),
    "fingerprint_deadreckoning.py": (("--duels", "2"), r"^2 [0-9a-f]{64}$"),
    "fingerprint_hunt.py": (("--sea", "5", "density"), r"^density +[\d,]+ sum [\d,]+ median"),
    "fuzz.py": (("--messages", "10", "--worst", "1"), r"worst shapes at 4,000 chars"),
}


@pytest.mark.parametrize("script", sorted(TINY))
def test_the_script_runs_a_tiny_case(script: str) -> None:
    args, wanted = TINY[script]
    script = script.split()[0]
    if script == "bench_env.py":
        pytest.importorskip("gymnasium", reason="the env extra: pip install -e '.[test]'")
    if script == "bench_mcp_transports.py":
        pytest.importorskip("gymnasium", reason="the env extra: pip install -e '.[test]'")
    if script in ("bench_mcp.py", "bench_mcp_transports.py"):
        pytest.importorskip("mcp", reason="the MCP SDK is an optional extra: pip install -e '.[test]'")
    command = ["sh", str(BENCH / script), *args] if script.endswith(".sh") else [sys.executable, str(BENCH / script), *args]
    env = dict(os.environ, PYTHON=sys.executable)  # bench_help.sh runs $PYTHON
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, f"{script} exit {done.returncode}\n{done.stdout[-1500:]}\n{done.stderr[-1500:]}"
    assert "Traceback" not in done.stderr, done.stderr
    assert re.search(wanted, done.stdout, re.MULTILINE), f"{script}: no line matching {wanted!r} in\n{done.stdout[-1500:]}"


def test_every_script_in_bench_is_run_here() -> None:
    scripts = {p.name for p in BENCH.iterdir() if p.suffix in (".py", ".sh")}
    named = {k.split()[0] for k in TINY}
    assert scripts == named, f"bench/ and this test differ: {sorted(scripts ^ named)}"


@pytest.mark.parametrize("script", sorted(p.name for p in BENCH.glob("*.py")))
def test_every_script_answers_help_without_running(script: str) -> None:
    """`--help` explains and runs nothing (bench_hunt.py and fingerprint_hunt.py read their
    arguments by hand, and once took it for a run of the whole table)."""
    done = subprocess.run([sys.executable, str(BENCH / script), "--help"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert len(done.stdout.splitlines()) >= 3 and not done.stdout.startswith("load average")  # a run opens with the load

"""docs/rulings.md names the test that pins each ruling: every name it gives must exist."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent


def defined_tests() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        names.update(re.findall(r"^\s*(?:async\s+)?def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    return names


def test_every_test_named_in_the_rulings_exists() -> None:
    docs = [ROOT / "docs" / "rulings.md", *sorted((ROOT / "docs" / "rulings").glob("*.md"))]
    text = "\n".join(p.read_text(encoding="utf-8") for p in docs if p.exists())
    named = set(re.findall(r"\b(test_\w+)\b(?!\.py)", text))
    assert named, "the rulings name no tests"
    missing = sorted(named - defined_tests())
    assert not missing, f"rulings name tests that do not exist: {missing}"


def _ruled_numbers() -> dict[str, set[int]]:
    sections: dict[str, set[int]] = {}
    current = ""
    for line in (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            current = line[3:].strip()
            sections[current] = set()
        m = re.match(r"### (\d+)\.", line)
        if m and current:
            sections[current].add(int(m.group(1)))
    return sections


def _question_numbers(card_file: str) -> set[int]:
    text = (ROOT.parent / "shared" / "cards" / "questions" / card_file).read_text(encoding="utf-8")
    return {int(n) for n in re.findall(r"^(\d+)\. \*\*", text, re.M)}


def test_every_question_found_so_far_is_ruled() -> None:
    questions = ROOT.parent / "shared" / "cards" / "questions"
    if not questions.exists():  # a clone without shared/ beside it: the doc's own numbering stands
        import pytest

        pytest.skip("shared/cards/questions is not beside this checkout")
    ruled = _ruled_numbers()
    assert _question_numbers("becalmed.md") <= ruled["BECALMED"]
    assert _question_numbers("deadreckoning.md") <= ruled["DEADRECKONING"]
    drover = ruled["DROVER'S AUTUMN, Part 1"] | ruled["DROVER'S AUTUMN, Part 2"]
    assert _question_numbers("cattle-trail.md") <= drover

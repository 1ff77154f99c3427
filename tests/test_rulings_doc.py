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

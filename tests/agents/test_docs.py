"""docs/agents.md's examples run."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")

DOC = Path(__file__).resolve().parents[2] / "docs" / "agents.md"


def test_docs_agents_examples_run() -> None:
    result = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    assert result.attempted > 10 and result.failed == 0

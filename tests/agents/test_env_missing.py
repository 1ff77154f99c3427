"""Without Gymnasium (an optional extra), importing cardgm.env says how to get it."""

from __future__ import annotations

import subprocess
import sys


def test_cardgm_env_without_gymnasium_names_the_extra() -> None:
    code = "import sys; sys.modules['gymnasium'] = None\ntry:\n    import cardgm.env\nexcept ImportError as e:\n    print(e)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "cardgm.env needs Gymnasium, an optional extra: pip install 'cardgm[env]'"

"""Settings every test shares."""

from __future__ import annotations

import os
import tempfile

# The reachable mornings a SAVE is checked against are kept between runs in the user's cache
# folder; the tests keep theirs in a folder of their own (random tapes would otherwise leave a
# file each there). Subprocesses inherit it.
os.environ.setdefault("CARDGM_CACHE", tempfile.mkdtemp(prefix="cardgm-test-cache-"))

"""The JSON API against its own OpenAPI schema (schemathesis): every answer is documented,
every error is one of the documented ones, nothing is a server error."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path

import schemathesis
from schemathesis.checks import positive_data_acceptance
from hypothesis import HealthCheck, settings

from cardgm.store import open_store
from cardgm.web.app import create_app

_folder = tempfile.mkdtemp(prefix="cardgm-schema-")
atexit.register(shutil.rmtree, _folder, ignore_errors=True)
_store = open_store(str(Path(_folder) / "runs.sqlite3"))
schema = schemathesis.openapi.from_asgi("/openapi.json", create_app(_store))


@schema.parametrize()
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_keeps_to_its_schema(case) -> None:
    # A well-formed request may still be refused with a documented 422 (a SAVE block that does
    # not resume, an option the game does not take): only that check is left out.
    case.call_and_validate(excluded_checks=[positive_data_acceptance])

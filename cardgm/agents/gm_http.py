"""The chat client `cardgm bench-gm` talks to the model through: `cardgm eval`'s ChatClient, its
POST made here with `--retries` attempts and the endpoint's own `Retry-After` honoured on a 429 or
503 (seconds or an HTTP date; capped), so a rate-limited endpoint is waited on, not hammered.

Stdlib only. A dead endpoint fails fast with one line (ChatError) once the retries are spent."""

from __future__ import annotations

import email.utils
import json
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any

from cardgm.agents.chat import RETRY_STATUS, ChatClient, ChatError

MAX_WAIT = 120.0  # the longest Retry-After honoured, in seconds
_sleep = time.sleep  # one name, so a test waits no time


def retry_after(value: str | None, now: float | None = None) -> float | None:
    """Seconds a Retry-After header asks for (a number, or an HTTP date), capped; None if absent or unreadable.

    >>> retry_after("3")
    3.0
    >>> retry_after("soon") is None
    True
    """
    if not value:
        return None
    value = value.strip()
    if value.replace(".", "", 1).isdigit():
        return min(float(value), MAX_WAIT)
    try:
        when = email.utils.parsedate_to_datetime(value).timestamp()
    except (TypeError, ValueError, IndexError):
        return None
    return max(0.0, min(when - (time.time() if now is None else now), MAX_WAIT))


@dataclass
class GMClient(ChatClient):
    """A ChatClient whose requests honour Retry-After."""

    def _post(self, body: dict[str, Any]) -> dict[str, Any]:
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        data = json.dumps(body).encode("utf-8")
        wait = self.pause
        raw = b""
        for attempt in range(self.retries + 1):
            request = urllib.request.Request(self.endpoint, data=data, headers=headers, method="POST")
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as response:
                    raw = response.read()
                break
            except urllib.error.HTTPError as exc:
                asked = retry_after(exc.headers.get("Retry-After") if exc.headers else None)
                if exc.code in RETRY_STATUS and attempt < self.retries:
                    _sleep(asked if asked is not None else wait)
                    wait *= 2
                    continue
                hint = " (is the API key set?)" if exc.code in (401, 403) else ""
                raise ChatError(f"{self.endpoint}: HTTP {exc.code}{hint} after {attempt + 1} attempt(s)") from None
            except (urllib.error.URLError, TimeoutError, ConnectionError) as exc:
                if attempt < self.retries:
                    _sleep(wait)
                    wait *= 2
                    continue
                reason = getattr(exc, "reason", exc)
                raise ChatError(f"{self.endpoint}: cannot reach it ({reason}) after {attempt + 1} attempt(s)") from None
        try:
            out = json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            raise ChatError(f"{self.endpoint}: the answer is not JSON") from None
        if not isinstance(out, dict):
            raise ChatError(f"{self.endpoint}: the answer is not a JSON object")
        return out

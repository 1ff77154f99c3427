"""A chat model as a player, behind any OpenAI-compatible endpoint (`POST …/chat/completions`).

Stdlib HTTP only. The model is the player: a short system message says so, the first user
message is the card exactly as dealt (as a player pastes it) followed by cardgm's opening reply,
and every later user message is cardgm's reply; whatever the model answers is typed as the
player's message. Token counts are summed when the endpoint reports `usage`.
"""

from __future__ import annotations

import email.utils
import json
import re
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardgm.card import Card

SYSTEM = (
    "You are the player of a game card. The game master is cardgm, a program that runs the card's "
    "rules exactly: the card comes first, and every message after it is cardgm's reply. Answer each "
    "reply with only what the player types at that moment (an order, a call, a cell, an answer to "
    "a question it asked), in plain words. Do not narrate, do not run the game yourself, do not "
    "print a LEDGER."
)
RETRY_STATUS = frozenset({408, 409, 429, 500, 502, 503, 504})
MAX_WAIT = 300.0  # seconds: the longest a Retry-After is honoured before giving up on the endpoint
_THINK = re.compile(r"<think>.*?</think>", re.S)  # a reasoning model's thinking is not the player's words
_sleep = time.sleep  # one name, so a test can wait no time between retries


class ChatError(RuntimeError):
    """The endpoint could not be reached or did not answer as the chat API does; says why."""


@dataclass
class Usage:
    prompt: int | None = None
    completion: int | None = None

    def add(self, usage: Any) -> None:
        if not isinstance(usage, dict):
            return
        for name, key in (("prompt", "prompt_tokens"), ("completion", "completion_tokens")):
            value = usage.get(key)
            if isinstance(value, int):
                setattr(self, name, (getattr(self, name) or 0) + value)


@dataclass
class ChatClient:
    """One OpenAI-compatible endpoint. `url` is its base (`http://host:port/v1`) or the full
    `…/chat/completions` address; `api_key` goes in an `Authorization: Bearer` header."""

    url: str
    model: str
    api_key: str | None = None
    timeout: float = 120.0
    temperature: float | None = None
    retries: int = 2
    pause: float = 1.0  # seconds before the first retry; doubled for each after it

    @property
    def endpoint(self) -> str:
        url = self.url.rstrip("/")
        return url if url.endswith("/chat/completions") else f"{url}/chat/completions"

    def complete(self, messages: list[dict[str, str]]) -> tuple[str, dict[str, Any]]:
        """The model's answer to `messages`, and the response's `usage` ({} when absent)."""
        body: dict[str, Any] = {"model": self.model, "messages": messages}
        if self.temperature is not None:
            body["temperature"] = self.temperature
        data = self._post(body)
        try:
            content = data["choices"][0]["message"]["content"]
        except (KeyError, IndexError, TypeError):
            raise ChatError(f"{self.endpoint}: the answer has no choices[0].message.content") from None
        return (content if isinstance(content, str) else ""), (data.get("usage") or {})

    def _post(self, body: dict[str, Any]) -> dict[str, Any]:
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        return post_json(self.endpoint, body, headers=headers, timeout=self.timeout, retries=self.retries, pause=self.pause)


def post_json(
    url: str,
    body: dict[str, Any],
    *,
    headers: dict[str, str],
    timeout: float,
    retries: int = 2,
    pause: float = 1.0,
    max_wait: float = MAX_WAIT,
    sleep: Callable[[float], None] | None = None,
) -> dict[str, Any]:
    """POST `body` as JSON and read a JSON object back, retrying what a busy endpoint answers.

    A 408, 409, 429 or 5xx, or a connection that fails, is tried again up to `retries` times:
    after the wait the endpoint asks for in `Retry-After` (seconds or an HTTP date), or else
    `pause` seconds doubled at each retry. A wait asked for beyond `max_wait` is not waited: the
    call fails at once, saying so. ChatError says why in one line (the endpoint's own message
    where it gives one). Shared by every chat client in cardgm (`cardgm eval`, `cardgm bench-gm`)."""
    sleep = sleep or _sleep
    request = urllib.request.Request(url, data=json.dumps(body).encode("utf-8"), headers=headers, method="POST")
    wait = pause
    for attempt in range(retries + 1):
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                raw = response.read()
            break
        except urllib.error.HTTPError as exc:
            why = _error_text(exc)
            asked = retry_after(exc.headers.get("Retry-After") if exc.headers else None)
            if exc.code in RETRY_STATUS and attempt < retries:
                if asked is not None and asked > max_wait:
                    raise ChatError(f"{url}: HTTP {exc.code}: the endpoint asks to wait {asked:.0f} s (Retry-After), over {max_wait:.0f} s: {why}") from None
                sleep(max(asked, 0.0) if asked is not None else wait)
                wait *= 2
                continue
            hint = " (is the API key set?)" if exc.code in (401, 403) else ""
            tries = f" after {retries + 1} tries" if exc.code in RETRY_STATUS and retries else ""
            raise ChatError(f"{url}: HTTP {exc.code}{hint}{tries}: {why}") from None
        except (urllib.error.URLError, TimeoutError, ConnectionError) as exc:
            if attempt < retries:
                sleep(wait)
                wait *= 2
                continue
            reason = getattr(exc, "reason", exc)
            raise ChatError(f"{url}: cannot reach it ({reason})") from None
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise ChatError(f"{url}: the answer is not JSON") from None
    if not isinstance(data, dict):
        raise ChatError(f"{url}: the answer is not a JSON object")
    return data


def retry_after(value: str | None, now: float | None = None) -> float | None:
    """The seconds a `Retry-After` header asks for: a number of seconds, or an HTTP date (less
    `now`, the Unix time). None when absent or unreadable.

    >>> retry_after("7"), retry_after("Wed, 21 Oct 2015 07:28:00 GMT", now=1445412470.0), retry_after("soon")
    (7.0, 10.0, None)
    """
    if value is None or not value.strip():
        return None
    text = value.strip()
    try:
        return max(0.0, float(text))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


def _error_text(exc: urllib.error.HTTPError) -> str:
    try:
        raw = exc.read().decode("utf-8", "replace")
    except OSError:
        return str(exc.reason)
    try:
        data = json.loads(raw)
        message = data.get("error", {}).get("message") if isinstance(data.get("error"), dict) else data.get("error")
        if message:
            return str(message)[:300]
    except (ValueError, AttributeError):
        pass
    return raw.strip()[:300] or str(exc.reason)


@dataclass
class ChatPlayer:
    """One run's conversation with the model, as the player."""

    client: ChatClient
    card: Card
    messages: list[dict[str, str]] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)

    def __call__(self, reply: str) -> str:
        if not self.messages:
            self.messages = [
                {"role": "system", "content": SYSTEM},
                {"role": "user", "content": f"{self.card.text.rstrip()}\n\n---\n\n{reply}"},
            ]
        else:
            self.messages.append({"role": "user", "content": reply})
        content, usage = self.client.complete(self.messages)
        self.usage.add(usage)
        self.messages.append({"role": "assistant", "content": content})
        return _THINK.sub("", content).strip()

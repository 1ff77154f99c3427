"""A chat model as a player, behind any OpenAI-compatible endpoint (`POST …/chat/completions`).

Stdlib HTTP only. The model is the player: a short system message says so, the first user
message is the card exactly as dealt (as a player pastes it) followed by cardgm's opening reply,
and every later user message is cardgm's reply; whatever the model answers is typed as the
player's message. Token counts are summed when the endpoint reports `usage`.
"""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
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
        request = urllib.request.Request(self.endpoint, data=json.dumps(body).encode("utf-8"), headers=headers, method="POST")
        wait = self.pause
        for attempt in range(self.retries + 1):
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as response:
                    raw = response.read()
                break
            except urllib.error.HTTPError as exc:
                why = _error_text(exc)
                if exc.code in RETRY_STATUS and attempt < self.retries:
                    _sleep(wait)
                    wait *= 2
                    continue
                hint = " (is the API key set?)" if exc.code in (401, 403) else ""
                raise ChatError(f"{self.endpoint}: HTTP {exc.code}{hint}: {why}") from None
            except (urllib.error.URLError, TimeoutError, ConnectionError) as exc:
                if attempt < self.retries:
                    _sleep(wait)
                    wait *= 2
                    continue
                reason = getattr(exc, "reason", exc)
                raise ChatError(f"{self.endpoint}: cannot reach it ({reason})") from None
        try:
            data = json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            raise ChatError(f"{self.endpoint}: the answer is not JSON") from None
        if not isinstance(data, dict):
            raise ChatError(f"{self.endpoint}: the answer is not a JSON object")
        return data


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

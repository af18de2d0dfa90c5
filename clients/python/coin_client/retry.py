"""Retries of what is safe to retry, and only that, as an httpx transport."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from email.utils import parsedate_to_datetime

import httpx

from .problem import CoinNetworkError

#: Answers that say "not done, try again later": rate limited, unavailable, timed out at the gateway.
RETRIED_STATUSES = frozenset({429, 503, 504})
_SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


@dataclass(frozen=True)
class RetryPolicy:
    """How often and how long to retry; ``RetryPolicy(attempts=1)`` turns retries off."""

    #: Attempts in all, the first included.
    attempts: int = 3
    #: The first back-off (seconds); each further one doubles, with jitter.
    base_delay: float = 0.2
    #: The longest wait before a retry (seconds). A Retry-After asking for longer is not retried: the answer is returned.
    max_delay: float = 10.0


def backoff(attempt: int, base_delay: float, max_delay: float) -> float:
    """Exponential back-off with jitter: between half and all of base x 2^(attempt-1), at most max."""
    ceiling = min(max_delay, base_delay * 2 ** (attempt - 1))
    return ceiling / 2 + random.random() * ceiling / 2


def retry_after_seconds(value: str | None, now: float | None = None) -> float | None:
    """Retry-After in seconds: delay-seconds or an HTTP date (RFC 9110 section 10.2.3); None when absent or unreadable."""
    if value is None or not value.strip():
        return None
    text = value.strip()
    if text.isdigit():
        return float(text)
    try:
        at = parsedate_to_datetime(text).timestamp()
    except (TypeError, ValueError):
        return None
    return max(0.0, at - (time.time() if now is None else now))


def _request_in_progress(response: httpx.Response) -> bool:
    """409 REQUEST_IN_PROGRESS: the first request with this key is still in flight, so this one did nothing."""
    if response.status_code != 409:
        return False
    try:
        body = json.loads(response.read())
    except ValueError:
        return False
    return isinstance(body, dict) and body.get("code") == "REQUEST_IN_PROGRESS"


class RetryingTransport(httpx.BaseTransport):
    """Sends a request again when that is safe, and only then: it has an Idempotency-Key (always
    resent with that same key: the API answers a replay with the first answer and moves the money
    once) or a safe method (GET, HEAD, OPTIONS). A POST, PATCH or DELETE without a key is sent
    once, whatever happens. Retried: 429, 503 and 504 answers (Retry-After honoured up to
    ``max_delay``), a keyed request's 409 REQUEST_IN_PROGRESS, and network errors (a timeout
    included). A network error on the last attempt becomes a CoinNetworkError naming the key.
    """

    def __init__(
        self,
        inner: httpx.BaseTransport,
        policy: RetryPolicy,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self._inner = inner
        self._policy = policy
        self._sleep = sleep

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        key = request.headers.get("idempotency-key")
        retriable = key is not None or request.method.upper() in _SAFE_METHODS
        attempts = max(1, self._policy.attempts) if retriable else 1
        request.read()  # the same bytes for every attempt
        attempt = 0
        while True:
            attempt += 1
            last = attempt >= attempts
            try:
                response = self._inner.handle_request(request)
            except httpx.TransportError as err:
                if last:
                    raise CoinNetworkError(
                        f"{request.method} {request.url}: no answer after {attempt} attempt(s): {err}",
                        idempotency_key=key,
                        attempts=attempt,
                    ) from err
                self._sleep(backoff(attempt, self._policy.base_delay, self._policy.max_delay))
                continue
            if last:
                return response
            not_done_yet = response.status_code in RETRIED_STATUSES or (key is not None and _request_in_progress(response))
            if not not_done_yet:
                return response
            asked = retry_after_seconds(response.headers.get("retry-after"))
            if asked is not None and asked > self._policy.max_delay:
                return response
            response.close()
            self._sleep(asked if asked is not None else backoff(attempt, self._policy.base_delay, self._policy.max_delay))

    def close(self) -> None:
        self._inner.close()

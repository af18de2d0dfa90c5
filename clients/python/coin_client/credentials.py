"""A platform client's SYSTEM token (OAuth 2.0 client credentials), kept until shortly before it expires."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import httpx

from coin_api.api.auth import issue_token
from coin_api.models import IssueTokenJsonBody

from .client import DEFAULT_TIMEOUT, CoinClient
from .retry import RetryPolicy


class ClientCredentialsToken:
    """The current SYSTEM token from POST /api/auth/token, fetched when needed: pass it as
    CoinClient's ``access_token`` (it is called before every request)::

        token = ClientCredentialsToken(base_url, client_id, client_secret)
        coin = CoinClient(base_url, access_token=token)

    A new token is fetched when less than ``refresh_margin`` seconds (at most half its lifetime)
    are left of the current one. A refused request raises CoinProblem (401 for a wrong or revoked
    secret) and keeps nothing: the next call asks again.
    """

    def __init__(
        self,
        base_url: str,
        client_id: str,
        client_secret: str,
        *,
        refresh_margin: float = 60.0,
        timeout: float | None = DEFAULT_TIMEOUT,
        retry: RetryPolicy | None = None,
        transport: httpx.BaseTransport | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._coin = CoinClient(base_url, timeout=timeout, retry=retry, transport=transport)
        self._body = IssueTokenJsonBody(client_id=client_id, client_secret=client_secret)
        self._refresh_margin = refresh_margin
        self._clock = clock
        self._lock = threading.Lock()
        self._token: str | None = None
        self._refresh_at = 0.0

    def __call__(self) -> str:
        with self._lock:
            if self._token is None or self._clock() >= self._refresh_at:
                asked = self._clock()
                answer = self._coin.call(issue_token, body=self._body)
                margin = min(self._refresh_margin, answer.expires_in / 2)
                # From when it was asked for: the time the request took is already gone from the token's life.
                self._token, self._refresh_at = answer.access_token, asked + answer.expires_in - margin
            return self._token

    def invalidate(self) -> None:
        """Forgets the token (e.g. after a 401: the client was revoked): the next call fetches a new one."""
        with self._lock:
            self._token = None


def client_credentials_token(base_url: str, client_id: str, client_secret: str, **options: object) -> ClientCredentialsToken:
    """``ClientCredentialsToken(base_url, client_id, client_secret, **options)``."""
    return ClientCredentialsToken(base_url, client_id, client_secret, **options)  # type: ignore[arg-type]

"""CoinClient: the generated operations (coin_api) with keys, retries, problems and a timeout."""

from __future__ import annotations

import inspect
import uuid
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any, Self

import httpx

from coin_api.client import AuthenticatedClient

from .paginate import iterate_items, iterate_pages
from .problem import CoinProblem
from .response import CoinResponse
from .retry import RetryingTransport, RetryPolicy

#: How long each attempt may wait (seconds) to connect, for the answer and between its bytes. The
#: gateway answers a command it could not finish with 504 after its own wait (5 s by default), and
#: every other request well within that, so a connection silent for six times as long will not
#: answer. A timed-out attempt is retried as a lost connection. ``timeout=None``: no limit.
DEFAULT_TIMEOUT = 30.0

AccessToken = str | Callable[[], str]


class _Bearer(httpx.Auth):
    """``Authorization: Bearer <token>`` on every request, the token asked for each time (refreshed there)."""

    def __init__(self, token: AccessToken | None) -> None:
        self._token = token

    def auth_flow(self, request: httpx.Request) -> Iterator[httpx.Request]:
        token = self._token() if callable(self._token) else self._token
        if token:
            request.headers["authorization"] = f"Bearer {token}"
        elif not request.headers.get("authorization"):
            request.headers.pop("authorization", None)
        yield request


def _takes_key(operation: ModuleType) -> bool:
    """The operation declares an Idempotency-Key header: a money call, keyed by the client.

    The generator makes a header parameter keyword-only; a path parameter of that name (GET
    /api/commands/{idempotencyKey}) is positional and is no key of the call's.
    """
    parameter = inspect.signature(operation._get_kwargs).parameters.get("idempotency_key")
    return parameter is not None and parameter.kind is inspect.Parameter.KEYWORD_ONLY


class CoinClient:
    """The coin ledger's API from Python::

        from coin_api.api.admin import reward_user
        from coin_api.models import RewardUserBody
        from coin_client import CoinClient, client_credentials_token

        token = client_credentials_token(base_url, client_id, client_secret)
        coin = CoinClient(base_url, access_token=token)
        answer = coin.call(reward_user, body=RewardUserBody(user_id=42, amount=50, reason="Finished course 42"))
        print(answer.transaction.id, coin.last_response.idempotency_key)

    ``call(operation, ...)`` runs a generated operation (a module of ``coin_api.api``) with its own
    arguments and returns the parsed 2xx body. A money call (one whose operation takes an
    Idempotency-Key) gets a key made once per call (uuid4) unless one is given; only calls with a
    key, and GETs, are retried, and every retry resends the same key. A non-2xx answer raises
    CoinProblem; no answer after every attempt raises CoinNetworkError. ``last_response`` is the
    status and headers of the last answer (``CoinResponse``). ``api`` is the generated client
    (``coin_api.client.AuthenticatedClient``), with the same authentication, timeout and retries,
    for calling an operation's ``sync_detailed`` directly (no key is added there).
    """

    def __init__(
        self,
        base_url: str,
        *,
        access_token: AccessToken | None = None,
        api_key: str | None = None,
        version: str | None = None,
        timeout: float | None = DEFAULT_TIMEOUT,
        retry: RetryPolicy | None = None,
        headers: dict[str, str] | None = None,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        """
        Args:
            base_url: where the API is, e.g. https://coin.example.com (no trailing /api).
            access_token: a bearer token, or a function returning the current one (called before every request).
            api_key: a platform API key, sent as x-api-key.
            version: the API version (X.Y.Z) to pin, sent as Coin-Version (docs/VERSIONING.md).
            timeout: seconds each attempt may wait (default 30; None: no limit).
            retry: the retry policy (default: 3 attempts in all; RetryPolicy(attempts=1) turns retries off).
            headers: headers sent with every request.
            transport: the httpx transport under the retries (a test's httpx.MockTransport, a proxy's).
        """
        sent = dict(headers or {})
        if api_key:
            sent["x-api-key"] = api_key
        if version:
            sent["coin-version"] = version
        self.api = AuthenticatedClient(
            base_url=base_url.rstrip("/"),
            token="",
            prefix="",
            headers=sent,
            timeout=httpx.Timeout(timeout),
            httpx_args={
                "auth": _Bearer(access_token),
                "transport": RetryingTransport(transport or httpx.HTTPTransport(), retry or RetryPolicy()),
            },
        )
        #: The status and headers of the last answer a call of this client returned (or raised as a CoinProblem).
        self.last_response: CoinResponse | None = None

    def call(self, operation: ModuleType, *args: Any, idempotency_key: str | None = None, **kwargs: Any) -> Any:
        """Runs ``operation`` (e.g. ``coin_api.api.coins.purchase``) with its arguments; returns its parsed 2xx body.

        A money call's key is ``idempotency_key`` when given, else a new uuid4; it is the one every
        retry resends and ``last_response.idempotency_key`` (and a CoinProblem's) names.
        """
        key: str | None = None
        if _takes_key(operation):
            key = idempotency_key or str(uuid.uuid4())
            kwargs["idempotency_key"] = key
        elif idempotency_key is not None:
            raise TypeError(f"{operation.__name__} takes no Idempotency-Key")
        request = operation._get_kwargs(*args, **kwargs)
        answer = self.api.get_httpx_client().request(**request)
        self.last_response = CoinResponse.of(answer.status_code, answer.headers, key)
        if not answer.is_success:
            raise CoinProblem.from_answer(
                answer.status_code,
                answer.reason_phrase,
                answer.headers,
                answer.content,
                idempotency_key=key,
                last_response=self.last_response,
            )
        return operation._build_response(client=self.api, response=answer).parsed

    def get_command_status(self, idempotency_key: str) -> Any:
        """What became of a money call sent with that key (after a 504 or a lost connection): IN_PROGRESS, or DONE with its answer."""
        from coin_api.api.coins import get_command_status

        return self.call(get_command_status, idempotency_key)

    def pages(self, operation: ModuleType, *args: Any, **kwargs: Any) -> Iterator[Any]:
        """Every page of a list operation, first to last, each asked for as the loop goes on (see coin_client.paginate)."""
        return iterate_pages(lambda **query: self.call(operation, *args, **query), kwargs)

    def paginate(self, operation: ModuleType, *args: Any, **kwargs: Any) -> Iterator[Any]:
        """Every item of a list operation, page after page: ``for t in coin.paginate(get_my_history, limit="50"): ...``."""
        return iterate_items(self.pages(operation, *args, **kwargs))

    def close(self) -> None:
        self.api.get_httpx_client().close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

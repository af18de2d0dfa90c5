"""The errors the client raises: an answer that is not 2xx, and a request that got no answer."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .response import CoinResponse


class CoinProblem(Exception):
    """A non-2xx answer: the RFC 9457 problem (application/problem+json) the API sent with it.

    ``code`` is what a program branches on (e.g. ``INSUFFICIENT_FUNDS``); ``request_id`` is what
    to quote to the operators. ``idempotency_key`` is the key a money call was sent with: after a
    504, ask ``coin.get_command_status(err.idempotency_key)``, or send the call again with that
    same key. An answer that is not a problem (a proxy's HTML page, an empty body) becomes one made
    from its status, with the code ``HTTP_<status>``.
    """

    def __init__(
        self,
        problem: Mapping[str, Any],
        *,
        idempotency_key: str | None = None,
        last_response: CoinResponse | None = None,
    ) -> None:
        self.problem: dict[str, Any] = dict(problem)
        self.status: int = int(problem["status"])
        self.code: str = str(problem["code"])
        self.title: str = str(problem.get("title", ""))
        self.detail: str = str(problem.get("detail", ""))
        self.type: str = str(problem.get("type", "about:blank"))
        self.errors: list[dict[str, Any]] = list(problem.get("errors") or [])
        self.request_id: str | None = problem.get("requestId") or None
        self.command_id: str | None = problem.get("commandId")
        self.idempotency_key = idempotency_key
        self.last_response = last_response
        super().__init__(f"{self.status} {self.code}: {self.detail or self.title}")

    def is_problem(self, *codes: str) -> bool:
        """This problem has one of these codes."""
        return self.code in codes

    @classmethod
    def from_answer(
        cls,
        status: int,
        reason: str,
        headers: Mapping[str, str],
        content: bytes,
        *,
        idempotency_key: str | None = None,
        last_response: CoinResponse | None = None,
    ) -> CoinProblem:
        """The problem of an answer: its body when that is a problem, else one made from its status."""
        body: Any = None
        try:
            body = json.loads(content) if content else None
        except ValueError:
            body = None
        if not (isinstance(body, dict) and isinstance(body.get("status"), int) and isinstance(body.get("code"), str)):
            body = {
                "type": "about:blank",
                "title": reason or f"HTTP {status}",
                "status": status,
                "detail": content[:500].decode("utf-8", "replace"),
                "code": f"HTTP_{status}",
                "requestId": headers.get("x-request-id", ""),
            }
        return cls(body, idempotency_key=idempotency_key, last_response=last_response)


class CoinNetworkError(Exception):
    """The request got no answer (connection refused or reset, DNS, timeout) after every allowed attempt.

    ``idempotency_key`` is the key it was sent with: whether a money call happened is known by
    ``coin.get_command_status(err.idempotency_key)``. The last attempt's error is ``__cause__``.
    """

    def __init__(self, message: str, *, idempotency_key: str | None, attempts: int) -> None:
        super().__init__(message)
        self.idempotency_key = idempotency_key
        self.attempts = attempts

"""What an answer said beside its body (Stripe's ``last_response``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class CoinResponse:
    """The status and headers of the answer a call returned (after its retries: the last one)."""

    status: int
    headers: Mapping[str, str]
    #: The gateway's request id (``x-request-id``): what to quote to the operators.
    request_id: str | None
    #: The Idempotency-Key the call was sent with (money calls), the one every retry resent.
    idempotency_key: str | None
    #: ``Idempotent-Replayed: true``: the answer the key already got; nothing was done again.
    idempotent_replayed: bool
    #: ``Coin-Version``: the API version (X.Y.Z) the answer is shaped for.
    coin_version: str | None
    #: ``Deprecation`` (RFC 9745): the operation is deprecated since that time.
    deprecation: str | None
    #: ``Sunset`` (RFC 8594): from when a deprecated operation may be gone.
    sunset: str | None

    @classmethod
    def of(cls, status: int, headers: Mapping[str, str], idempotency_key: str | None) -> CoinResponse:
        return cls(
            status=status,
            headers=headers,
            request_id=headers.get("x-request-id"),
            idempotency_key=idempotency_key,
            idempotent_replayed=headers.get("idempotent-replayed") == "true",
            coin_version=headers.get("coin-version"),
            deprecation=headers.get("deprecation"),
            sunset=headers.get("sunset"),
        )

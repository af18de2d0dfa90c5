from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.capture_holds_body import CaptureHoldsBody
from ...models.capture_holds_coin_version import (
    CaptureHoldsCoinVersion,
)
from ...models.capture_holds_response_200 import CaptureHoldsResponse200
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CaptureHoldsBody,
    idempotency_key: str | Unset = UNSET,
    coin_version: CaptureHoldsCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/coins/holds/bulk-capture",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CaptureHoldsResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = CaptureHoldsResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if response.status_code == 504:
        response_504 = Problem.from_dict(response.json())

        return response_504

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[CaptureHoldsResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CaptureHoldsBody,
    idempotency_key: str | Unset = UNSET,
    coin_version: CaptureHoldsCoinVersion | Unset = UNSET,
) -> Response[CaptureHoldsResponse200 | Problem]:
    """Capture up to 500 holds in one call, each with its own result

     Up to 500 holds in one call, each settled as its single call would settle it and answered with its
    own result in the order sent: `result` (what the single call answers) or `problem` (its refusal: a
    hold that does not exist, or that the caller may not settle, is 404 HOLD_NOT_FOUND for a platform
    client). One Idempotency-Key covers the whole call: a retry answers every hold as the first time,
    and the key sent with another list is 422 IDEMPOTENCY_KEY_REUSED with nothing settled. More than 500
    holds: 422 HOLDS_BULK_LIMIT; a hold twice: 400; nothing is sent then. Body at most 512 KiB. A test-
    mode client settles its sandbox holds, in the sandbox ledger alone.

    Args:
        idempotency_key (str | Unset):
        coin_version (CaptureHoldsCoinVersion | Unset):
        body (CaptureHoldsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CaptureHoldsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
        coin_version=coin_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: CaptureHoldsBody,
    idempotency_key: str | Unset = UNSET,
    coin_version: CaptureHoldsCoinVersion | Unset = UNSET,
) -> CaptureHoldsResponse200 | Problem | None:
    """Capture up to 500 holds in one call, each with its own result

     Up to 500 holds in one call, each settled as its single call would settle it and answered with its
    own result in the order sent: `result` (what the single call answers) or `problem` (its refusal: a
    hold that does not exist, or that the caller may not settle, is 404 HOLD_NOT_FOUND for a platform
    client). One Idempotency-Key covers the whole call: a retry answers every hold as the first time,
    and the key sent with another list is 422 IDEMPOTENCY_KEY_REUSED with nothing settled. More than 500
    holds: 422 HOLDS_BULK_LIMIT; a hold twice: 400; nothing is sent then. Body at most 512 KiB. A test-
    mode client settles its sandbox holds, in the sandbox ledger alone.

    Args:
        idempotency_key (str | Unset):
        coin_version (CaptureHoldsCoinVersion | Unset):
        body (CaptureHoldsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CaptureHoldsResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CaptureHoldsBody,
    idempotency_key: str | Unset = UNSET,
    coin_version: CaptureHoldsCoinVersion | Unset = UNSET,
) -> Response[CaptureHoldsResponse200 | Problem]:
    """Capture up to 500 holds in one call, each with its own result

     Up to 500 holds in one call, each settled as its single call would settle it and answered with its
    own result in the order sent: `result` (what the single call answers) or `problem` (its refusal: a
    hold that does not exist, or that the caller may not settle, is 404 HOLD_NOT_FOUND for a platform
    client). One Idempotency-Key covers the whole call: a retry answers every hold as the first time,
    and the key sent with another list is 422 IDEMPOTENCY_KEY_REUSED with nothing settled. More than 500
    holds: 422 HOLDS_BULK_LIMIT; a hold twice: 400; nothing is sent then. Body at most 512 KiB. A test-
    mode client settles its sandbox holds, in the sandbox ledger alone.

    Args:
        idempotency_key (str | Unset):
        coin_version (CaptureHoldsCoinVersion | Unset):
        body (CaptureHoldsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CaptureHoldsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CaptureHoldsBody,
    idempotency_key: str | Unset = UNSET,
    coin_version: CaptureHoldsCoinVersion | Unset = UNSET,
) -> CaptureHoldsResponse200 | Problem | None:
    """Capture up to 500 holds in one call, each with its own result

     Up to 500 holds in one call, each settled as its single call would settle it and answered with its
    own result in the order sent: `result` (what the single call answers) or `problem` (its refusal: a
    hold that does not exist, or that the caller may not settle, is 404 HOLD_NOT_FOUND for a platform
    client). One Idempotency-Key covers the whole call: a retry answers every hold as the first time,
    and the key sent with another list is 422 IDEMPOTENCY_KEY_REUSED with nothing settled. More than 500
    holds: 422 HOLDS_BULK_LIMIT; a hold twice: 400; nothing is sent then. Body at most 512 KiB. A test-
    mode client settles its sandbox holds, in the sandbox ledger alone.

    Args:
        idempotency_key (str | Unset):
        coin_version (CaptureHoldsCoinVersion | Unset):
        body (CaptureHoldsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CaptureHoldsResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            coin_version=coin_version,
        )
    ).parsed

from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.reject_cashout_coin_version import (
    RejectCashoutCoinVersion,
)
from ...models.reject_cashout_response_200 import RejectCashoutResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    idempotency_key: str | Unset = UNSET,
    coin_version: RejectCashoutCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/admin/cashouts/{id}/reject".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | RejectCashoutResponse200 | None:
    if response.status_code == 200:
        response_200 = RejectCashoutResponse200.from_dict(response.json())

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
) -> Response[Problem | RejectCashoutResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
    coin_version: RejectCashoutCoinVersion | Unset = UNSET,
) -> Response[Problem | RejectCashoutResponse200]:
    """Reject a cash-out above the four-eyes threshold

     Reject a cash-out above the four-eyes threshold: its coins are released (RELEASED) and its request
    is REJECTED. By an ADMIN+ other than its payer, with a fresh second factor

    Args:
        id (UUID):
        idempotency_key (str | Unset):
        coin_version (RejectCashoutCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RejectCashoutResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        idempotency_key=idempotency_key,
        coin_version=coin_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
    coin_version: RejectCashoutCoinVersion | Unset = UNSET,
) -> Problem | RejectCashoutResponse200 | None:
    """Reject a cash-out above the four-eyes threshold

     Reject a cash-out above the four-eyes threshold: its coins are released (RELEASED) and its request
    is REJECTED. By an ADMIN+ other than its payer, with a fresh second factor

    Args:
        id (UUID):
        idempotency_key (str | Unset):
        coin_version (RejectCashoutCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RejectCashoutResponse200
    """

    return sync_detailed(
        id=id,
        client=client,
        idempotency_key=idempotency_key,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
    coin_version: RejectCashoutCoinVersion | Unset = UNSET,
) -> Response[Problem | RejectCashoutResponse200]:
    """Reject a cash-out above the four-eyes threshold

     Reject a cash-out above the four-eyes threshold: its coins are released (RELEASED) and its request
    is REJECTED. By an ADMIN+ other than its payer, with a fresh second factor

    Args:
        id (UUID):
        idempotency_key (str | Unset):
        coin_version (RejectCashoutCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RejectCashoutResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        idempotency_key=idempotency_key,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
    coin_version: RejectCashoutCoinVersion | Unset = UNSET,
) -> Problem | RejectCashoutResponse200 | None:
    """Reject a cash-out above the four-eyes threshold

     Reject a cash-out above the four-eyes threshold: its coins are released (RELEASED) and its request
    is REJECTED. By an ADMIN+ other than its payer, with a fresh second factor

    Args:
        id (UUID):
        idempotency_key (str | Unset):
        coin_version (RejectCashoutCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RejectCashoutResponse200
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            idempotency_key=idempotency_key,
            coin_version=coin_version,
        )
    ).parsed

import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_client_treasury_balance_at_code import (
    GetClientTreasuryBalanceAtCode,
)
from ...models.get_client_treasury_balance_at_coin_version import (
    GetClientTreasuryBalanceAtCoinVersion,
)
from ...models.get_client_treasury_balance_at_response_200 import (
    GetClientTreasuryBalanceAtResponse200,
)
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    code: GetClientTreasuryBalanceAtCode,
    *,
    at: datetime.datetime | Unset = UNSET,
    coin_version: GetClientTreasuryBalanceAtCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    params: dict[str, Any] = {}

    json_at: str | Unset = UNSET
    if not isinstance(at, Unset):
        json_at = at.isoformat()
    params["at"] = json_at

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/platform/treasuries/{code}/balance".format(
            code=quote(str(code), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GetClientTreasuryBalanceAtResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = GetClientTreasuryBalanceAtResponse200.from_dict(response.json())

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

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[GetClientTreasuryBalanceAtResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    code: GetClientTreasuryBalanceAtCode,
    *,
    client: AuthenticatedClient,
    at: datetime.datetime | Unset = UNSET,
    coin_version: GetClientTreasuryBalanceAtCoinVersion | Unset = UNSET,
) -> Response[GetClientTreasuryBalanceAtResponse200 | Problem]:
    """The balance of a treasury the calling platform client was granted, at an instant

     The balance of a treasury the calling platform client was granted, at an instant (every transaction
    with createdAt <= at counted; default now); a test-mode client’s own sandbox treasury. A treasury
    not granted is 404 NOT_FOUND

    Args:
        code (GetClientTreasuryBalanceAtCode):
        at (datetime.datetime | Unset):
        coin_version (GetClientTreasuryBalanceAtCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetClientTreasuryBalanceAtResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        code=code,
        at=at,
        coin_version=coin_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    code: GetClientTreasuryBalanceAtCode,
    *,
    client: AuthenticatedClient,
    at: datetime.datetime | Unset = UNSET,
    coin_version: GetClientTreasuryBalanceAtCoinVersion | Unset = UNSET,
) -> GetClientTreasuryBalanceAtResponse200 | Problem | None:
    """The balance of a treasury the calling platform client was granted, at an instant

     The balance of a treasury the calling platform client was granted, at an instant (every transaction
    with createdAt <= at counted; default now); a test-mode client’s own sandbox treasury. A treasury
    not granted is 404 NOT_FOUND

    Args:
        code (GetClientTreasuryBalanceAtCode):
        at (datetime.datetime | Unset):
        coin_version (GetClientTreasuryBalanceAtCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetClientTreasuryBalanceAtResponse200 | Problem
    """

    return sync_detailed(
        code=code,
        client=client,
        at=at,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    code: GetClientTreasuryBalanceAtCode,
    *,
    client: AuthenticatedClient,
    at: datetime.datetime | Unset = UNSET,
    coin_version: GetClientTreasuryBalanceAtCoinVersion | Unset = UNSET,
) -> Response[GetClientTreasuryBalanceAtResponse200 | Problem]:
    """The balance of a treasury the calling platform client was granted, at an instant

     The balance of a treasury the calling platform client was granted, at an instant (every transaction
    with createdAt <= at counted; default now); a test-mode client’s own sandbox treasury. A treasury
    not granted is 404 NOT_FOUND

    Args:
        code (GetClientTreasuryBalanceAtCode):
        at (datetime.datetime | Unset):
        coin_version (GetClientTreasuryBalanceAtCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetClientTreasuryBalanceAtResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        code=code,
        at=at,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    code: GetClientTreasuryBalanceAtCode,
    *,
    client: AuthenticatedClient,
    at: datetime.datetime | Unset = UNSET,
    coin_version: GetClientTreasuryBalanceAtCoinVersion | Unset = UNSET,
) -> GetClientTreasuryBalanceAtResponse200 | Problem | None:
    """The balance of a treasury the calling platform client was granted, at an instant

     The balance of a treasury the calling platform client was granted, at an instant (every transaction
    with createdAt <= at counted; default now); a test-mode client’s own sandbox treasury. A treasury
    not granted is 404 NOT_FOUND

    Args:
        code (GetClientTreasuryBalanceAtCode):
        at (datetime.datetime | Unset):
        coin_version (GetClientTreasuryBalanceAtCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetClientTreasuryBalanceAtResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            code=code,
            client=client,
            at=at,
            coin_version=coin_version,
        )
    ).parsed

from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_platform_client_balance_monitor_coin_version import (
    GetPlatformClientBalanceMonitorCoinVersion,
)
from ...models.get_platform_client_balance_monitor_response_200 import (
    GetPlatformClientBalanceMonitorResponse200,
)
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    client_id: str,
    id: UUID,
    *,
    coin_version: GetPlatformClientBalanceMonitorCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/admin/platform-clients/{client_id}/balance-monitors/{id}".format(
            client_id=quote(str(client_id), safe=""),
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GetPlatformClientBalanceMonitorResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = GetPlatformClientBalanceMonitorResponse200.from_dict(
            response.json()
        )

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

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = Problem.from_dict(response.json())

        return response_500

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
) -> Response[GetPlatformClientBalanceMonitorResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    client_id: str,
    id: UUID,
    *,
    client: AuthenticatedClient,
    coin_version: GetPlatformClientBalanceMonitorCoinVersion | Unset = UNSET,
) -> Response[GetPlatformClientBalanceMonitorResponse200 | Problem]:
    """One platform client's balance monitor, with when it last fired

     One platform client's balance monitor, with when it last fired (an ADMIN+ lists them all under
    clientMonitors of GET /api/admin/balance-monitors); an id that is not this live client's is 404
    NOT_FOUND

    Args:
        client_id (str):
        id (UUID):
        coin_version (GetPlatformClientBalanceMonitorCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetPlatformClientBalanceMonitorResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        client_id=client_id,
        id=id,
        coin_version=coin_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    client_id: str,
    id: UUID,
    *,
    client: AuthenticatedClient,
    coin_version: GetPlatformClientBalanceMonitorCoinVersion | Unset = UNSET,
) -> GetPlatformClientBalanceMonitorResponse200 | Problem | None:
    """One platform client's balance monitor, with when it last fired

     One platform client's balance monitor, with when it last fired (an ADMIN+ lists them all under
    clientMonitors of GET /api/admin/balance-monitors); an id that is not this live client's is 404
    NOT_FOUND

    Args:
        client_id (str):
        id (UUID):
        coin_version (GetPlatformClientBalanceMonitorCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetPlatformClientBalanceMonitorResponse200 | Problem
    """

    return sync_detailed(
        client_id=client_id,
        id=id,
        client=client,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    client_id: str,
    id: UUID,
    *,
    client: AuthenticatedClient,
    coin_version: GetPlatformClientBalanceMonitorCoinVersion | Unset = UNSET,
) -> Response[GetPlatformClientBalanceMonitorResponse200 | Problem]:
    """One platform client's balance monitor, with when it last fired

     One platform client's balance monitor, with when it last fired (an ADMIN+ lists them all under
    clientMonitors of GET /api/admin/balance-monitors); an id that is not this live client's is 404
    NOT_FOUND

    Args:
        client_id (str):
        id (UUID):
        coin_version (GetPlatformClientBalanceMonitorCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetPlatformClientBalanceMonitorResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        client_id=client_id,
        id=id,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    client_id: str,
    id: UUID,
    *,
    client: AuthenticatedClient,
    coin_version: GetPlatformClientBalanceMonitorCoinVersion | Unset = UNSET,
) -> GetPlatformClientBalanceMonitorResponse200 | Problem | None:
    """One platform client's balance monitor, with when it last fired

     One platform client's balance monitor, with when it last fired (an ADMIN+ lists them all under
    clientMonitors of GET /api/admin/balance-monitors); an id that is not this live client's is 404
    NOT_FOUND

    Args:
        client_id (str):
        id (UUID):
        coin_version (GetPlatformClientBalanceMonitorCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetPlatformClientBalanceMonitorResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client_id=client_id,
            id=id,
            client=client,
            coin_version=coin_version,
        )
    ).parsed

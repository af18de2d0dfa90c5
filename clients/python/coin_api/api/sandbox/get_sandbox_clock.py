from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_sandbox_clock_coin_version import (
    GetSandboxClockCoinVersion,
)
from ...models.get_sandbox_clock_response_200 import GetSandboxClockResponse200
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    coin_version: GetSandboxClockCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/sandbox/clock",
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GetSandboxClockResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = GetSandboxClockResponse200.from_dict(response.json())

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

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[GetSandboxClockResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    coin_version: GetSandboxClockCoinVersion | Unset = UNSET,
) -> Response[GetSandboxClockResponse200 | Problem]:
    """The test-mode client's own sandbox clock

     The test-mode client's own sandbox clock: how far ahead of wall time it runs (offsetSeconds, 0 until
    it is advanced) and the time it reads now, as the sandbox ledger judges its holds by. Test-mode
    clients only (a live one is 403 FORBIDDEN)

    Args:
        coin_version (GetSandboxClockCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetSandboxClockResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        coin_version=coin_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    coin_version: GetSandboxClockCoinVersion | Unset = UNSET,
) -> GetSandboxClockResponse200 | Problem | None:
    """The test-mode client's own sandbox clock

     The test-mode client's own sandbox clock: how far ahead of wall time it runs (offsetSeconds, 0 until
    it is advanced) and the time it reads now, as the sandbox ledger judges its holds by. Test-mode
    clients only (a live one is 403 FORBIDDEN)

    Args:
        coin_version (GetSandboxClockCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetSandboxClockResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    coin_version: GetSandboxClockCoinVersion | Unset = UNSET,
) -> Response[GetSandboxClockResponse200 | Problem]:
    """The test-mode client's own sandbox clock

     The test-mode client's own sandbox clock: how far ahead of wall time it runs (offsetSeconds, 0 until
    it is advanced) and the time it reads now, as the sandbox ledger judges its holds by. Test-mode
    clients only (a live one is 403 FORBIDDEN)

    Args:
        coin_version (GetSandboxClockCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetSandboxClockResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    coin_version: GetSandboxClockCoinVersion | Unset = UNSET,
) -> GetSandboxClockResponse200 | Problem | None:
    """The test-mode client's own sandbox clock

     The test-mode client's own sandbox clock: how far ahead of wall time it runs (offsetSeconds, 0 until
    it is advanced) and the time it reads now, as the sandbox ledger judges its holds by. Test-mode
    clients only (a live one is 403 FORBIDDEN)

    Args:
        coin_version (GetSandboxClockCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetSandboxClockResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            coin_version=coin_version,
        )
    ).parsed

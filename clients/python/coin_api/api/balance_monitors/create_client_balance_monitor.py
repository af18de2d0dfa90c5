from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_client_balance_monitor_body import CreateClientBalanceMonitorBody
from ...models.create_client_balance_monitor_coin_version import (
    CreateClientBalanceMonitorCoinVersion,
)
from ...models.create_client_balance_monitor_response_201 import (
    CreateClientBalanceMonitorResponse201,
)
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateClientBalanceMonitorBody,
    idempotency_key: str,
    coin_version: CreateClientBalanceMonitorCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["idempotency-key"] = idempotency_key

    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/platform/balance-monitors",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateClientBalanceMonitorResponse201 | Problem | None:
    if response.status_code == 201:
        response_201 = CreateClientBalanceMonitorResponse201.from_dict(response.json())

        return response_201

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
) -> Response[CreateClientBalanceMonitorResponse201 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateClientBalanceMonitorBody,
    idempotency_key: str,
    coin_version: CreateClientBalanceMonitorCoinVersion | Unset = UNSET,
) -> Response[CreateClientBalanceMonitorResponse201 | Problem]:
    """Watch the balance of a treasury the calling platform client was granted

     Watch the balance of a treasury the calling platform client was granted: each crossing of the
    threshold fires one coin.balance-monitor.crossed to this client's endpoints subscribed to it (and
    its events), no other client's. At most 20 a client (422 LIMIT_EXCEEDED); a treasury not granted is
    404 NOT_FOUND. A test-mode client watches its sandbox treasury

    Args:
        idempotency_key (str):
        coin_version (CreateClientBalanceMonitorCoinVersion | Unset):
        body (CreateClientBalanceMonitorBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateClientBalanceMonitorResponse201 | Problem]
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
    body: CreateClientBalanceMonitorBody,
    idempotency_key: str,
    coin_version: CreateClientBalanceMonitorCoinVersion | Unset = UNSET,
) -> CreateClientBalanceMonitorResponse201 | Problem | None:
    """Watch the balance of a treasury the calling platform client was granted

     Watch the balance of a treasury the calling platform client was granted: each crossing of the
    threshold fires one coin.balance-monitor.crossed to this client's endpoints subscribed to it (and
    its events), no other client's. At most 20 a client (422 LIMIT_EXCEEDED); a treasury not granted is
    404 NOT_FOUND. A test-mode client watches its sandbox treasury

    Args:
        idempotency_key (str):
        coin_version (CreateClientBalanceMonitorCoinVersion | Unset):
        body (CreateClientBalanceMonitorBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateClientBalanceMonitorResponse201 | Problem
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
    body: CreateClientBalanceMonitorBody,
    idempotency_key: str,
    coin_version: CreateClientBalanceMonitorCoinVersion | Unset = UNSET,
) -> Response[CreateClientBalanceMonitorResponse201 | Problem]:
    """Watch the balance of a treasury the calling platform client was granted

     Watch the balance of a treasury the calling platform client was granted: each crossing of the
    threshold fires one coin.balance-monitor.crossed to this client's endpoints subscribed to it (and
    its events), no other client's. At most 20 a client (422 LIMIT_EXCEEDED); a treasury not granted is
    404 NOT_FOUND. A test-mode client watches its sandbox treasury

    Args:
        idempotency_key (str):
        coin_version (CreateClientBalanceMonitorCoinVersion | Unset):
        body (CreateClientBalanceMonitorBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateClientBalanceMonitorResponse201 | Problem]
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
    body: CreateClientBalanceMonitorBody,
    idempotency_key: str,
    coin_version: CreateClientBalanceMonitorCoinVersion | Unset = UNSET,
) -> CreateClientBalanceMonitorResponse201 | Problem | None:
    """Watch the balance of a treasury the calling platform client was granted

     Watch the balance of a treasury the calling platform client was granted: each crossing of the
    threshold fires one coin.balance-monitor.crossed to this client's endpoints subscribed to it (and
    its events), no other client's. At most 20 a client (422 LIMIT_EXCEEDED); a treasury not granted is
    404 NOT_FOUND. A test-mode client watches its sandbox treasury

    Args:
        idempotency_key (str):
        coin_version (CreateClientBalanceMonitorCoinVersion | Unset):
        body (CreateClientBalanceMonitorBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateClientBalanceMonitorResponse201 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            coin_version=coin_version,
        )
    ).parsed

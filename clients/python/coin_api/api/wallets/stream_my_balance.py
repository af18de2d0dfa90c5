from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.stream_my_balance_coin_version import (
    StreamMyBalanceCoinVersion,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    last_event_id: str | Unset = UNSET,
    coin_version: StreamMyBalanceCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["last-event-id"] = last_event_id

    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/wallets/me/stream",
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | str | None:
    if response.status_code == 200:
        response_200 = response.text
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

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    last_event_id: str | Unset = UNSET,
    coin_version: StreamMyBalanceCoinVersion | Unset = UNSET,
) -> Response[Problem | str]:
    """The caller's balance, live: a snapshot, then each change within a second of its commit (Server-Sent
    Events)

     Server-Sent Events, each with `id:` the wallet's balance-change sequence. First `event: snapshot`
    (data: BalanceStreamSnapshot, the balance now), or with a `Last-Event-ID` header the changes after
    it; then `event: balance` (data: BalanceStreamChange) for each change, in sequence order, each once.
    A `: keep-alive` comment about every 15 s. The stream ends when the access token it was opened with
    expires or is revoked (logout everywhere, a role change, a deletion), and when the gateway shuts
    down. When it ends, reconnect with a valid token and `Last-Event-ID`: nothing is lost or repeated. A
    resume of more changes than the gateway replays starts over with a snapshot.

    Args:
        last_event_id (str | Unset):
        coin_version (StreamMyBalanceCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        last_event_id=last_event_id,
        coin_version=coin_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    last_event_id: str | Unset = UNSET,
    coin_version: StreamMyBalanceCoinVersion | Unset = UNSET,
) -> Problem | str | None:
    """The caller's balance, live: a snapshot, then each change within a second of its commit (Server-Sent
    Events)

     Server-Sent Events, each with `id:` the wallet's balance-change sequence. First `event: snapshot`
    (data: BalanceStreamSnapshot, the balance now), or with a `Last-Event-ID` header the changes after
    it; then `event: balance` (data: BalanceStreamChange) for each change, in sequence order, each once.
    A `: keep-alive` comment about every 15 s. The stream ends when the access token it was opened with
    expires or is revoked (logout everywhere, a role change, a deletion), and when the gateway shuts
    down. When it ends, reconnect with a valid token and `Last-Event-ID`: nothing is lost or repeated. A
    resume of more changes than the gateway replays starts over with a snapshot.

    Args:
        last_event_id (str | Unset):
        coin_version (StreamMyBalanceCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return sync_detailed(
        client=client,
        last_event_id=last_event_id,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    last_event_id: str | Unset = UNSET,
    coin_version: StreamMyBalanceCoinVersion | Unset = UNSET,
) -> Response[Problem | str]:
    """The caller's balance, live: a snapshot, then each change within a second of its commit (Server-Sent
    Events)

     Server-Sent Events, each with `id:` the wallet's balance-change sequence. First `event: snapshot`
    (data: BalanceStreamSnapshot, the balance now), or with a `Last-Event-ID` header the changes after
    it; then `event: balance` (data: BalanceStreamChange) for each change, in sequence order, each once.
    A `: keep-alive` comment about every 15 s. The stream ends when the access token it was opened with
    expires or is revoked (logout everywhere, a role change, a deletion), and when the gateway shuts
    down. When it ends, reconnect with a valid token and `Last-Event-ID`: nothing is lost or repeated. A
    resume of more changes than the gateway replays starts over with a snapshot.

    Args:
        last_event_id (str | Unset):
        coin_version (StreamMyBalanceCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        last_event_id=last_event_id,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    last_event_id: str | Unset = UNSET,
    coin_version: StreamMyBalanceCoinVersion | Unset = UNSET,
) -> Problem | str | None:
    """The caller's balance, live: a snapshot, then each change within a second of its commit (Server-Sent
    Events)

     Server-Sent Events, each with `id:` the wallet's balance-change sequence. First `event: snapshot`
    (data: BalanceStreamSnapshot, the balance now), or with a `Last-Event-ID` header the changes after
    it; then `event: balance` (data: BalanceStreamChange) for each change, in sequence order, each once.
    A `: keep-alive` comment about every 15 s. The stream ends when the access token it was opened with
    expires or is revoked (logout everywhere, a role change, a deletion), and when the gateway shuts
    down. When it ends, reconnect with a valid token and `Last-Event-ID`: nothing is lost or repeated. A
    resume of more changes than the gateway replays starts over with a snapshot.

    Args:
        last_event_id (str | Unset):
        coin_version (StreamMyBalanceCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return (
        await asyncio_detailed(
            client=client,
            last_event_id=last_event_id,
            coin_version=coin_version,
        )
    ).parsed

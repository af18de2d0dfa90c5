from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_sandbox_user_wallet_coin_version import (
    GetSandboxUserWalletCoinVersion,
)
from ...models.problem import Problem
from ...models.wallet import Wallet
from ...types import UNSET, Response, Unset


def _get_kwargs(
    user_id: str,
    *,
    coin_version: GetSandboxUserWalletCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/sandbox/users/{user_id}/wallet".format(
            user_id=quote(str(user_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | Wallet | None:
    if response.status_code == 200:
        response_200 = Wallet.from_dict(response.json())

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
) -> Response[Problem | Wallet]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    user_id: str,
    *,
    client: AuthenticatedClient,
    coin_version: GetSandboxUserWalletCoinVersion | Unset = UNSET,
) -> Response[Problem | Wallet]:
    """A test user's sandbox wallet with its balance, activeCoins and statistics

     A test user's sandbox wallet with its balance, activeCoins (the balance less what holds reserve) and
    statistics, as the user's own GET /api/wallets/me reads a live one: the calling test-mode client's
    test users only (any other id, an account's or not, is 404 USER_NOT_FOUND), from the sandbox ledger
    alone. A live client is 403 FORBIDDEN

    Args:
        user_id (str):
        coin_version (GetSandboxUserWalletCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Wallet]
    """

    kwargs = _get_kwargs(
        user_id=user_id,
        coin_version=coin_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    user_id: str,
    *,
    client: AuthenticatedClient,
    coin_version: GetSandboxUserWalletCoinVersion | Unset = UNSET,
) -> Problem | Wallet | None:
    """A test user's sandbox wallet with its balance, activeCoins and statistics

     A test user's sandbox wallet with its balance, activeCoins (the balance less what holds reserve) and
    statistics, as the user's own GET /api/wallets/me reads a live one: the calling test-mode client's
    test users only (any other id, an account's or not, is 404 USER_NOT_FOUND), from the sandbox ledger
    alone. A live client is 403 FORBIDDEN

    Args:
        user_id (str):
        coin_version (GetSandboxUserWalletCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Wallet
    """

    return sync_detailed(
        user_id=user_id,
        client=client,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    user_id: str,
    *,
    client: AuthenticatedClient,
    coin_version: GetSandboxUserWalletCoinVersion | Unset = UNSET,
) -> Response[Problem | Wallet]:
    """A test user's sandbox wallet with its balance, activeCoins and statistics

     A test user's sandbox wallet with its balance, activeCoins (the balance less what holds reserve) and
    statistics, as the user's own GET /api/wallets/me reads a live one: the calling test-mode client's
    test users only (any other id, an account's or not, is 404 USER_NOT_FOUND), from the sandbox ledger
    alone. A live client is 403 FORBIDDEN

    Args:
        user_id (str):
        coin_version (GetSandboxUserWalletCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Wallet]
    """

    kwargs = _get_kwargs(
        user_id=user_id,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    user_id: str,
    *,
    client: AuthenticatedClient,
    coin_version: GetSandboxUserWalletCoinVersion | Unset = UNSET,
) -> Problem | Wallet | None:
    """A test user's sandbox wallet with its balance, activeCoins and statistics

     A test user's sandbox wallet with its balance, activeCoins (the balance less what holds reserve) and
    statistics, as the user's own GET /api/wallets/me reads a live one: the calling test-mode client's
    test users only (any other id, an account's or not, is 404 USER_NOT_FOUND), from the sandbox ledger
    alone. A live client is 403 FORBIDDEN

    Args:
        user_id (str):
        coin_version (GetSandboxUserWalletCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Wallet
    """

    return (
        await asyncio_detailed(
            user_id=user_id,
            client=client,
            coin_version=coin_version,
        )
    ).parsed

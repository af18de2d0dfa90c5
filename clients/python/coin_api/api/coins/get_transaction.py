from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_transaction_coin_version import (
    GetTransactionCoinVersion,
)
from ...models.problem import Problem
from ...models.transaction import Transaction
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    coin_version: GetTransactionCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/coins/transactions/{id}".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | Transaction | None:
    if response.status_code == 200:
        response_200 = Transaction.from_dict(response.json())

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
) -> Response[Problem | Transaction]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    coin_version: GetTransactionCoinVersion | Unset = UNSET,
) -> Response[Problem | Transaction]:
    """One transaction by id, for a party to it, ADMIN+, or the platform client whose request made it

     One transaction by id, for a party to it (sender or receiver), ADMIN+, or the platform client whose
    request made it; anyone else gets 404. A test-mode client reads the sandbox’s transactions it made,
    never a live one

    Args:
        id (str):
        coin_version (GetTransactionCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Transaction]
    """

    kwargs = _get_kwargs(
        id=id,
        coin_version=coin_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    coin_version: GetTransactionCoinVersion | Unset = UNSET,
) -> Problem | Transaction | None:
    """One transaction by id, for a party to it, ADMIN+, or the platform client whose request made it

     One transaction by id, for a party to it (sender or receiver), ADMIN+, or the platform client whose
    request made it; anyone else gets 404. A test-mode client reads the sandbox’s transactions it made,
    never a live one

    Args:
        id (str):
        coin_version (GetTransactionCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Transaction
    """

    return sync_detailed(
        id=id,
        client=client,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    coin_version: GetTransactionCoinVersion | Unset = UNSET,
) -> Response[Problem | Transaction]:
    """One transaction by id, for a party to it, ADMIN+, or the platform client whose request made it

     One transaction by id, for a party to it (sender or receiver), ADMIN+, or the platform client whose
    request made it; anyone else gets 404. A test-mode client reads the sandbox’s transactions it made,
    never a live one

    Args:
        id (str):
        coin_version (GetTransactionCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Transaction]
    """

    kwargs = _get_kwargs(
        id=id,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    coin_version: GetTransactionCoinVersion | Unset = UNSET,
) -> Problem | Transaction | None:
    """One transaction by id, for a party to it, ADMIN+, or the platform client whose request made it

     One transaction by id, for a party to it (sender or receiver), ADMIN+, or the platform client whose
    request made it; anyone else gets 404. A test-mode client reads the sandbox’s transactions it made,
    never a live one

    Args:
        id (str):
        coin_version (GetTransactionCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Transaction
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            coin_version=coin_version,
        )
    ).parsed

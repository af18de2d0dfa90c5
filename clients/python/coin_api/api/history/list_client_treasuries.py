from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_client_treasuries_coin_version import (
    ListClientTreasuriesCoinVersion,
)
from ...models.list_client_treasuries_response_200 import (
    ListClientTreasuriesResponse200,
)
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    coin_version: ListClientTreasuriesCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/platform/treasuries",
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListClientTreasuriesResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListClientTreasuriesResponse200.from_dict(response.json())

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
) -> Response[ListClientTreasuriesResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    coin_version: ListClientTreasuriesCoinVersion | Unset = UNSET,
) -> Response[ListClientTreasuriesResponse200 | Problem]:
    """The treasuries the calling platform client was granted

     The treasuries the calling platform client was granted, with their balances and running totals as
    the ledger holds them now (asOf); a test-mode client reads its own sandbox treasuries (no other test
    client’s, a never-used one as new: 0)

    Args:
        coin_version (ListClientTreasuriesCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListClientTreasuriesResponse200 | Problem]
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
    coin_version: ListClientTreasuriesCoinVersion | Unset = UNSET,
) -> ListClientTreasuriesResponse200 | Problem | None:
    """The treasuries the calling platform client was granted

     The treasuries the calling platform client was granted, with their balances and running totals as
    the ledger holds them now (asOf); a test-mode client reads its own sandbox treasuries (no other test
    client’s, a never-used one as new: 0)

    Args:
        coin_version (ListClientTreasuriesCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListClientTreasuriesResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    coin_version: ListClientTreasuriesCoinVersion | Unset = UNSET,
) -> Response[ListClientTreasuriesResponse200 | Problem]:
    """The treasuries the calling platform client was granted

     The treasuries the calling platform client was granted, with their balances and running totals as
    the ledger holds them now (asOf); a test-mode client reads its own sandbox treasuries (no other test
    client’s, a never-used one as new: 0)

    Args:
        coin_version (ListClientTreasuriesCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListClientTreasuriesResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    coin_version: ListClientTreasuriesCoinVersion | Unset = UNSET,
) -> ListClientTreasuriesResponse200 | Problem | None:
    """The treasuries the calling platform client was granted

     The treasuries the calling platform client was granted, with their balances and running totals as
    the ledger holds them now (asOf); a test-mode client reads its own sandbox treasuries (no other test
    client’s, a never-used one as new: 0)

    Args:
        coin_version (ListClientTreasuriesCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListClientTreasuriesResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            coin_version=coin_version,
        )
    ).parsed

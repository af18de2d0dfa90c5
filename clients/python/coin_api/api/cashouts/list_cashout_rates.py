from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_cashout_rates_coin_version import (
    ListCashoutRatesCoinVersion,
)
from ...models.list_cashout_rates_response_200 import ListCashoutRatesResponse200
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    coin_version: ListCashoutRatesCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/admin/cashout-rates",
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListCashoutRatesResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListCashoutRatesResponse200.from_dict(response.json())

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
) -> Response[ListCashoutRatesResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    coin_version: ListCashoutRatesCoinVersion | Unset = UNSET,
) -> Response[ListCashoutRatesResponse200 | Problem]:
    """The cash-out rates

     The cash-out rates: the configured versions, every version proposed through the API (proposed,
    approved, rejected, expired: who and when), newest first, and the one in force

    Args:
        coin_version (ListCashoutRatesCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListCashoutRatesResponse200 | Problem]
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
    coin_version: ListCashoutRatesCoinVersion | Unset = UNSET,
) -> ListCashoutRatesResponse200 | Problem | None:
    """The cash-out rates

     The cash-out rates: the configured versions, every version proposed through the API (proposed,
    approved, rejected, expired: who and when), newest first, and the one in force

    Args:
        coin_version (ListCashoutRatesCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListCashoutRatesResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    coin_version: ListCashoutRatesCoinVersion | Unset = UNSET,
) -> Response[ListCashoutRatesResponse200 | Problem]:
    """The cash-out rates

     The cash-out rates: the configured versions, every version proposed through the API (proposed,
    approved, rejected, expired: who and when), newest first, and the one in force

    Args:
        coin_version (ListCashoutRatesCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListCashoutRatesResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    coin_version: ListCashoutRatesCoinVersion | Unset = UNSET,
) -> ListCashoutRatesResponse200 | Problem | None:
    """The cash-out rates

     The cash-out rates: the configured versions, every version proposed through the API (proposed,
    approved, rejected, expired: who and when), newest first, and the one in force

    Args:
        coin_version (ListCashoutRatesCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListCashoutRatesResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            coin_version=coin_version,
        )
    ).parsed

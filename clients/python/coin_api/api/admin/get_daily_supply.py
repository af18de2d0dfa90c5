import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_daily_supply_coin_version import (
    GetDailySupplyCoinVersion,
)
from ...models.get_daily_supply_response_200 import GetDailySupplyResponse200
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    from_: datetime.date,
    to: datetime.date,
    coin_version: GetDailySupplyCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    params: dict[str, Any] = {}

    json_from_ = from_.isoformat()
    params["from"] = json_from_

    json_to = to.isoformat()
    params["to"] = json_to

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/admin/stats/daily-supply",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GetDailySupplyResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = GetDailySupplyResponse200.from_dict(response.json())

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
) -> Response[GetDailySupplyResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    from_: datetime.date,
    to: datetime.date,
    coin_version: GetDailySupplyCoinVersion | Unset = UNSET,
) -> Response[GetDailySupplyResponse200 | Problem]:
    """The coins in existence at the end of each UTC day of [from, to]

     The coins in existence (Σ MINT − Σ BURN) at the end of each UTC day of [from, to] (both days
    included, at most 366)

    Args:
        from_ (datetime.date):
        to (datetime.date):
        coin_version (GetDailySupplyCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetDailySupplyResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        from_=from_,
        to=to,
        coin_version=coin_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    from_: datetime.date,
    to: datetime.date,
    coin_version: GetDailySupplyCoinVersion | Unset = UNSET,
) -> GetDailySupplyResponse200 | Problem | None:
    """The coins in existence at the end of each UTC day of [from, to]

     The coins in existence (Σ MINT − Σ BURN) at the end of each UTC day of [from, to] (both days
    included, at most 366)

    Args:
        from_ (datetime.date):
        to (datetime.date):
        coin_version (GetDailySupplyCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetDailySupplyResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        from_=from_,
        to=to,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    from_: datetime.date,
    to: datetime.date,
    coin_version: GetDailySupplyCoinVersion | Unset = UNSET,
) -> Response[GetDailySupplyResponse200 | Problem]:
    """The coins in existence at the end of each UTC day of [from, to]

     The coins in existence (Σ MINT − Σ BURN) at the end of each UTC day of [from, to] (both days
    included, at most 366)

    Args:
        from_ (datetime.date):
        to (datetime.date):
        coin_version (GetDailySupplyCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetDailySupplyResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        from_=from_,
        to=to,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    from_: datetime.date,
    to: datetime.date,
    coin_version: GetDailySupplyCoinVersion | Unset = UNSET,
) -> GetDailySupplyResponse200 | Problem | None:
    """The coins in existence at the end of each UTC day of [from, to]

     The coins in existence (Σ MINT − Σ BURN) at the end of each UTC day of [from, to] (both days
    included, at most 366)

    Args:
        from_ (datetime.date):
        to (datetime.date):
        coin_version (GetDailySupplyCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetDailySupplyResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            from_=from_,
            to=to,
            coin_version=coin_version,
        )
    ).parsed

import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_events_coin_version import (
    ListEventsCoinVersion,
)
from ...models.list_events_response_200 import ListEventsResponse200
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    type_: str | Unset = UNSET,
    after: datetime.datetime | Unset = UNSET,
    coin_version: ListEventsCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["cursor"] = cursor

    params["type"] = type_

    json_after: str | Unset = UNSET
    if not isinstance(after, Unset):
        json_after = after.isoformat()
    params["after"] = json_after

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/events",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListEventsResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListEventsResponse200.from_dict(response.json())

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

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

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
) -> Response[ListEventsResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    type_: str | Unset = UNSET,
    after: datetime.datetime | Unset = UNSET,
    coin_version: ListEventsCoinVersion | Unset = UNSET,
) -> Response[ListEventsResponse200 | Problem]:
    """The calling platform client's events of the last 30 days, oldest first

     The calling platform client's events of the last 30 days, oldest first, each exactly as its webhook
    deliveries carry it (whether or not an endpoint received it, and whether or not the client ever
    registered one); filter by type and by time. A test-mode client's are the sandbox's

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        type_ (str | Unset):
        after (datetime.datetime | Unset):
        coin_version (ListEventsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListEventsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        limit=limit,
        cursor=cursor,
        type_=type_,
        after=after,
        coin_version=coin_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    type_: str | Unset = UNSET,
    after: datetime.datetime | Unset = UNSET,
    coin_version: ListEventsCoinVersion | Unset = UNSET,
) -> ListEventsResponse200 | Problem | None:
    """The calling platform client's events of the last 30 days, oldest first

     The calling platform client's events of the last 30 days, oldest first, each exactly as its webhook
    deliveries carry it (whether or not an endpoint received it, and whether or not the client ever
    registered one); filter by type and by time. A test-mode client's are the sandbox's

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        type_ (str | Unset):
        after (datetime.datetime | Unset):
        coin_version (ListEventsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListEventsResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        limit=limit,
        cursor=cursor,
        type_=type_,
        after=after,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    type_: str | Unset = UNSET,
    after: datetime.datetime | Unset = UNSET,
    coin_version: ListEventsCoinVersion | Unset = UNSET,
) -> Response[ListEventsResponse200 | Problem]:
    """The calling platform client's events of the last 30 days, oldest first

     The calling platform client's events of the last 30 days, oldest first, each exactly as its webhook
    deliveries carry it (whether or not an endpoint received it, and whether or not the client ever
    registered one); filter by type and by time. A test-mode client's are the sandbox's

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        type_ (str | Unset):
        after (datetime.datetime | Unset):
        coin_version (ListEventsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListEventsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        limit=limit,
        cursor=cursor,
        type_=type_,
        after=after,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    type_: str | Unset = UNSET,
    after: datetime.datetime | Unset = UNSET,
    coin_version: ListEventsCoinVersion | Unset = UNSET,
) -> ListEventsResponse200 | Problem | None:
    """The calling platform client's events of the last 30 days, oldest first

     The calling platform client's events of the last 30 days, oldest first, each exactly as its webhook
    deliveries carry it (whether or not an endpoint received it, and whether or not the client ever
    registered one); filter by type and by time. A test-mode client's are the sandbox's

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        type_ (str | Unset):
        after (datetime.datetime | Unset):
        coin_version (ListEventsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListEventsResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            limit=limit,
            cursor=cursor,
            type_=type_,
            after=after,
            coin_version=coin_version,
        )
    ).parsed

from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_unfreeze_requests_coin_version import (
    ListUnfreezeRequestsCoinVersion,
)
from ...models.list_unfreeze_requests_response_200 import (
    ListUnfreezeRequestsResponse200,
)
from ...models.list_unfreeze_requests_status import (
    ListUnfreezeRequestsStatus,
)
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    status: ListUnfreezeRequestsStatus | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListUnfreezeRequestsCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

    params["limit"] = limit

    params["offset"] = offset

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/admin/unfreeze-requests",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListUnfreezeRequestsResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListUnfreezeRequestsResponse200.from_dict(response.json())

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
) -> Response[ListUnfreezeRequestsResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    status: ListUnfreezeRequestsStatus | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListUnfreezeRequestsCoinVersion | Unset = UNSET,
) -> Response[ListUnfreezeRequestsResponse200 | Problem]:
    """Requests to lift a freeze, newest first, optionally of one status

     Requests to lift a freeze, newest first, optionally of one status: those waiting for a second ADMIN+
    (PENDING) and what became of the others

    Args:
        status (ListUnfreezeRequestsStatus | Unset):
        limit (str | Unset):
        offset (str | Unset):
        cursor (str | Unset):
        coin_version (ListUnfreezeRequestsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListUnfreezeRequestsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        status=status,
        limit=limit,
        offset=offset,
        cursor=cursor,
        coin_version=coin_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    status: ListUnfreezeRequestsStatus | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListUnfreezeRequestsCoinVersion | Unset = UNSET,
) -> ListUnfreezeRequestsResponse200 | Problem | None:
    """Requests to lift a freeze, newest first, optionally of one status

     Requests to lift a freeze, newest first, optionally of one status: those waiting for a second ADMIN+
    (PENDING) and what became of the others

    Args:
        status (ListUnfreezeRequestsStatus | Unset):
        limit (str | Unset):
        offset (str | Unset):
        cursor (str | Unset):
        coin_version (ListUnfreezeRequestsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListUnfreezeRequestsResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        status=status,
        limit=limit,
        offset=offset,
        cursor=cursor,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    status: ListUnfreezeRequestsStatus | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListUnfreezeRequestsCoinVersion | Unset = UNSET,
) -> Response[ListUnfreezeRequestsResponse200 | Problem]:
    """Requests to lift a freeze, newest first, optionally of one status

     Requests to lift a freeze, newest first, optionally of one status: those waiting for a second ADMIN+
    (PENDING) and what became of the others

    Args:
        status (ListUnfreezeRequestsStatus | Unset):
        limit (str | Unset):
        offset (str | Unset):
        cursor (str | Unset):
        coin_version (ListUnfreezeRequestsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListUnfreezeRequestsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        status=status,
        limit=limit,
        offset=offset,
        cursor=cursor,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    status: ListUnfreezeRequestsStatus | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListUnfreezeRequestsCoinVersion | Unset = UNSET,
) -> ListUnfreezeRequestsResponse200 | Problem | None:
    """Requests to lift a freeze, newest first, optionally of one status

     Requests to lift a freeze, newest first, optionally of one status: those waiting for a second ADMIN+
    (PENDING) and what became of the others

    Args:
        status (ListUnfreezeRequestsStatus | Unset):
        limit (str | Unset):
        offset (str | Unset):
        cursor (str | Unset):
        coin_version (ListUnfreezeRequestsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListUnfreezeRequestsResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            status=status,
            limit=limit,
            offset=offset,
            cursor=cursor,
            coin_version=coin_version,
        )
    ).parsed

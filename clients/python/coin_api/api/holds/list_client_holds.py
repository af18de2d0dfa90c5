from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_client_holds_coin_version import (
    ListClientHoldsCoinVersion,
)
from ...models.list_client_holds_response_200 import ListClientHoldsResponse200
from ...models.list_client_holds_status import (
    ListClientHoldsStatus,
)
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    status: ListClientHoldsStatus | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    user_id: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListClientHoldsCoinVersion | Unset = UNSET,
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

    params["userId"] = user_id

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/platform/holds",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListClientHoldsResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListClientHoldsResponse200.from_dict(response.json())

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
) -> Response[ListClientHoldsResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    status: ListClientHoldsStatus | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    user_id: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListClientHoldsCoinVersion | Unset = UNSET,
) -> Response[ListClientHoldsResponse200 | Problem]:
    """The holds the calling platform client settles, newest first, optionally of one payer or status

     The holds the calling platform client settles (their payer named it: settlerClientId; a test-mode
    client’s sandbox holds), newest first, optionally of one payer (userId) or status, in pages (pass
    nextCursor as cursor). A hold naming no settler is not listed, though a client granted its treasury
    may settle it

    Args:
        status (ListClientHoldsStatus | Unset):
        limit (str | Unset):
        offset (str | Unset):
        user_id (str | Unset):
        cursor (str | Unset):
        coin_version (ListClientHoldsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListClientHoldsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        status=status,
        limit=limit,
        offset=offset,
        user_id=user_id,
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
    status: ListClientHoldsStatus | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    user_id: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListClientHoldsCoinVersion | Unset = UNSET,
) -> ListClientHoldsResponse200 | Problem | None:
    """The holds the calling platform client settles, newest first, optionally of one payer or status

     The holds the calling platform client settles (their payer named it: settlerClientId; a test-mode
    client’s sandbox holds), newest first, optionally of one payer (userId) or status, in pages (pass
    nextCursor as cursor). A hold naming no settler is not listed, though a client granted its treasury
    may settle it

    Args:
        status (ListClientHoldsStatus | Unset):
        limit (str | Unset):
        offset (str | Unset):
        user_id (str | Unset):
        cursor (str | Unset):
        coin_version (ListClientHoldsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListClientHoldsResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        status=status,
        limit=limit,
        offset=offset,
        user_id=user_id,
        cursor=cursor,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    status: ListClientHoldsStatus | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    user_id: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListClientHoldsCoinVersion | Unset = UNSET,
) -> Response[ListClientHoldsResponse200 | Problem]:
    """The holds the calling platform client settles, newest first, optionally of one payer or status

     The holds the calling platform client settles (their payer named it: settlerClientId; a test-mode
    client’s sandbox holds), newest first, optionally of one payer (userId) or status, in pages (pass
    nextCursor as cursor). A hold naming no settler is not listed, though a client granted its treasury
    may settle it

    Args:
        status (ListClientHoldsStatus | Unset):
        limit (str | Unset):
        offset (str | Unset):
        user_id (str | Unset):
        cursor (str | Unset):
        coin_version (ListClientHoldsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListClientHoldsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        status=status,
        limit=limit,
        offset=offset,
        user_id=user_id,
        cursor=cursor,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    status: ListClientHoldsStatus | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    user_id: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListClientHoldsCoinVersion | Unset = UNSET,
) -> ListClientHoldsResponse200 | Problem | None:
    """The holds the calling platform client settles, newest first, optionally of one payer or status

     The holds the calling platform client settles (their payer named it: settlerClientId; a test-mode
    client’s sandbox holds), newest first, optionally of one payer (userId) or status, in pages (pass
    nextCursor as cursor). A hold naming no settler is not listed, though a client granted its treasury
    may settle it

    Args:
        status (ListClientHoldsStatus | Unset):
        limit (str | Unset):
        offset (str | Unset):
        user_id (str | Unset):
        cursor (str | Unset):
        coin_version (ListClientHoldsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListClientHoldsResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            status=status,
            limit=limit,
            offset=offset,
            user_id=user_id,
            cursor=cursor,
            coin_version=coin_version,
        )
    ).parsed

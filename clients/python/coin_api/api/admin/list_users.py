from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_users_coin_version import (
    ListUsersCoinVersion,
)
from ...models.list_users_response_200 import ListUsersResponse200
from ...models.list_users_role import ListUsersRole
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: str | Unset = UNSET,
    page_size: str | Unset = UNSET,
    role: ListUsersRole | Unset = UNSET,
    q: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListUsersCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    params: dict[str, Any] = {}

    params["page"] = page

    params["pageSize"] = page_size

    json_role: str | Unset = UNSET
    if not isinstance(role, Unset):
        json_role = role

    params["role"] = json_role

    params["q"] = q

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/admin/users",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListUsersResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListUsersResponse200.from_dict(response.json())

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
) -> Response[ListUsersResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    page: str | Unset = UNSET,
    page_size: str | Unset = UNSET,
    role: ListUsersRole | Unset = UNSET,
    q: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListUsersCoinVersion | Unset = UNSET,
) -> Response[ListUsersResponse200 | Problem]:
    """List users, paged

     List users, paged (page from 1; pageSize default 20, max 100); filter by role, search email or name
    with q

    Args:
        page (str | Unset):
        page_size (str | Unset):
        role (ListUsersRole | Unset):
        q (str | Unset):
        cursor (str | Unset):
        coin_version (ListUsersCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListUsersResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        page=page,
        page_size=page_size,
        role=role,
        q=q,
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
    page: str | Unset = UNSET,
    page_size: str | Unset = UNSET,
    role: ListUsersRole | Unset = UNSET,
    q: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListUsersCoinVersion | Unset = UNSET,
) -> ListUsersResponse200 | Problem | None:
    """List users, paged

     List users, paged (page from 1; pageSize default 20, max 100); filter by role, search email or name
    with q

    Args:
        page (str | Unset):
        page_size (str | Unset):
        role (ListUsersRole | Unset):
        q (str | Unset):
        cursor (str | Unset):
        coin_version (ListUsersCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListUsersResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        page=page,
        page_size=page_size,
        role=role,
        q=q,
        cursor=cursor,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    page: str | Unset = UNSET,
    page_size: str | Unset = UNSET,
    role: ListUsersRole | Unset = UNSET,
    q: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListUsersCoinVersion | Unset = UNSET,
) -> Response[ListUsersResponse200 | Problem]:
    """List users, paged

     List users, paged (page from 1; pageSize default 20, max 100); filter by role, search email or name
    with q

    Args:
        page (str | Unset):
        page_size (str | Unset):
        role (ListUsersRole | Unset):
        q (str | Unset):
        cursor (str | Unset):
        coin_version (ListUsersCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListUsersResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        page=page,
        page_size=page_size,
        role=role,
        q=q,
        cursor=cursor,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    page: str | Unset = UNSET,
    page_size: str | Unset = UNSET,
    role: ListUsersRole | Unset = UNSET,
    q: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListUsersCoinVersion | Unset = UNSET,
) -> ListUsersResponse200 | Problem | None:
    """List users, paged

     List users, paged (page from 1; pageSize default 20, max 100); filter by role, search email or name
    with q

    Args:
        page (str | Unset):
        page_size (str | Unset):
        role (ListUsersRole | Unset):
        q (str | Unset):
        cursor (str | Unset):
        coin_version (ListUsersCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListUsersResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            page_size=page_size,
            role=role,
            q=q,
            cursor=cursor,
            coin_version=coin_version,
        )
    ).parsed

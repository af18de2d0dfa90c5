from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_my_history_coin_version import (
    GetMyHistoryCoinVersion,
)
from ...models.get_my_history_metadata import GetMyHistoryMetadata
from ...models.get_my_history_response_200 import GetMyHistoryResponse200
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    limit: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    metadata: GetMyHistoryMetadata | Unset = UNSET,
    coin_version: GetMyHistoryCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["cursor"] = cursor

    json_metadata: dict[str, Any] | Unset = UNSET
    if not isinstance(metadata, Unset):
        json_metadata = metadata.to_dict()
    if not isinstance(json_metadata, Unset):
        params.update(json_metadata)

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/coins/history",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GetMyHistoryResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = GetMyHistoryResponse200.from_dict(response.json())

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
) -> Response[GetMyHistoryResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    limit: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    metadata: GetMyHistoryMetadata | Unset = UNSET,
    coin_version: GetMyHistoryCoinVersion | Unset = UNSET,
) -> Response[GetMyHistoryResponse200 | Problem]:
    """The caller's transactions, newest first, in keyset pages

     The caller's transactions, newest first, in keyset pages (pass nextCursor as cursor);
    metadata[key]=value keeps those whose metadata has every pair given

    Args:
        limit (str | Unset):
        cursor (str | Unset):
        metadata (GetMyHistoryMetadata | Unset):
        coin_version (GetMyHistoryCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetMyHistoryResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        limit=limit,
        cursor=cursor,
        metadata=metadata,
        coin_version=coin_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    limit: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    metadata: GetMyHistoryMetadata | Unset = UNSET,
    coin_version: GetMyHistoryCoinVersion | Unset = UNSET,
) -> GetMyHistoryResponse200 | Problem | None:
    """The caller's transactions, newest first, in keyset pages

     The caller's transactions, newest first, in keyset pages (pass nextCursor as cursor);
    metadata[key]=value keeps those whose metadata has every pair given

    Args:
        limit (str | Unset):
        cursor (str | Unset):
        metadata (GetMyHistoryMetadata | Unset):
        coin_version (GetMyHistoryCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetMyHistoryResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        limit=limit,
        cursor=cursor,
        metadata=metadata,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    limit: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    metadata: GetMyHistoryMetadata | Unset = UNSET,
    coin_version: GetMyHistoryCoinVersion | Unset = UNSET,
) -> Response[GetMyHistoryResponse200 | Problem]:
    """The caller's transactions, newest first, in keyset pages

     The caller's transactions, newest first, in keyset pages (pass nextCursor as cursor);
    metadata[key]=value keeps those whose metadata has every pair given

    Args:
        limit (str | Unset):
        cursor (str | Unset):
        metadata (GetMyHistoryMetadata | Unset):
        coin_version (GetMyHistoryCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetMyHistoryResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        limit=limit,
        cursor=cursor,
        metadata=metadata,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    limit: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    metadata: GetMyHistoryMetadata | Unset = UNSET,
    coin_version: GetMyHistoryCoinVersion | Unset = UNSET,
) -> GetMyHistoryResponse200 | Problem | None:
    """The caller's transactions, newest first, in keyset pages

     The caller's transactions, newest first, in keyset pages (pass nextCursor as cursor);
    metadata[key]=value keeps those whose metadata has every pair given

    Args:
        limit (str | Unset):
        cursor (str | Unset):
        metadata (GetMyHistoryMetadata | Unset):
        coin_version (GetMyHistoryCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetMyHistoryResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            limit=limit,
            cursor=cursor,
            metadata=metadata,
            coin_version=coin_version,
        )
    ).parsed

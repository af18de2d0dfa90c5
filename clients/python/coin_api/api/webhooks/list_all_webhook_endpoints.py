from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_all_webhook_endpoints_coin_version import (
    ListAllWebhookEndpointsCoinVersion,
)
from ...models.list_all_webhook_endpoints_response_200 import (
    ListAllWebhookEndpointsResponse200,
)
from ...models.list_all_webhook_endpoints_status import (
    ListAllWebhookEndpointsStatus,
)
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    status: ListAllWebhookEndpointsStatus | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: UUID | Unset = UNSET,
    coin_version: ListAllWebhookEndpointsCoinVersion | Unset = UNSET,
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

    json_cursor: str | Unset = UNSET
    if not isinstance(cursor, Unset):
        json_cursor = str(cursor)
    params["cursor"] = json_cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/admin/webhooks/endpoints",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListAllWebhookEndpointsResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListAllWebhookEndpointsResponse200.from_dict(response.json())

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
) -> Response[ListAllWebhookEndpointsResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    status: ListAllWebhookEndpointsStatus | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: UUID | Unset = UNSET,
    coin_version: ListAllWebhookEndpointsCoinVersion | Unset = UNSET,
) -> Response[ListAllWebhookEndpointsResponse200 | Problem]:
    """Every platform client's webhook endpoints, by id

     Every platform client's webhook endpoints (ADMIN+), by id; status=disabled lists those disabled
    after persistent failure

    Args:
        status (ListAllWebhookEndpointsStatus | Unset):
        limit (int | Unset):  Default: 50.
        cursor (UUID | Unset):
        coin_version (ListAllWebhookEndpointsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListAllWebhookEndpointsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        status=status,
        limit=limit,
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
    status: ListAllWebhookEndpointsStatus | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: UUID | Unset = UNSET,
    coin_version: ListAllWebhookEndpointsCoinVersion | Unset = UNSET,
) -> ListAllWebhookEndpointsResponse200 | Problem | None:
    """Every platform client's webhook endpoints, by id

     Every platform client's webhook endpoints (ADMIN+), by id; status=disabled lists those disabled
    after persistent failure

    Args:
        status (ListAllWebhookEndpointsStatus | Unset):
        limit (int | Unset):  Default: 50.
        cursor (UUID | Unset):
        coin_version (ListAllWebhookEndpointsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListAllWebhookEndpointsResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        status=status,
        limit=limit,
        cursor=cursor,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    status: ListAllWebhookEndpointsStatus | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: UUID | Unset = UNSET,
    coin_version: ListAllWebhookEndpointsCoinVersion | Unset = UNSET,
) -> Response[ListAllWebhookEndpointsResponse200 | Problem]:
    """Every platform client's webhook endpoints, by id

     Every platform client's webhook endpoints (ADMIN+), by id; status=disabled lists those disabled
    after persistent failure

    Args:
        status (ListAllWebhookEndpointsStatus | Unset):
        limit (int | Unset):  Default: 50.
        cursor (UUID | Unset):
        coin_version (ListAllWebhookEndpointsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListAllWebhookEndpointsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        status=status,
        limit=limit,
        cursor=cursor,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    status: ListAllWebhookEndpointsStatus | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: UUID | Unset = UNSET,
    coin_version: ListAllWebhookEndpointsCoinVersion | Unset = UNSET,
) -> ListAllWebhookEndpointsResponse200 | Problem | None:
    """Every platform client's webhook endpoints, by id

     Every platform client's webhook endpoints (ADMIN+), by id; status=disabled lists those disabled
    after persistent failure

    Args:
        status (ListAllWebhookEndpointsStatus | Unset):
        limit (int | Unset):  Default: 50.
        cursor (UUID | Unset):
        coin_version (ListAllWebhookEndpointsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListAllWebhookEndpointsResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            status=status,
            limit=limit,
            cursor=cursor,
            coin_version=coin_version,
        )
    ).parsed

from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_client_webhook_deliveries_coin_version import (
    ListClientWebhookDeliveriesCoinVersion,
)
from ...models.list_client_webhook_deliveries_response_200 import (
    ListClientWebhookDeliveriesResponse200,
)
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    client_id: str,
    id: UUID,
    *,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    coin_version: ListClientWebhookDeliveriesCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/admin/platform-clients/{client_id}/webhooks/endpoints/{id}/deliveries".format(
            client_id=quote(str(client_id), safe=""),
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListClientWebhookDeliveriesResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListClientWebhookDeliveriesResponse200.from_dict(response.json())

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
) -> Response[ListClientWebhookDeliveriesResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    client_id: str,
    id: UUID,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    coin_version: ListClientWebhookDeliveriesCoinVersion | Unset = UNSET,
) -> Response[ListClientWebhookDeliveriesResponse200 | Problem]:
    """The delivery log of a webhook endpoint of a platform client's, newest first

     The delivery log of a webhook endpoint of a platform client's (SUPERADMIN), newest first: each
    event's attempts, last answer and status

    Args:
        client_id (str):
        id (UUID):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        coin_version (ListClientWebhookDeliveriesCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListClientWebhookDeliveriesResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        client_id=client_id,
        id=id,
        limit=limit,
        cursor=cursor,
        coin_version=coin_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    client_id: str,
    id: UUID,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    coin_version: ListClientWebhookDeliveriesCoinVersion | Unset = UNSET,
) -> ListClientWebhookDeliveriesResponse200 | Problem | None:
    """The delivery log of a webhook endpoint of a platform client's, newest first

     The delivery log of a webhook endpoint of a platform client's (SUPERADMIN), newest first: each
    event's attempts, last answer and status

    Args:
        client_id (str):
        id (UUID):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        coin_version (ListClientWebhookDeliveriesCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListClientWebhookDeliveriesResponse200 | Problem
    """

    return sync_detailed(
        client_id=client_id,
        id=id,
        client=client,
        limit=limit,
        cursor=cursor,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    client_id: str,
    id: UUID,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    coin_version: ListClientWebhookDeliveriesCoinVersion | Unset = UNSET,
) -> Response[ListClientWebhookDeliveriesResponse200 | Problem]:
    """The delivery log of a webhook endpoint of a platform client's, newest first

     The delivery log of a webhook endpoint of a platform client's (SUPERADMIN), newest first: each
    event's attempts, last answer and status

    Args:
        client_id (str):
        id (UUID):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        coin_version (ListClientWebhookDeliveriesCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListClientWebhookDeliveriesResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        client_id=client_id,
        id=id,
        limit=limit,
        cursor=cursor,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    client_id: str,
    id: UUID,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    coin_version: ListClientWebhookDeliveriesCoinVersion | Unset = UNSET,
) -> ListClientWebhookDeliveriesResponse200 | Problem | None:
    """The delivery log of a webhook endpoint of a platform client's, newest first

     The delivery log of a webhook endpoint of a platform client's (SUPERADMIN), newest first: each
    event's attempts, last answer and status

    Args:
        client_id (str):
        id (UUID):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        coin_version (ListClientWebhookDeliveriesCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListClientWebhookDeliveriesResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client_id=client_id,
            id=id,
            client=client,
            limit=limit,
            cursor=cursor,
            coin_version=coin_version,
        )
    ).parsed

from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_webhook_deliveries_coin_version import (
    ListWebhookDeliveriesCoinVersion,
)
from ...models.list_webhook_deliveries_response_200 import (
    ListWebhookDeliveriesResponse200,
)
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    coin_version: ListWebhookDeliveriesCoinVersion | Unset = UNSET,
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
        "url": "/api/webhooks/endpoints/{id}/deliveries".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListWebhookDeliveriesResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListWebhookDeliveriesResponse200.from_dict(response.json())

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
) -> Response[ListWebhookDeliveriesResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    coin_version: ListWebhookDeliveriesCoinVersion | Unset = UNSET,
) -> Response[ListWebhookDeliveriesResponse200 | Problem]:
    """The delivery log of a webhook endpoint of the calling platform client's, newest first

     The delivery log of a webhook endpoint of the calling platform client's (a test-mode client's are
    the sandbox's), newest first: each event's attempts, last answer and status

    Args:
        id (UUID):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        coin_version (ListWebhookDeliveriesCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListWebhookDeliveriesResponse200 | Problem]
    """

    kwargs = _get_kwargs(
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
    id: UUID,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    coin_version: ListWebhookDeliveriesCoinVersion | Unset = UNSET,
) -> ListWebhookDeliveriesResponse200 | Problem | None:
    """The delivery log of a webhook endpoint of the calling platform client's, newest first

     The delivery log of a webhook endpoint of the calling platform client's (a test-mode client's are
    the sandbox's), newest first: each event's attempts, last answer and status

    Args:
        id (UUID):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        coin_version (ListWebhookDeliveriesCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListWebhookDeliveriesResponse200 | Problem
    """

    return sync_detailed(
        id=id,
        client=client,
        limit=limit,
        cursor=cursor,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    coin_version: ListWebhookDeliveriesCoinVersion | Unset = UNSET,
) -> Response[ListWebhookDeliveriesResponse200 | Problem]:
    """The delivery log of a webhook endpoint of the calling platform client's, newest first

     The delivery log of a webhook endpoint of the calling platform client's (a test-mode client's are
    the sandbox's), newest first: each event's attempts, last answer and status

    Args:
        id (UUID):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        coin_version (ListWebhookDeliveriesCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListWebhookDeliveriesResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        limit=limit,
        cursor=cursor,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    coin_version: ListWebhookDeliveriesCoinVersion | Unset = UNSET,
) -> ListWebhookDeliveriesResponse200 | Problem | None:
    """The delivery log of a webhook endpoint of the calling platform client's, newest first

     The delivery log of a webhook endpoint of the calling platform client's (a test-mode client's are
    the sandbox's), newest first: each event's attempts, last answer and status

    Args:
        id (UUID):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        coin_version (ListWebhookDeliveriesCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListWebhookDeliveriesResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            limit=limit,
            cursor=cursor,
            coin_version=coin_version,
        )
    ).parsed

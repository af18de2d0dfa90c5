from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.redeliver_client_webhook_delivery_coin_version import (
    RedeliverClientWebhookDeliveryCoinVersion,
)
from ...models.redeliver_client_webhook_delivery_response_202 import (
    RedeliverClientWebhookDeliveryResponse202,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    client_id: str,
    id: UUID,
    delivery_id: int,
    *,
    coin_version: RedeliverClientWebhookDeliveryCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/admin/platform-clients/{client_id}/webhooks/endpoints/{id}/deliveries/{delivery_id}/redeliver".format(
            client_id=quote(str(client_id), safe=""),
            id=quote(str(id), safe=""),
            delivery_id=quote(str(delivery_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | RedeliverClientWebhookDeliveryResponse202 | None:
    if response.status_code == 202:
        response_202 = RedeliverClientWebhookDeliveryResponse202.from_dict(
            response.json()
        )

        return response_202

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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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
) -> Response[Problem | RedeliverClientWebhookDeliveryResponse202]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    client_id: str,
    id: UUID,
    delivery_id: int,
    *,
    client: AuthenticatedClient,
    coin_version: RedeliverClientWebhookDeliveryCoinVersion | Unset = UNSET,
) -> Response[Problem | RedeliverClientWebhookDeliveryResponse202]:
    """Send one delivery of a webhook endpoint of a platform client's again, now

     Send one delivery of a webhook endpoint of a platform client's (SUPERADMIN) again, now, with a fresh
    retry schedule

    Args:
        client_id (str):
        id (UUID):
        delivery_id (int):
        coin_version (RedeliverClientWebhookDeliveryCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RedeliverClientWebhookDeliveryResponse202]
    """

    kwargs = _get_kwargs(
        client_id=client_id,
        id=id,
        delivery_id=delivery_id,
        coin_version=coin_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    client_id: str,
    id: UUID,
    delivery_id: int,
    *,
    client: AuthenticatedClient,
    coin_version: RedeliverClientWebhookDeliveryCoinVersion | Unset = UNSET,
) -> Problem | RedeliverClientWebhookDeliveryResponse202 | None:
    """Send one delivery of a webhook endpoint of a platform client's again, now

     Send one delivery of a webhook endpoint of a platform client's (SUPERADMIN) again, now, with a fresh
    retry schedule

    Args:
        client_id (str):
        id (UUID):
        delivery_id (int):
        coin_version (RedeliverClientWebhookDeliveryCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RedeliverClientWebhookDeliveryResponse202
    """

    return sync_detailed(
        client_id=client_id,
        id=id,
        delivery_id=delivery_id,
        client=client,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    client_id: str,
    id: UUID,
    delivery_id: int,
    *,
    client: AuthenticatedClient,
    coin_version: RedeliverClientWebhookDeliveryCoinVersion | Unset = UNSET,
) -> Response[Problem | RedeliverClientWebhookDeliveryResponse202]:
    """Send one delivery of a webhook endpoint of a platform client's again, now

     Send one delivery of a webhook endpoint of a platform client's (SUPERADMIN) again, now, with a fresh
    retry schedule

    Args:
        client_id (str):
        id (UUID):
        delivery_id (int):
        coin_version (RedeliverClientWebhookDeliveryCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RedeliverClientWebhookDeliveryResponse202]
    """

    kwargs = _get_kwargs(
        client_id=client_id,
        id=id,
        delivery_id=delivery_id,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    client_id: str,
    id: UUID,
    delivery_id: int,
    *,
    client: AuthenticatedClient,
    coin_version: RedeliverClientWebhookDeliveryCoinVersion | Unset = UNSET,
) -> Problem | RedeliverClientWebhookDeliveryResponse202 | None:
    """Send one delivery of a webhook endpoint of a platform client's again, now

     Send one delivery of a webhook endpoint of a platform client's (SUPERADMIN) again, now, with a fresh
    retry schedule

    Args:
        client_id (str):
        id (UUID):
        delivery_id (int):
        coin_version (RedeliverClientWebhookDeliveryCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RedeliverClientWebhookDeliveryResponse202
    """

    return (
        await asyncio_detailed(
            client_id=client_id,
            id=id,
            delivery_id=delivery_id,
            client=client,
            coin_version=coin_version,
        )
    ).parsed

from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_webhook_recovery_coin_version import (
    GetWebhookRecoveryCoinVersion,
)
from ...models.get_webhook_recovery_response_200 import GetWebhookRecoveryResponse200
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    recovery_id: UUID,
    *,
    coin_version: GetWebhookRecoveryCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/webhooks/endpoints/{id}/recoveries/{recovery_id}".format(
            id=quote(str(id), safe=""),
            recovery_id=quote(str(recovery_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GetWebhookRecoveryResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = GetWebhookRecoveryResponse200.from_dict(response.json())

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
) -> Response[GetWebhookRecoveryResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: UUID,
    recovery_id: UUID,
    *,
    client: AuthenticatedClient,
    coin_version: GetWebhookRecoveryCoinVersion | Unset = UNSET,
) -> Response[GetWebhookRecoveryResponse200 | Problem]:
    """The progress of a recovery of a webhook endpoint of the calling platform client's

     The progress of a recovery of a webhook endpoint of the calling platform client's (a test-mode
    client's are the sandbox's): the failed deliveries of its span, and how many are back in the queue

    Args:
        id (UUID):
        recovery_id (UUID):
        coin_version (GetWebhookRecoveryCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetWebhookRecoveryResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        recovery_id=recovery_id,
        coin_version=coin_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    recovery_id: UUID,
    *,
    client: AuthenticatedClient,
    coin_version: GetWebhookRecoveryCoinVersion | Unset = UNSET,
) -> GetWebhookRecoveryResponse200 | Problem | None:
    """The progress of a recovery of a webhook endpoint of the calling platform client's

     The progress of a recovery of a webhook endpoint of the calling platform client's (a test-mode
    client's are the sandbox's): the failed deliveries of its span, and how many are back in the queue

    Args:
        id (UUID):
        recovery_id (UUID):
        coin_version (GetWebhookRecoveryCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetWebhookRecoveryResponse200 | Problem
    """

    return sync_detailed(
        id=id,
        recovery_id=recovery_id,
        client=client,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    recovery_id: UUID,
    *,
    client: AuthenticatedClient,
    coin_version: GetWebhookRecoveryCoinVersion | Unset = UNSET,
) -> Response[GetWebhookRecoveryResponse200 | Problem]:
    """The progress of a recovery of a webhook endpoint of the calling platform client's

     The progress of a recovery of a webhook endpoint of the calling platform client's (a test-mode
    client's are the sandbox's): the failed deliveries of its span, and how many are back in the queue

    Args:
        id (UUID):
        recovery_id (UUID):
        coin_version (GetWebhookRecoveryCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetWebhookRecoveryResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        recovery_id=recovery_id,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    recovery_id: UUID,
    *,
    client: AuthenticatedClient,
    coin_version: GetWebhookRecoveryCoinVersion | Unset = UNSET,
) -> GetWebhookRecoveryResponse200 | Problem | None:
    """The progress of a recovery of a webhook endpoint of the calling platform client's

     The progress of a recovery of a webhook endpoint of the calling platform client's (a test-mode
    client's are the sandbox's): the failed deliveries of its span, and how many are back in the queue

    Args:
        id (UUID):
        recovery_id (UUID):
        coin_version (GetWebhookRecoveryCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetWebhookRecoveryResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            recovery_id=recovery_id,
            client=client,
            coin_version=coin_version,
        )
    ).parsed

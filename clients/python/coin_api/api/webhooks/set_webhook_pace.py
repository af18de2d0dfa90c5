from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.set_webhook_pace_body import SetWebhookPaceBody
from ...models.set_webhook_pace_coin_version import (
    SetWebhookPaceCoinVersion,
)
from ...models.set_webhook_pace_response_200 import SetWebhookPaceResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    body: SetWebhookPaceBody,
    coin_version: SetWebhookPaceCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/webhooks/endpoints/{id}/pace".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | SetWebhookPaceResponse200 | None:
    if response.status_code == 200:
        response_200 = SetWebhookPaceResponse200.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

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
) -> Response[Problem | SetWebhookPaceResponse200]:
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
    body: SetWebhookPaceBody,
    coin_version: SetWebhookPaceCoinVersion | Unset = UNSET,
) -> Response[Problem | SetWebhookPaceResponse200]:
    """Set the pace of a webhook endpoint of the calling platform client's

     Set the pace of a webhook endpoint of the calling platform client's (a test-mode client's are the
    sandbox's): at most maxDeliveriesPerSecond delivery attempts a second (1-1000; null: none).
    Deliveries beyond it wait in the queue, in order; none is dropped

    Args:
        id (UUID):
        coin_version (SetWebhookPaceCoinVersion | Unset):
        body (SetWebhookPaceBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SetWebhookPaceResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
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
    body: SetWebhookPaceBody,
    coin_version: SetWebhookPaceCoinVersion | Unset = UNSET,
) -> Problem | SetWebhookPaceResponse200 | None:
    """Set the pace of a webhook endpoint of the calling platform client's

     Set the pace of a webhook endpoint of the calling platform client's (a test-mode client's are the
    sandbox's): at most maxDeliveriesPerSecond delivery attempts a second (1-1000; null: none).
    Deliveries beyond it wait in the queue, in order; none is dropped

    Args:
        id (UUID):
        coin_version (SetWebhookPaceCoinVersion | Unset):
        body (SetWebhookPaceBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SetWebhookPaceResponse200
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: SetWebhookPaceBody,
    coin_version: SetWebhookPaceCoinVersion | Unset = UNSET,
) -> Response[Problem | SetWebhookPaceResponse200]:
    """Set the pace of a webhook endpoint of the calling platform client's

     Set the pace of a webhook endpoint of the calling platform client's (a test-mode client's are the
    sandbox's): at most maxDeliveriesPerSecond delivery attempts a second (1-1000; null: none).
    Deliveries beyond it wait in the queue, in order; none is dropped

    Args:
        id (UUID):
        coin_version (SetWebhookPaceCoinVersion | Unset):
        body (SetWebhookPaceBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SetWebhookPaceResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: SetWebhookPaceBody,
    coin_version: SetWebhookPaceCoinVersion | Unset = UNSET,
) -> Problem | SetWebhookPaceResponse200 | None:
    """Set the pace of a webhook endpoint of the calling platform client's

     Set the pace of a webhook endpoint of the calling platform client's (a test-mode client's are the
    sandbox's): at most maxDeliveriesPerSecond delivery attempts a second (1-1000; null: none).
    Deliveries beyond it wait in the queue, in order; none is dropped

    Args:
        id (UUID):
        coin_version (SetWebhookPaceCoinVersion | Unset):
        body (SetWebhookPaceBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SetWebhookPaceResponse200
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            coin_version=coin_version,
        )
    ).parsed

from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.set_client_webhook_pace_body import SetClientWebhookPaceBody
from ...models.set_client_webhook_pace_coin_version import (
    SetClientWebhookPaceCoinVersion,
)
from ...models.set_client_webhook_pace_response_200 import (
    SetClientWebhookPaceResponse200,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    client_id: str,
    id: UUID,
    *,
    body: SetClientWebhookPaceBody,
    coin_version: SetClientWebhookPaceCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/admin/platform-clients/{client_id}/webhooks/endpoints/{id}/pace".format(
            client_id=quote(str(client_id), safe=""),
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | SetClientWebhookPaceResponse200 | None:
    if response.status_code == 200:
        response_200 = SetClientWebhookPaceResponse200.from_dict(response.json())

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
) -> Response[Problem | SetClientWebhookPaceResponse200]:
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
    body: SetClientWebhookPaceBody,
    coin_version: SetClientWebhookPaceCoinVersion | Unset = UNSET,
) -> Response[Problem | SetClientWebhookPaceResponse200]:
    """Set the pace of a webhook endpoint of a platform client's

     Set the pace of a webhook endpoint of a platform client's (SUPERADMIN): at most
    maxDeliveriesPerSecond delivery attempts a second (1-1000; null: none). Deliveries beyond it wait in
    the queue, in order; none is dropped

    Args:
        client_id (str):
        id (UUID):
        coin_version (SetClientWebhookPaceCoinVersion | Unset):
        body (SetClientWebhookPaceBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SetClientWebhookPaceResponse200]
    """

    kwargs = _get_kwargs(
        client_id=client_id,
        id=id,
        body=body,
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
    body: SetClientWebhookPaceBody,
    coin_version: SetClientWebhookPaceCoinVersion | Unset = UNSET,
) -> Problem | SetClientWebhookPaceResponse200 | None:
    """Set the pace of a webhook endpoint of a platform client's

     Set the pace of a webhook endpoint of a platform client's (SUPERADMIN): at most
    maxDeliveriesPerSecond delivery attempts a second (1-1000; null: none). Deliveries beyond it wait in
    the queue, in order; none is dropped

    Args:
        client_id (str):
        id (UUID):
        coin_version (SetClientWebhookPaceCoinVersion | Unset):
        body (SetClientWebhookPaceBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SetClientWebhookPaceResponse200
    """

    return sync_detailed(
        client_id=client_id,
        id=id,
        client=client,
        body=body,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    client_id: str,
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: SetClientWebhookPaceBody,
    coin_version: SetClientWebhookPaceCoinVersion | Unset = UNSET,
) -> Response[Problem | SetClientWebhookPaceResponse200]:
    """Set the pace of a webhook endpoint of a platform client's

     Set the pace of a webhook endpoint of a platform client's (SUPERADMIN): at most
    maxDeliveriesPerSecond delivery attempts a second (1-1000; null: none). Deliveries beyond it wait in
    the queue, in order; none is dropped

    Args:
        client_id (str):
        id (UUID):
        coin_version (SetClientWebhookPaceCoinVersion | Unset):
        body (SetClientWebhookPaceBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SetClientWebhookPaceResponse200]
    """

    kwargs = _get_kwargs(
        client_id=client_id,
        id=id,
        body=body,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    client_id: str,
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: SetClientWebhookPaceBody,
    coin_version: SetClientWebhookPaceCoinVersion | Unset = UNSET,
) -> Problem | SetClientWebhookPaceResponse200 | None:
    """Set the pace of a webhook endpoint of a platform client's

     Set the pace of a webhook endpoint of a platform client's (SUPERADMIN): at most
    maxDeliveriesPerSecond delivery attempts a second (1-1000; null: none). Deliveries beyond it wait in
    the queue, in order; none is dropped

    Args:
        client_id (str):
        id (UUID):
        coin_version (SetClientWebhookPaceCoinVersion | Unset):
        body (SetClientWebhookPaceBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SetClientWebhookPaceResponse200
    """

    return (
        await asyncio_detailed(
            client_id=client_id,
            id=id,
            client=client,
            body=body,
            coin_version=coin_version,
        )
    ).parsed

from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.test_webhook_endpoint_coin_version import (
    TestWebhookEndpointCoinVersion,
)
from ...models.test_webhook_endpoint_response_202 import TestWebhookEndpointResponse202
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    coin_version: TestWebhookEndpointCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/webhooks/endpoints/{id}/test".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | TestWebhookEndpointResponse202 | None:
    if response.status_code == 202:
        response_202 = TestWebhookEndpointResponse202.from_dict(response.json())

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
) -> Response[Problem | TestWebhookEndpointResponse202]:
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
    coin_version: TestWebhookEndpointCoinVersion | Unset = UNSET,
) -> Response[Problem | TestWebhookEndpointResponse202]:
    """Send a test event to a webhook endpoint of the calling platform client's now

     Send a test event (coin.webhook.test) to a webhook endpoint of the calling platform client's (a
    test-mode client's are the sandbox's) now, signed and retried like any delivery and shown in its
    delivery log; a disabled endpoint gets it once enabled

    Args:
        id (UUID):
        coin_version (TestWebhookEndpointCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TestWebhookEndpointResponse202]
    """

    kwargs = _get_kwargs(
        id=id,
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
    coin_version: TestWebhookEndpointCoinVersion | Unset = UNSET,
) -> Problem | TestWebhookEndpointResponse202 | None:
    """Send a test event to a webhook endpoint of the calling platform client's now

     Send a test event (coin.webhook.test) to a webhook endpoint of the calling platform client's (a
    test-mode client's are the sandbox's) now, signed and retried like any delivery and shown in its
    delivery log; a disabled endpoint gets it once enabled

    Args:
        id (UUID):
        coin_version (TestWebhookEndpointCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TestWebhookEndpointResponse202
    """

    return sync_detailed(
        id=id,
        client=client,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    coin_version: TestWebhookEndpointCoinVersion | Unset = UNSET,
) -> Response[Problem | TestWebhookEndpointResponse202]:
    """Send a test event to a webhook endpoint of the calling platform client's now

     Send a test event (coin.webhook.test) to a webhook endpoint of the calling platform client's (a
    test-mode client's are the sandbox's) now, signed and retried like any delivery and shown in its
    delivery log; a disabled endpoint gets it once enabled

    Args:
        id (UUID):
        coin_version (TestWebhookEndpointCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TestWebhookEndpointResponse202]
    """

    kwargs = _get_kwargs(
        id=id,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient,
    coin_version: TestWebhookEndpointCoinVersion | Unset = UNSET,
) -> Problem | TestWebhookEndpointResponse202 | None:
    """Send a test event to a webhook endpoint of the calling platform client's now

     Send a test event (coin.webhook.test) to a webhook endpoint of the calling platform client's (a
    test-mode client's are the sandbox's) now, signed and retried like any delivery and shown in its
    delivery log; a disabled endpoint gets it once enabled

    Args:
        id (UUID):
        coin_version (TestWebhookEndpointCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TestWebhookEndpointResponse202
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            coin_version=coin_version,
        )
    ).parsed

from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.resend_event_coin_version import (
    ResendEventCoinVersion,
)
from ...models.resend_event_response_202 import ResendEventResponse202
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    coin_version: ResendEventCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/events/{id}/resend".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | ResendEventResponse202 | None:
    if response.status_code == 202:
        response_202 = ResendEventResponse202.from_dict(response.json())

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
) -> Response[Problem | ResendEventResponse202]:
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
    coin_version: ResendEventCoinVersion | Unset = UNSET,
) -> Response[Problem | ResendEventResponse202]:
    """Send one of the calling platform client's events again to each of its endpoints that received it

     Send one of the calling platform client's events again to each of its endpoints that received it:
    each delivery waits for its next attempt now, with a fresh schedule, and is recorded in the audit
    log. Safe to repeat: a delivery already waiting is not queued twice. Each client has a quota of
    resends (100 an hour by default, RATE_LIMIT_RESENDS_PER_CLIENT_MAX and _WINDOW_MS), past it 429
    RATE_LIMITED with Retry-After. Another client's event is a 404, as a missing one is; a test-mode
    client's are the sandbox's

    Args:
        id (UUID):
        coin_version (ResendEventCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ResendEventResponse202]
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
    coin_version: ResendEventCoinVersion | Unset = UNSET,
) -> Problem | ResendEventResponse202 | None:
    """Send one of the calling platform client's events again to each of its endpoints that received it

     Send one of the calling platform client's events again to each of its endpoints that received it:
    each delivery waits for its next attempt now, with a fresh schedule, and is recorded in the audit
    log. Safe to repeat: a delivery already waiting is not queued twice. Each client has a quota of
    resends (100 an hour by default, RATE_LIMIT_RESENDS_PER_CLIENT_MAX and _WINDOW_MS), past it 429
    RATE_LIMITED with Retry-After. Another client's event is a 404, as a missing one is; a test-mode
    client's are the sandbox's

    Args:
        id (UUID):
        coin_version (ResendEventCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ResendEventResponse202
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
    coin_version: ResendEventCoinVersion | Unset = UNSET,
) -> Response[Problem | ResendEventResponse202]:
    """Send one of the calling platform client's events again to each of its endpoints that received it

     Send one of the calling platform client's events again to each of its endpoints that received it:
    each delivery waits for its next attempt now, with a fresh schedule, and is recorded in the audit
    log. Safe to repeat: a delivery already waiting is not queued twice. Each client has a quota of
    resends (100 an hour by default, RATE_LIMIT_RESENDS_PER_CLIENT_MAX and _WINDOW_MS), past it 429
    RATE_LIMITED with Retry-After. Another client's event is a 404, as a missing one is; a test-mode
    client's are the sandbox's

    Args:
        id (UUID):
        coin_version (ResendEventCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ResendEventResponse202]
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
    coin_version: ResendEventCoinVersion | Unset = UNSET,
) -> Problem | ResendEventResponse202 | None:
    """Send one of the calling platform client's events again to each of its endpoints that received it

     Send one of the calling platform client's events again to each of its endpoints that received it:
    each delivery waits for its next attempt now, with a fresh schedule, and is recorded in the audit
    log. Safe to repeat: a delivery already waiting is not queued twice. Each client has a quota of
    resends (100 an hour by default, RATE_LIMIT_RESENDS_PER_CLIENT_MAX and _WINDOW_MS), past it 429
    RATE_LIMITED with Retry-After. Another client's event is a 404, as a missing one is; a test-mode
    client's are the sandbox's

    Args:
        id (UUID):
        coin_version (ResendEventCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ResendEventResponse202
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            coin_version=coin_version,
        )
    ).parsed

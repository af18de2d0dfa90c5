from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_own_test_client_body import CreateOwnTestClientBody
from ...models.create_own_test_client_coin_version import (
    CreateOwnTestClientCoinVersion,
)
from ...models.create_own_test_client_response_201 import CreateOwnTestClientResponse201
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateOwnTestClientBody,
    idempotency_key: str,
    coin_version: CreateOwnTestClientCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["idempotency-key"] = idempotency_key

    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/platform/test-clients",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateOwnTestClientResponse201 | Problem | None:
    if response.status_code == 201:
        response_201 = CreateOwnTestClientResponse201.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

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
) -> Response[CreateOwnTestClientResponse201 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateOwnTestClientBody,
    idempotency_key: str,
    coin_version: CreateOwnTestClientCoinVersion | Unset = UNSET,
) -> Response[CreateOwnTestClientResponse201 | Problem]:
    """Make a test-mode client of the calling live platform client's own

     Make a test-mode client of the calling live platform client's own (no person approves it): its id
    starts with test_, it is granted at most the treasuries the caller holds (another is 403 FORBIDDEN),
    and its secret is in this first answer only (a retry with the same Idempotency-Key answers 201
    without it). No live account can link it, so every live user's id is unknown to it (404
    USER_NOT_FOUND). A live client keeps at most TEST_CLIENTS_PER_OWNER_MAX (5 by default) unrevoked
    test clients (the next is 422 TEST_CLIENTS_LIMIT until it revokes one), and they end with it:
    revoking the live client revokes them. Live platform clients only

    Args:
        idempotency_key (str):
        coin_version (CreateOwnTestClientCoinVersion | Unset):
        body (CreateOwnTestClientBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateOwnTestClientResponse201 | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
        coin_version=coin_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: CreateOwnTestClientBody,
    idempotency_key: str,
    coin_version: CreateOwnTestClientCoinVersion | Unset = UNSET,
) -> CreateOwnTestClientResponse201 | Problem | None:
    """Make a test-mode client of the calling live platform client's own

     Make a test-mode client of the calling live platform client's own (no person approves it): its id
    starts with test_, it is granted at most the treasuries the caller holds (another is 403 FORBIDDEN),
    and its secret is in this first answer only (a retry with the same Idempotency-Key answers 201
    without it). No live account can link it, so every live user's id is unknown to it (404
    USER_NOT_FOUND). A live client keeps at most TEST_CLIENTS_PER_OWNER_MAX (5 by default) unrevoked
    test clients (the next is 422 TEST_CLIENTS_LIMIT until it revokes one), and they end with it:
    revoking the live client revokes them. Live platform clients only

    Args:
        idempotency_key (str):
        coin_version (CreateOwnTestClientCoinVersion | Unset):
        body (CreateOwnTestClientBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateOwnTestClientResponse201 | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateOwnTestClientBody,
    idempotency_key: str,
    coin_version: CreateOwnTestClientCoinVersion | Unset = UNSET,
) -> Response[CreateOwnTestClientResponse201 | Problem]:
    """Make a test-mode client of the calling live platform client's own

     Make a test-mode client of the calling live platform client's own (no person approves it): its id
    starts with test_, it is granted at most the treasuries the caller holds (another is 403 FORBIDDEN),
    and its secret is in this first answer only (a retry with the same Idempotency-Key answers 201
    without it). No live account can link it, so every live user's id is unknown to it (404
    USER_NOT_FOUND). A live client keeps at most TEST_CLIENTS_PER_OWNER_MAX (5 by default) unrevoked
    test clients (the next is 422 TEST_CLIENTS_LIMIT until it revokes one), and they end with it:
    revoking the live client revokes them. Live platform clients only

    Args:
        idempotency_key (str):
        coin_version (CreateOwnTestClientCoinVersion | Unset):
        body (CreateOwnTestClientBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateOwnTestClientResponse201 | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CreateOwnTestClientBody,
    idempotency_key: str,
    coin_version: CreateOwnTestClientCoinVersion | Unset = UNSET,
) -> CreateOwnTestClientResponse201 | Problem | None:
    """Make a test-mode client of the calling live platform client's own

     Make a test-mode client of the calling live platform client's own (no person approves it): its id
    starts with test_, it is granted at most the treasuries the caller holds (another is 403 FORBIDDEN),
    and its secret is in this first answer only (a retry with the same Idempotency-Key answers 201
    without it). No live account can link it, so every live user's id is unknown to it (404
    USER_NOT_FOUND). A live client keeps at most TEST_CLIENTS_PER_OWNER_MAX (5 by default) unrevoked
    test clients (the next is 422 TEST_CLIENTS_LIMIT until it revokes one), and they end with it:
    revoking the live client revokes them. Live platform clients only

    Args:
        idempotency_key (str):
        coin_version (CreateOwnTestClientCoinVersion | Unset):
        body (CreateOwnTestClientBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateOwnTestClientResponse201 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            coin_version=coin_version,
        )
    ).parsed

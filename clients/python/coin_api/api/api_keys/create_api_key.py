from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_api_key_body import CreateApiKeyBody
from ...models.create_api_key_coin_version import (
    CreateApiKeyCoinVersion,
)
from ...models.create_api_key_response_202 import CreateApiKeyResponse202
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateApiKeyBody,
    coin_version: CreateApiKeyCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/admin/api-keys",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateApiKeyResponse202 | Problem | None:
    if response.status_code == 202:
        response_202 = CreateApiKeyResponse202.from_dict(response.json())

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
) -> Response[CreateApiKeyResponse202 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateApiKeyBody,
    coin_version: CreateApiKeyCoinVersion | Unset = UNSET,
) -> Response[CreateApiKeyResponse202 | Problem]:
    """Ask for an API key issued to an ADMIN or SUPERADMIN, the only one it works for

     Ask for an API key issued to an ADMIN or SUPERADMIN (ownerUserId; default: the caller), the only one
    it works for: 202 with the secret (shown this once) and the request another SUPERADMIN approves
    (POST /api/admin/grant-requests/{id}/approve); the key works from that approval on

    Args:
        coin_version (CreateApiKeyCoinVersion | Unset):
        body (CreateApiKeyBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateApiKeyResponse202 | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        coin_version=coin_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: CreateApiKeyBody,
    coin_version: CreateApiKeyCoinVersion | Unset = UNSET,
) -> CreateApiKeyResponse202 | Problem | None:
    """Ask for an API key issued to an ADMIN or SUPERADMIN, the only one it works for

     Ask for an API key issued to an ADMIN or SUPERADMIN (ownerUserId; default: the caller), the only one
    it works for: 202 with the secret (shown this once) and the request another SUPERADMIN approves
    (POST /api/admin/grant-requests/{id}/approve); the key works from that approval on

    Args:
        coin_version (CreateApiKeyCoinVersion | Unset):
        body (CreateApiKeyBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateApiKeyResponse202 | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateApiKeyBody,
    coin_version: CreateApiKeyCoinVersion | Unset = UNSET,
) -> Response[CreateApiKeyResponse202 | Problem]:
    """Ask for an API key issued to an ADMIN or SUPERADMIN, the only one it works for

     Ask for an API key issued to an ADMIN or SUPERADMIN (ownerUserId; default: the caller), the only one
    it works for: 202 with the secret (shown this once) and the request another SUPERADMIN approves
    (POST /api/admin/grant-requests/{id}/approve); the key works from that approval on

    Args:
        coin_version (CreateApiKeyCoinVersion | Unset):
        body (CreateApiKeyBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateApiKeyResponse202 | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CreateApiKeyBody,
    coin_version: CreateApiKeyCoinVersion | Unset = UNSET,
) -> CreateApiKeyResponse202 | Problem | None:
    """Ask for an API key issued to an ADMIN or SUPERADMIN, the only one it works for

     Ask for an API key issued to an ADMIN or SUPERADMIN (ownerUserId; default: the caller), the only one
    it works for: 202 with the secret (shown this once) and the request another SUPERADMIN approves
    (POST /api/admin/grant-requests/{id}/approve); the key works from that approval on

    Args:
        coin_version (CreateApiKeyCoinVersion | Unset):
        body (CreateApiKeyBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateApiKeyResponse202 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            coin_version=coin_version,
        )
    ).parsed

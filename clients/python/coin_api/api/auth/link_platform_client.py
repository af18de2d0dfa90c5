from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.link_platform_client_body import LinkPlatformClientBody
from ...models.link_platform_client_coin_version import (
    LinkPlatformClientCoinVersion,
)
from ...models.link_platform_client_response_201 import LinkPlatformClientResponse201
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: LinkPlatformClientBody,
    coin_version: LinkPlatformClientCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/auth/platform-links",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> LinkPlatformClientResponse201 | Problem | None:
    if response.status_code == 201:
        response_201 = LinkPlatformClientResponse201.from_dict(response.json())

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

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

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
) -> Response[LinkPlatformClientResponse201 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: LinkPlatformClientBody,
    coin_version: LinkPlatformClientCoinVersion | Unset = UNSET,
) -> Response[LinkPlatformClientResponse201 | Problem]:
    """Link a platform client you use

     Link a platform client you use: it may then attest referrals naming you and, a test-mode client, act
    for you in the sandbox with test coins. No client names you so before you link it. Linking again
    answers the first link; an unknown or revoked client is 404 NOT_FOUND

    Args:
        coin_version (LinkPlatformClientCoinVersion | Unset):
        body (LinkPlatformClientBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LinkPlatformClientResponse201 | Problem]
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
    body: LinkPlatformClientBody,
    coin_version: LinkPlatformClientCoinVersion | Unset = UNSET,
) -> LinkPlatformClientResponse201 | Problem | None:
    """Link a platform client you use

     Link a platform client you use: it may then attest referrals naming you and, a test-mode client, act
    for you in the sandbox with test coins. No client names you so before you link it. Linking again
    answers the first link; an unknown or revoked client is 404 NOT_FOUND

    Args:
        coin_version (LinkPlatformClientCoinVersion | Unset):
        body (LinkPlatformClientBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LinkPlatformClientResponse201 | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: LinkPlatformClientBody,
    coin_version: LinkPlatformClientCoinVersion | Unset = UNSET,
) -> Response[LinkPlatformClientResponse201 | Problem]:
    """Link a platform client you use

     Link a platform client you use: it may then attest referrals naming you and, a test-mode client, act
    for you in the sandbox with test coins. No client names you so before you link it. Linking again
    answers the first link; an unknown or revoked client is 404 NOT_FOUND

    Args:
        coin_version (LinkPlatformClientCoinVersion | Unset):
        body (LinkPlatformClientBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LinkPlatformClientResponse201 | Problem]
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
    body: LinkPlatformClientBody,
    coin_version: LinkPlatformClientCoinVersion | Unset = UNSET,
) -> LinkPlatformClientResponse201 | Problem | None:
    """Link a platform client you use

     Link a platform client you use: it may then attest referrals naming you and, a test-mode client, act
    for you in the sandbox with test coins. No client names you so before you link it. Linking again
    answers the first link; an unknown or revoked client is 404 NOT_FOUND

    Args:
        coin_version (LinkPlatformClientCoinVersion | Unset):
        body (LinkPlatformClientBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LinkPlatformClientResponse201 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            coin_version=coin_version,
        )
    ).parsed

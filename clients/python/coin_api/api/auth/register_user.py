from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.register_user_body import RegisterUserBody
from ...models.register_user_coin_version import (
    RegisterUserCoinVersion,
)
from ...models.register_user_response_202 import RegisterUserResponse202
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: RegisterUserBody,
    coin_version: RegisterUserCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/auth/register",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | RegisterUserResponse202 | None:
    if response.status_code == 202:
        response_202 = RegisterUserResponse202.from_dict(response.json())

        return response_202

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

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
) -> Response[Problem | RegisterUserResponse202]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: RegisterUserBody,
    coin_version: RegisterUserCoinVersion | Unset = UNSET,
) -> Response[Problem | RegisterUserResponse202]:
    """Create an account, then log in

     Create an account (its wallet with it), then log in. The same 202 whether the address was free or
    already had an account (whose owner is told at their next login), so registration does not reveal
    who has an account

    Args:
        coin_version (RegisterUserCoinVersion | Unset):
        body (RegisterUserBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RegisterUserResponse202]
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
    client: AuthenticatedClient | Client,
    body: RegisterUserBody,
    coin_version: RegisterUserCoinVersion | Unset = UNSET,
) -> Problem | RegisterUserResponse202 | None:
    """Create an account, then log in

     Create an account (its wallet with it), then log in. The same 202 whether the address was free or
    already had an account (whose owner is told at their next login), so registration does not reveal
    who has an account

    Args:
        coin_version (RegisterUserCoinVersion | Unset):
        body (RegisterUserBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RegisterUserResponse202
    """

    return sync_detailed(
        client=client,
        body=body,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: RegisterUserBody,
    coin_version: RegisterUserCoinVersion | Unset = UNSET,
) -> Response[Problem | RegisterUserResponse202]:
    """Create an account, then log in

     Create an account (its wallet with it), then log in. The same 202 whether the address was free or
    already had an account (whose owner is told at their next login), so registration does not reveal
    who has an account

    Args:
        coin_version (RegisterUserCoinVersion | Unset):
        body (RegisterUserBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RegisterUserResponse202]
    """

    kwargs = _get_kwargs(
        body=body,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: RegisterUserBody,
    coin_version: RegisterUserCoinVersion | Unset = UNSET,
) -> Problem | RegisterUserResponse202 | None:
    """Create an account, then log in

     Create an account (its wallet with it), then log in. The same 202 whether the address was free or
    already had an account (whose owner is told at their next login), so registration does not reveal
    who has an account

    Args:
        coin_version (RegisterUserCoinVersion | Unset):
        body (RegisterUserBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RegisterUserResponse202
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            coin_version=coin_version,
        )
    ).parsed

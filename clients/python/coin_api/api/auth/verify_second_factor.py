from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.verify_second_factor_body import VerifySecondFactorBody
from ...models.verify_second_factor_coin_version import (
    VerifySecondFactorCoinVersion,
)
from ...models.verify_second_factor_response_200 import VerifySecondFactorResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: VerifySecondFactorBody,
    coin_version: VerifySecondFactorCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/auth/mfa/verify",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | VerifySecondFactorResponse200 | None:
    if response.status_code == 200:
        response_200 = VerifySecondFactorResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

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
) -> Response[Problem | VerifySecondFactorResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: VerifySecondFactorBody,
    coin_version: VerifySecondFactorCoinVersion | Unset = UNSET,
) -> Response[Problem | VerifySecondFactorResponse200]:
    """The sign-in's second step: the challenge of POST /api/auth/login and a TOTP code (or a recovery
    code) for tokens

     A code works once (a TOTP code of a time step already used is refused: MFA_CODE_INVALID); a recovery
    code is used up. Wrong codes are counted per account: past MFA_FAILURES_MAX in MFA_FAILURE_WINDOW_S,
    429 until the window ends.

    Args:
        coin_version (VerifySecondFactorCoinVersion | Unset):
        body (VerifySecondFactorBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | VerifySecondFactorResponse200]
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
    body: VerifySecondFactorBody,
    coin_version: VerifySecondFactorCoinVersion | Unset = UNSET,
) -> Problem | VerifySecondFactorResponse200 | None:
    """The sign-in's second step: the challenge of POST /api/auth/login and a TOTP code (or a recovery
    code) for tokens

     A code works once (a TOTP code of a time step already used is refused: MFA_CODE_INVALID); a recovery
    code is used up. Wrong codes are counted per account: past MFA_FAILURES_MAX in MFA_FAILURE_WINDOW_S,
    429 until the window ends.

    Args:
        coin_version (VerifySecondFactorCoinVersion | Unset):
        body (VerifySecondFactorBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | VerifySecondFactorResponse200
    """

    return sync_detailed(
        client=client,
        body=body,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: VerifySecondFactorBody,
    coin_version: VerifySecondFactorCoinVersion | Unset = UNSET,
) -> Response[Problem | VerifySecondFactorResponse200]:
    """The sign-in's second step: the challenge of POST /api/auth/login and a TOTP code (or a recovery
    code) for tokens

     A code works once (a TOTP code of a time step already used is refused: MFA_CODE_INVALID); a recovery
    code is used up. Wrong codes are counted per account: past MFA_FAILURES_MAX in MFA_FAILURE_WINDOW_S,
    429 until the window ends.

    Args:
        coin_version (VerifySecondFactorCoinVersion | Unset):
        body (VerifySecondFactorBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | VerifySecondFactorResponse200]
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
    body: VerifySecondFactorBody,
    coin_version: VerifySecondFactorCoinVersion | Unset = UNSET,
) -> Problem | VerifySecondFactorResponse200 | None:
    """The sign-in's second step: the challenge of POST /api/auth/login and a TOTP code (or a recovery
    code) for tokens

     A code works once (a TOTP code of a time step already used is refused: MFA_CODE_INVALID); a recovery
    code is used up. Wrong codes are counted per account: past MFA_FAILURES_MAX in MFA_FAILURE_WINDOW_S,
    429 until the window ends.

    Args:
        coin_version (VerifySecondFactorCoinVersion | Unset):
        body (VerifySecondFactorBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | VerifySecondFactorResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            coin_version=coin_version,
        )
    ).parsed

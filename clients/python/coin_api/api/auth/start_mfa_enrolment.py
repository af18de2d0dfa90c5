from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.start_mfa_enrolment_coin_version import (
    StartMfaEnrolmentCoinVersion,
)
from ...models.start_mfa_enrolment_response_200 import StartMfaEnrolmentResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    coin_version: StartMfaEnrolmentCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/auth/mfa/enrolment",
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | StartMfaEnrolmentResponse200 | None:
    if response.status_code == 200:
        response_200 = StartMfaEnrolmentResponse200.from_dict(response.json())

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
) -> Response[Problem | StartMfaEnrolmentResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    coin_version: StartMfaEnrolmentCoinVersion | Unset = UNSET,
) -> Response[Problem | StartMfaEnrolmentResponse200]:
    """Start enrolling an authenticator app (TOTP): its secret, as an otpauth:// URI for a QR code, shown
    this once

     Admins (ADMIN, SUPERADMIN) need it: their admin routes answer 403 MFA_REQUIRED until they sign in
    with a second factor. Starting again replaces a secret not yet confirmed; 409 MFA_ALREADY_ENROLLED
    once one is confirmed.

    Args:
        coin_version (StartMfaEnrolmentCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StartMfaEnrolmentResponse200]
    """

    kwargs = _get_kwargs(
        coin_version=coin_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    coin_version: StartMfaEnrolmentCoinVersion | Unset = UNSET,
) -> Problem | StartMfaEnrolmentResponse200 | None:
    """Start enrolling an authenticator app (TOTP): its secret, as an otpauth:// URI for a QR code, shown
    this once

     Admins (ADMIN, SUPERADMIN) need it: their admin routes answer 403 MFA_REQUIRED until they sign in
    with a second factor. Starting again replaces a secret not yet confirmed; 409 MFA_ALREADY_ENROLLED
    once one is confirmed.

    Args:
        coin_version (StartMfaEnrolmentCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StartMfaEnrolmentResponse200
    """

    return sync_detailed(
        client=client,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    coin_version: StartMfaEnrolmentCoinVersion | Unset = UNSET,
) -> Response[Problem | StartMfaEnrolmentResponse200]:
    """Start enrolling an authenticator app (TOTP): its secret, as an otpauth:// URI for a QR code, shown
    this once

     Admins (ADMIN, SUPERADMIN) need it: their admin routes answer 403 MFA_REQUIRED until they sign in
    with a second factor. Starting again replaces a secret not yet confirmed; 409 MFA_ALREADY_ENROLLED
    once one is confirmed.

    Args:
        coin_version (StartMfaEnrolmentCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StartMfaEnrolmentResponse200]
    """

    kwargs = _get_kwargs(
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    coin_version: StartMfaEnrolmentCoinVersion | Unset = UNSET,
) -> Problem | StartMfaEnrolmentResponse200 | None:
    """Start enrolling an authenticator app (TOTP): its secret, as an otpauth:// URI for a QR code, shown
    this once

     Admins (ADMIN, SUPERADMIN) need it: their admin routes answer 403 MFA_REQUIRED until they sign in
    with a second factor. Starting again replaces a secret not yet confirmed; 409 MFA_ALREADY_ENROLLED
    once one is confirmed.

    Args:
        coin_version (StartMfaEnrolmentCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StartMfaEnrolmentResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            coin_version=coin_version,
        )
    ).parsed

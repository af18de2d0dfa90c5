from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.login_body import LoginBody
from ...models.login_coin_version import LoginCoinVersion
from ...models.login_response_200_type_0 import LoginResponse200Type0
from ...models.login_response_200_type_1 import LoginResponse200Type1
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: LoginBody,
    coin_version: LoginCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/auth/login",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> LoginResponse200Type0 | LoginResponse200Type1 | Problem | None:
    if response.status_code == 200:

        def _parse_response_200(
            data: object,
        ) -> LoginResponse200Type0 | LoginResponse200Type1:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_0 = LoginResponse200Type0.from_dict(data)

                return response_200_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_1 = LoginResponse200Type1.from_dict(data)

            return response_200_type_1

        response_200 = _parse_response_200(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

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
) -> Response[LoginResponse200Type0 | LoginResponse200Type1 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: LoginBody,
    coin_version: LoginCoinVersion | Unset = UNSET,
) -> Response[LoginResponse200Type0 | LoginResponse200Type1 | Problem]:
    """Exchange email and password for tokens, or (second factor enrolled) for a challenge to answer with a
    code

     The tokens come with the notices the owner has not seen, each shown once. An account with a second
    factor (TOTP) gets `{mfaRequired: true, challenge, expiresIn}` instead of tokens: send the challenge
    and a code to POST /api/auth/mfa/verify. An ADMIN or SUPERADMIN without one gets tokens that reach
    the routes any user has and POST /api/auth/mfa/enrolment; their admin routes answer 403
    MFA_REQUIRED.

    Args:
        coin_version (LoginCoinVersion | Unset):
        body (LoginBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LoginResponse200Type0 | LoginResponse200Type1 | Problem]
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
    body: LoginBody,
    coin_version: LoginCoinVersion | Unset = UNSET,
) -> LoginResponse200Type0 | LoginResponse200Type1 | Problem | None:
    """Exchange email and password for tokens, or (second factor enrolled) for a challenge to answer with a
    code

     The tokens come with the notices the owner has not seen, each shown once. An account with a second
    factor (TOTP) gets `{mfaRequired: true, challenge, expiresIn}` instead of tokens: send the challenge
    and a code to POST /api/auth/mfa/verify. An ADMIN or SUPERADMIN without one gets tokens that reach
    the routes any user has and POST /api/auth/mfa/enrolment; their admin routes answer 403
    MFA_REQUIRED.

    Args:
        coin_version (LoginCoinVersion | Unset):
        body (LoginBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LoginResponse200Type0 | LoginResponse200Type1 | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: LoginBody,
    coin_version: LoginCoinVersion | Unset = UNSET,
) -> Response[LoginResponse200Type0 | LoginResponse200Type1 | Problem]:
    """Exchange email and password for tokens, or (second factor enrolled) for a challenge to answer with a
    code

     The tokens come with the notices the owner has not seen, each shown once. An account with a second
    factor (TOTP) gets `{mfaRequired: true, challenge, expiresIn}` instead of tokens: send the challenge
    and a code to POST /api/auth/mfa/verify. An ADMIN or SUPERADMIN without one gets tokens that reach
    the routes any user has and POST /api/auth/mfa/enrolment; their admin routes answer 403
    MFA_REQUIRED.

    Args:
        coin_version (LoginCoinVersion | Unset):
        body (LoginBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LoginResponse200Type0 | LoginResponse200Type1 | Problem]
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
    body: LoginBody,
    coin_version: LoginCoinVersion | Unset = UNSET,
) -> LoginResponse200Type0 | LoginResponse200Type1 | Problem | None:
    """Exchange email and password for tokens, or (second factor enrolled) for a challenge to answer with a
    code

     The tokens come with the notices the owner has not seen, each shown once. An account with a second
    factor (TOTP) gets `{mfaRequired: true, challenge, expiresIn}` instead of tokens: send the challenge
    and a code to POST /api/auth/mfa/verify. An ADMIN or SUPERADMIN without one gets tokens that reach
    the routes any user has and POST /api/auth/mfa/enrolment; their admin routes answer 403
    MFA_REQUIRED.

    Args:
        coin_version (LoginCoinVersion | Unset):
        body (LoginBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LoginResponse200Type0 | LoginResponse200Type1 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            coin_version=coin_version,
        )
    ).parsed

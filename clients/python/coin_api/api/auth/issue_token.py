from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.issue_token_coin_version import (
    IssueTokenCoinVersion,
)
from ...models.issue_token_data_body import IssueTokenDataBody
from ...models.issue_token_json_body import IssueTokenJsonBody
from ...models.issue_token_response_200_type_0 import IssueTokenResponse200Type0
from ...models.issue_token_response_200_type_1 import IssueTokenResponse200Type1
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: IssueTokenJsonBody | IssueTokenDataBody | Unset = UNSET,
    coin_version: IssueTokenCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/auth/token",
    }

    if isinstance(body, IssueTokenJsonBody):
        _kwargs["json"] = body.to_dict()

        headers["Content-Type"] = "application/json"
    if isinstance(body, IssueTokenDataBody):
        _kwargs["data"] = body.to_dict()
        headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> IssueTokenResponse200Type0 | IssueTokenResponse200Type1 | Problem | None:
    if response.status_code == 200:

        def _parse_response_200(
            data: object,
        ) -> IssueTokenResponse200Type0 | IssueTokenResponse200Type1:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_0 = IssueTokenResponse200Type0.from_dict(data)

                return response_200_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_1 = IssueTokenResponse200Type1.from_dict(data)

            return response_200_type_1

        response_200 = _parse_response_200(response.json())

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
) -> Response[IssueTokenResponse200Type0 | IssueTokenResponse200Type1 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: IssueTokenJsonBody | IssueTokenDataBody | Unset = UNSET,
    coin_version: IssueTokenCoinVersion | Unset = UNSET,
) -> Response[IssueTokenResponse200Type0 | IssueTokenResponse200Type1 | Problem]:
    """Client credentials (OAuth 2.0): a SYSTEM access token for a registered platform client

     Two forms. JSON `{clientId, clientSecret}` answers `{accessToken, tokenType, expiresIn}`, errors as
    problem+json. The RFC 6749 §4.4 form (`application/x-www-form-urlencoded`,
    `grant_type=client_credentials`, the client id and secret as `client_id`/`client_secret` or in HTTP
    Basic, not both) answers `{access_token, token_type, expires_in}`; its 400/401 errors are RFC 6749
    §5.2 `{error, error_description}` (401 with WWW-Authenticate when Basic was used).

    Args:
        coin_version (IssueTokenCoinVersion | Unset):
        body (IssueTokenJsonBody):
        body (IssueTokenDataBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IssueTokenResponse200Type0 | IssueTokenResponse200Type1 | Problem]
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
    body: IssueTokenJsonBody | IssueTokenDataBody | Unset = UNSET,
    coin_version: IssueTokenCoinVersion | Unset = UNSET,
) -> IssueTokenResponse200Type0 | IssueTokenResponse200Type1 | Problem | None:
    """Client credentials (OAuth 2.0): a SYSTEM access token for a registered platform client

     Two forms. JSON `{clientId, clientSecret}` answers `{accessToken, tokenType, expiresIn}`, errors as
    problem+json. The RFC 6749 §4.4 form (`application/x-www-form-urlencoded`,
    `grant_type=client_credentials`, the client id and secret as `client_id`/`client_secret` or in HTTP
    Basic, not both) answers `{access_token, token_type, expires_in}`; its 400/401 errors are RFC 6749
    §5.2 `{error, error_description}` (401 with WWW-Authenticate when Basic was used).

    Args:
        coin_version (IssueTokenCoinVersion | Unset):
        body (IssueTokenJsonBody):
        body (IssueTokenDataBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IssueTokenResponse200Type0 | IssueTokenResponse200Type1 | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: IssueTokenJsonBody | IssueTokenDataBody | Unset = UNSET,
    coin_version: IssueTokenCoinVersion | Unset = UNSET,
) -> Response[IssueTokenResponse200Type0 | IssueTokenResponse200Type1 | Problem]:
    """Client credentials (OAuth 2.0): a SYSTEM access token for a registered platform client

     Two forms. JSON `{clientId, clientSecret}` answers `{accessToken, tokenType, expiresIn}`, errors as
    problem+json. The RFC 6749 §4.4 form (`application/x-www-form-urlencoded`,
    `grant_type=client_credentials`, the client id and secret as `client_id`/`client_secret` or in HTTP
    Basic, not both) answers `{access_token, token_type, expires_in}`; its 400/401 errors are RFC 6749
    §5.2 `{error, error_description}` (401 with WWW-Authenticate when Basic was used).

    Args:
        coin_version (IssueTokenCoinVersion | Unset):
        body (IssueTokenJsonBody):
        body (IssueTokenDataBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IssueTokenResponse200Type0 | IssueTokenResponse200Type1 | Problem]
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
    body: IssueTokenJsonBody | IssueTokenDataBody | Unset = UNSET,
    coin_version: IssueTokenCoinVersion | Unset = UNSET,
) -> IssueTokenResponse200Type0 | IssueTokenResponse200Type1 | Problem | None:
    """Client credentials (OAuth 2.0): a SYSTEM access token for a registered platform client

     Two forms. JSON `{clientId, clientSecret}` answers `{accessToken, tokenType, expiresIn}`, errors as
    problem+json. The RFC 6749 §4.4 form (`application/x-www-form-urlencoded`,
    `grant_type=client_credentials`, the client id and secret as `client_id`/`client_secret` or in HTTP
    Basic, not both) answers `{access_token, token_type, expires_in}`; its 400/401 errors are RFC 6749
    §5.2 `{error, error_description}` (401 with WWW-Authenticate when Basic was used).

    Args:
        coin_version (IssueTokenCoinVersion | Unset):
        body (IssueTokenJsonBody):
        body (IssueTokenDataBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IssueTokenResponse200Type0 | IssueTokenResponse200Type1 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            coin_version=coin_version,
        )
    ).parsed

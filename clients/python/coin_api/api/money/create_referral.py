from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_referral_body import CreateReferralBody
from ...models.create_referral_coin_version import (
    CreateReferralCoinVersion,
)
from ...models.create_referral_response_201 import CreateReferralResponse201
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateReferralBody,
    coin_version: CreateReferralCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/platform/referrals",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateReferralResponse201 | Problem | None:
    if response.status_code == 201:
        response_201 = CreateReferralResponse201.from_dict(response.json())

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
) -> Response[CreateReferralResponse201 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateReferralBody,
    coin_version: CreateReferralCoinVersion | Unset = UNSET,
) -> Response[CreateReferralResponse201 | Problem]:
    """Attest that a buyer was referred by an affiliate

     Attest that a buyer was referred by an affiliate, for purchases paying a treasury the calling
    platform client is granted and has a commission rule for (and, with `reference`, for that purchase
    only): 201 with the referral the buyer's purchase carries (`affiliate.referral`), valid for an hour.
    The buyer and the affiliate are users who linked the calling client (POST /api/auth/platform-links):
    any other user id, an account's or not, is 404 USER_NOT_FOUND alike. The affiliate is never the
    buyer (SELF_REFERRAL) nor one of the people behind the client's grant (SELF_DEALING)

    Args:
        coin_version (CreateReferralCoinVersion | Unset):
        body (CreateReferralBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateReferralResponse201 | Problem]
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
    body: CreateReferralBody,
    coin_version: CreateReferralCoinVersion | Unset = UNSET,
) -> CreateReferralResponse201 | Problem | None:
    """Attest that a buyer was referred by an affiliate

     Attest that a buyer was referred by an affiliate, for purchases paying a treasury the calling
    platform client is granted and has a commission rule for (and, with `reference`, for that purchase
    only): 201 with the referral the buyer's purchase carries (`affiliate.referral`), valid for an hour.
    The buyer and the affiliate are users who linked the calling client (POST /api/auth/platform-links):
    any other user id, an account's or not, is 404 USER_NOT_FOUND alike. The affiliate is never the
    buyer (SELF_REFERRAL) nor one of the people behind the client's grant (SELF_DEALING)

    Args:
        coin_version (CreateReferralCoinVersion | Unset):
        body (CreateReferralBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateReferralResponse201 | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateReferralBody,
    coin_version: CreateReferralCoinVersion | Unset = UNSET,
) -> Response[CreateReferralResponse201 | Problem]:
    """Attest that a buyer was referred by an affiliate

     Attest that a buyer was referred by an affiliate, for purchases paying a treasury the calling
    platform client is granted and has a commission rule for (and, with `reference`, for that purchase
    only): 201 with the referral the buyer's purchase carries (`affiliate.referral`), valid for an hour.
    The buyer and the affiliate are users who linked the calling client (POST /api/auth/platform-links):
    any other user id, an account's or not, is 404 USER_NOT_FOUND alike. The affiliate is never the
    buyer (SELF_REFERRAL) nor one of the people behind the client's grant (SELF_DEALING)

    Args:
        coin_version (CreateReferralCoinVersion | Unset):
        body (CreateReferralBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateReferralResponse201 | Problem]
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
    body: CreateReferralBody,
    coin_version: CreateReferralCoinVersion | Unset = UNSET,
) -> CreateReferralResponse201 | Problem | None:
    """Attest that a buyer was referred by an affiliate

     Attest that a buyer was referred by an affiliate, for purchases paying a treasury the calling
    platform client is granted and has a commission rule for (and, with `reference`, for that purchase
    only): 201 with the referral the buyer's purchase carries (`affiliate.referral`), valid for an hour.
    The buyer and the affiliate are users who linked the calling client (POST /api/auth/platform-links):
    any other user id, an account's or not, is 404 USER_NOT_FOUND alike. The affiliate is never the
    buyer (SELF_REFERRAL) nor one of the people behind the client's grant (SELF_DEALING)

    Args:
        coin_version (CreateReferralCoinVersion | Unset):
        body (CreateReferralBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateReferralResponse201 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            coin_version=coin_version,
        )
    ).parsed

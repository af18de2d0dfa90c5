from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.set_commission_rule_body import SetCommissionRuleBody
from ...models.set_commission_rule_coin_version import (
    SetCommissionRuleCoinVersion,
)
from ...models.set_commission_rule_response_202 import SetCommissionRuleResponse202
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: SetCommissionRuleBody,
    idempotency_key: str | Unset = UNSET,
    coin_version: SetCommissionRuleCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/admin/commission-rules",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | SetCommissionRuleResponse202 | None:
    if response.status_code == 202:
        response_202 = SetCommissionRuleResponse202.from_dict(response.json())

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
) -> Response[Problem | SetCommissionRuleResponse202]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: SetCommissionRuleBody,
    idempotency_key: str | Unset = UNSET,
    coin_version: SetCommissionRuleCoinVersion | Unset = UNSET,
) -> Response[Problem | SetCommissionRuleResponse202]:
    """Ask to set a platform client's commission rule for a treasury it is granted

     Ask to set (or, with rule null, remove) a platform client's commission rule for a treasury it is
    granted: a share in basis points (1–5000) or a fixed amount (≤ 10,000 coins) of each purchase its
    referrals name an affiliate of. 202 with the request: a different ADMIN+ approves it (POST
    /api/admin/commission-changes/{id}/approve). With a fresh second factor

    Args:
        idempotency_key (str | Unset):
        coin_version (SetCommissionRuleCoinVersion | Unset):
        body (SetCommissionRuleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SetCommissionRuleResponse202]
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
    body: SetCommissionRuleBody,
    idempotency_key: str | Unset = UNSET,
    coin_version: SetCommissionRuleCoinVersion | Unset = UNSET,
) -> Problem | SetCommissionRuleResponse202 | None:
    """Ask to set a platform client's commission rule for a treasury it is granted

     Ask to set (or, with rule null, remove) a platform client's commission rule for a treasury it is
    granted: a share in basis points (1–5000) or a fixed amount (≤ 10,000 coins) of each purchase its
    referrals name an affiliate of. 202 with the request: a different ADMIN+ approves it (POST
    /api/admin/commission-changes/{id}/approve). With a fresh second factor

    Args:
        idempotency_key (str | Unset):
        coin_version (SetCommissionRuleCoinVersion | Unset):
        body (SetCommissionRuleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SetCommissionRuleResponse202
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
    body: SetCommissionRuleBody,
    idempotency_key: str | Unset = UNSET,
    coin_version: SetCommissionRuleCoinVersion | Unset = UNSET,
) -> Response[Problem | SetCommissionRuleResponse202]:
    """Ask to set a platform client's commission rule for a treasury it is granted

     Ask to set (or, with rule null, remove) a platform client's commission rule for a treasury it is
    granted: a share in basis points (1–5000) or a fixed amount (≤ 10,000 coins) of each purchase its
    referrals name an affiliate of. 202 with the request: a different ADMIN+ approves it (POST
    /api/admin/commission-changes/{id}/approve). With a fresh second factor

    Args:
        idempotency_key (str | Unset):
        coin_version (SetCommissionRuleCoinVersion | Unset):
        body (SetCommissionRuleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SetCommissionRuleResponse202]
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
    body: SetCommissionRuleBody,
    idempotency_key: str | Unset = UNSET,
    coin_version: SetCommissionRuleCoinVersion | Unset = UNSET,
) -> Problem | SetCommissionRuleResponse202 | None:
    """Ask to set a platform client's commission rule for a treasury it is granted

     Ask to set (or, with rule null, remove) a platform client's commission rule for a treasury it is
    granted: a share in basis points (1–5000) or a fixed amount (≤ 10,000 coins) of each purchase its
    referrals name an affiliate of. 202 with the request: a different ADMIN+ approves it (POST
    /api/admin/commission-changes/{id}/approve). With a fresh second factor

    Args:
        idempotency_key (str | Unset):
        coin_version (SetCommissionRuleCoinVersion | Unset):
        body (SetCommissionRuleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SetCommissionRuleResponse202
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            coin_version=coin_version,
        )
    ).parsed

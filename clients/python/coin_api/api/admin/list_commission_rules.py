from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_commission_rules_coin_version import (
    ListCommissionRulesCoinVersion,
)
from ...models.list_commission_rules_response_200 import ListCommissionRulesResponse200
from ...models.list_commission_rules_treasury import (
    ListCommissionRulesTreasury,
)
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    treasury: ListCommissionRulesTreasury | Unset = UNSET,
    coin_version: ListCommissionRulesCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    params: dict[str, Any] = {}

    json_treasury: str | Unset = UNSET
    if not isinstance(treasury, Unset):
        json_treasury = treasury

    params["treasury"] = json_treasury

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/admin/commission-rules",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListCommissionRulesResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListCommissionRulesResponse200.from_dict(response.json())

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

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

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
) -> Response[ListCommissionRulesResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    treasury: ListCommissionRulesTreasury | Unset = UNSET,
    coin_version: ListCommissionRulesCoinVersion | Unset = UNSET,
) -> Response[ListCommissionRulesResponse200 | Problem]:
    """The commission rules in force, each platform client's for each treasury

     The commission rules in force, each platform client's for each treasury (or one treasury's), with
    the ADMIN+ who asked for each and the one who approved it

    Args:
        treasury (ListCommissionRulesTreasury | Unset):
        coin_version (ListCommissionRulesCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListCommissionRulesResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        treasury=treasury,
        coin_version=coin_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    treasury: ListCommissionRulesTreasury | Unset = UNSET,
    coin_version: ListCommissionRulesCoinVersion | Unset = UNSET,
) -> ListCommissionRulesResponse200 | Problem | None:
    """The commission rules in force, each platform client's for each treasury

     The commission rules in force, each platform client's for each treasury (or one treasury's), with
    the ADMIN+ who asked for each and the one who approved it

    Args:
        treasury (ListCommissionRulesTreasury | Unset):
        coin_version (ListCommissionRulesCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListCommissionRulesResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        treasury=treasury,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    treasury: ListCommissionRulesTreasury | Unset = UNSET,
    coin_version: ListCommissionRulesCoinVersion | Unset = UNSET,
) -> Response[ListCommissionRulesResponse200 | Problem]:
    """The commission rules in force, each platform client's for each treasury

     The commission rules in force, each platform client's for each treasury (or one treasury's), with
    the ADMIN+ who asked for each and the one who approved it

    Args:
        treasury (ListCommissionRulesTreasury | Unset):
        coin_version (ListCommissionRulesCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListCommissionRulesResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        treasury=treasury,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    treasury: ListCommissionRulesTreasury | Unset = UNSET,
    coin_version: ListCommissionRulesCoinVersion | Unset = UNSET,
) -> ListCommissionRulesResponse200 | Problem | None:
    """The commission rules in force, each platform client's for each treasury

     The commission rules in force, each platform client's for each treasury (or one treasury's), with
    the ADMIN+ who asked for each and the one who approved it

    Args:
        treasury (ListCommissionRulesTreasury | Unset):
        coin_version (ListCommissionRulesCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListCommissionRulesResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            treasury=treasury,
            coin_version=coin_version,
        )
    ).parsed

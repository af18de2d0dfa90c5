from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.request_rule_freeze_lift_body import RequestRuleFreezeLiftBody
from ...models.request_rule_freeze_lift_coin_version import (
    RequestRuleFreezeLiftCoinVersion,
)
from ...models.request_rule_freeze_lift_response_202 import (
    RequestRuleFreezeLiftResponse202,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    rule_id: str,
    *,
    body: RequestRuleFreezeLiftBody,
    coin_version: RequestRuleFreezeLiftCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/admin/monitoring/rules/{rule_id}/freeze-lift".format(
            rule_id=quote(str(rule_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | RequestRuleFreezeLiftResponse202 | None:
    if response.status_code == 202:
        response_202 = RequestRuleFreezeLiftResponse202.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = Problem.from_dict(response.json())

        return response_500

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
) -> Response[Problem | RequestRuleFreezeLiftResponse202]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    rule_id: str,
    *,
    client: AuthenticatedClient,
    body: RequestRuleFreezeLiftBody,
    coin_version: RequestRuleFreezeLiftCoinVersion | Unset = UNSET,
) -> Response[Problem | RequestRuleFreezeLiftResponse202]:
    """Ask to lift every automatic freeze of a rule

     Ask to lift every automatic freeze of a rule: lists its freezes not lifted yet (at most 50, oldest
    first) and asks the ledger to lift each in the caller's name (202 with the lift and each wallet's
    outcome); a different ADMIN+ approves it. 409 WALLET_NOT_FROZEN when the rule holds none; 403
    SELF_DEALING when the caller's own wallet is among them

    Args:
        rule_id (str):
        coin_version (RequestRuleFreezeLiftCoinVersion | Unset):
        body (RequestRuleFreezeLiftBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RequestRuleFreezeLiftResponse202]
    """

    kwargs = _get_kwargs(
        rule_id=rule_id,
        body=body,
        coin_version=coin_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    rule_id: str,
    *,
    client: AuthenticatedClient,
    body: RequestRuleFreezeLiftBody,
    coin_version: RequestRuleFreezeLiftCoinVersion | Unset = UNSET,
) -> Problem | RequestRuleFreezeLiftResponse202 | None:
    """Ask to lift every automatic freeze of a rule

     Ask to lift every automatic freeze of a rule: lists its freezes not lifted yet (at most 50, oldest
    first) and asks the ledger to lift each in the caller's name (202 with the lift and each wallet's
    outcome); a different ADMIN+ approves it. 409 WALLET_NOT_FROZEN when the rule holds none; 403
    SELF_DEALING when the caller's own wallet is among them

    Args:
        rule_id (str):
        coin_version (RequestRuleFreezeLiftCoinVersion | Unset):
        body (RequestRuleFreezeLiftBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RequestRuleFreezeLiftResponse202
    """

    return sync_detailed(
        rule_id=rule_id,
        client=client,
        body=body,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    rule_id: str,
    *,
    client: AuthenticatedClient,
    body: RequestRuleFreezeLiftBody,
    coin_version: RequestRuleFreezeLiftCoinVersion | Unset = UNSET,
) -> Response[Problem | RequestRuleFreezeLiftResponse202]:
    """Ask to lift every automatic freeze of a rule

     Ask to lift every automatic freeze of a rule: lists its freezes not lifted yet (at most 50, oldest
    first) and asks the ledger to lift each in the caller's name (202 with the lift and each wallet's
    outcome); a different ADMIN+ approves it. 409 WALLET_NOT_FROZEN when the rule holds none; 403
    SELF_DEALING when the caller's own wallet is among them

    Args:
        rule_id (str):
        coin_version (RequestRuleFreezeLiftCoinVersion | Unset):
        body (RequestRuleFreezeLiftBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RequestRuleFreezeLiftResponse202]
    """

    kwargs = _get_kwargs(
        rule_id=rule_id,
        body=body,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    rule_id: str,
    *,
    client: AuthenticatedClient,
    body: RequestRuleFreezeLiftBody,
    coin_version: RequestRuleFreezeLiftCoinVersion | Unset = UNSET,
) -> Problem | RequestRuleFreezeLiftResponse202 | None:
    """Ask to lift every automatic freeze of a rule

     Ask to lift every automatic freeze of a rule: lists its freezes not lifted yet (at most 50, oldest
    first) and asks the ledger to lift each in the caller's name (202 with the lift and each wallet's
    outcome); a different ADMIN+ approves it. 409 WALLET_NOT_FROZEN when the rule holds none; 403
    SELF_DEALING when the caller's own wallet is among them

    Args:
        rule_id (str):
        coin_version (RequestRuleFreezeLiftCoinVersion | Unset):
        body (RequestRuleFreezeLiftBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RequestRuleFreezeLiftResponse202
    """

    return (
        await asyncio_detailed(
            rule_id=rule_id,
            client=client,
            body=body,
            coin_version=coin_version,
        )
    ).parsed

from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.backtest_monitoring_rule_body import BacktestMonitoringRuleBody
from ...models.backtest_monitoring_rule_coin_version import (
    BacktestMonitoringRuleCoinVersion,
)
from ...models.backtest_monitoring_rule_response_200 import (
    BacktestMonitoringRuleResponse200,
)
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: BacktestMonitoringRuleBody,
    coin_version: BacktestMonitoringRuleCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/admin/monitoring/rules/backtest",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BacktestMonitoringRuleResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = BacktestMonitoringRuleResponse200.from_dict(response.json())

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
) -> Response[BacktestMonitoringRuleResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: BacktestMonitoringRuleBody,
    coin_version: BacktestMonitoringRuleCoinVersion | Unset = UNSET,
) -> Response[BacktestMonitoringRuleResponse200 | Problem]:
    """What a rule would have done over the last days of transactions: hits, subjects, examples; nothing is
    scored or opened

     Replays the seen transactions of the last `days` through the candidate rule alone (as TEST), from
    empty windows, each wallet with the first-seen time the monitor had for it before the first replayed
    transaction (so fan-in and first-day judge ages as live). A dormancy rule reads each wallet's last
    movement before the replay from the seen transactions, which are kept MONITORING_RETENTION_DAYS (30
    by default): a dormancy longer than that retention less the days replayed cannot be shown, so with
    the defaults the preset `dormant-outflow` (90 days) never fires in a back-test.

    Args:
        coin_version (BacktestMonitoringRuleCoinVersion | Unset):
        body (BacktestMonitoringRuleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BacktestMonitoringRuleResponse200 | Problem]
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
    body: BacktestMonitoringRuleBody,
    coin_version: BacktestMonitoringRuleCoinVersion | Unset = UNSET,
) -> BacktestMonitoringRuleResponse200 | Problem | None:
    """What a rule would have done over the last days of transactions: hits, subjects, examples; nothing is
    scored or opened

     Replays the seen transactions of the last `days` through the candidate rule alone (as TEST), from
    empty windows, each wallet with the first-seen time the monitor had for it before the first replayed
    transaction (so fan-in and first-day judge ages as live). A dormancy rule reads each wallet's last
    movement before the replay from the seen transactions, which are kept MONITORING_RETENTION_DAYS (30
    by default): a dormancy longer than that retention less the days replayed cannot be shown, so with
    the defaults the preset `dormant-outflow` (90 days) never fires in a back-test.

    Args:
        coin_version (BacktestMonitoringRuleCoinVersion | Unset):
        body (BacktestMonitoringRuleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BacktestMonitoringRuleResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: BacktestMonitoringRuleBody,
    coin_version: BacktestMonitoringRuleCoinVersion | Unset = UNSET,
) -> Response[BacktestMonitoringRuleResponse200 | Problem]:
    """What a rule would have done over the last days of transactions: hits, subjects, examples; nothing is
    scored or opened

     Replays the seen transactions of the last `days` through the candidate rule alone (as TEST), from
    empty windows, each wallet with the first-seen time the monitor had for it before the first replayed
    transaction (so fan-in and first-day judge ages as live). A dormancy rule reads each wallet's last
    movement before the replay from the seen transactions, which are kept MONITORING_RETENTION_DAYS (30
    by default): a dormancy longer than that retention less the days replayed cannot be shown, so with
    the defaults the preset `dormant-outflow` (90 days) never fires in a back-test.

    Args:
        coin_version (BacktestMonitoringRuleCoinVersion | Unset):
        body (BacktestMonitoringRuleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BacktestMonitoringRuleResponse200 | Problem]
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
    body: BacktestMonitoringRuleBody,
    coin_version: BacktestMonitoringRuleCoinVersion | Unset = UNSET,
) -> BacktestMonitoringRuleResponse200 | Problem | None:
    """What a rule would have done over the last days of transactions: hits, subjects, examples; nothing is
    scored or opened

     Replays the seen transactions of the last `days` through the candidate rule alone (as TEST), from
    empty windows, each wallet with the first-seen time the monitor had for it before the first replayed
    transaction (so fan-in and first-day judge ages as live). A dormancy rule reads each wallet's last
    movement before the replay from the seen transactions, which are kept MONITORING_RETENTION_DAYS (30
    by default): a dormancy longer than that retention less the days replayed cannot be shown, so with
    the defaults the preset `dormant-outflow` (90 days) never fires in a back-test.

    Args:
        coin_version (BacktestMonitoringRuleCoinVersion | Unset):
        body (BacktestMonitoringRuleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BacktestMonitoringRuleResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            coin_version=coin_version,
        )
    ).parsed

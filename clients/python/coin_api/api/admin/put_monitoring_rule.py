from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.put_monitoring_rule_body import PutMonitoringRuleBody
from ...models.put_monitoring_rule_coin_version import (
    PutMonitoringRuleCoinVersion,
)
from ...models.put_monitoring_rule_response_200 import PutMonitoringRuleResponse200
from ...models.put_monitoring_rule_response_202 import PutMonitoringRuleResponse202
from ...types import UNSET, Response, Unset


def _get_kwargs(
    rule_id: str,
    *,
    body: PutMonitoringRuleBody,
    coin_version: PutMonitoringRuleCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/admin/monitoring/rules/{rule_id}".format(
            rule_id=quote(str(rule_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | PutMonitoringRuleResponse200 | PutMonitoringRuleResponse202 | None:
    if response.status_code == 200:
        response_200 = PutMonitoringRuleResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 202:
        response_202 = PutMonitoringRuleResponse202.from_dict(response.json())

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
) -> Response[Problem | PutMonitoringRuleResponse200 | PutMonitoringRuleResponse202]:
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
    body: PutMonitoringRuleBody,
    coin_version: PutMonitoringRuleCoinVersion | Unset = UNSET,
) -> Response[Problem | PutMonitoringRuleResponse200 | PutMonitoringRuleResponse202]:
    """Tune a rule or add one, audited with its diff

     Tune a rule (thresholds, mode ACTIVE, TEST or DISABLED) or add one, audited with its diff. A change
    that only tightens it takes effect at once (200); one that loosens it (disable, ACTIVE to TEST, a
    lower score, a higher threshold, a shorter window) is proposed (403 FOUR_EYES_REQUIRED); one that
    gives it more power to freeze (a new ACTIVE rule, TEST or DISABLED made ACTIVE, a higher score, any
    change of a rule whose score reaches MONITORING_FREEZE_SCORE) is proposed and answered 202 with the
    proposal, a new rule running in TEST meanwhile. A proposal takes effect when a different ADMIN+
    sends the same rule (its proposer: 403 APPROVAL_BY_REQUESTER; one who became an ADMIN+ after the
    proposal: 403 APPROVER_NOT_ELIGIBLE) before it expires (MONITORING_PROPOSAL_EXPIRY_S; past it 409
    APPROVAL_NOT_PENDING, and the next send proposes anew); the proposals are listed at GET
    /api/admin/monitoring/rules/proposals

    Args:
        rule_id (str):
        coin_version (PutMonitoringRuleCoinVersion | Unset):
        body (PutMonitoringRuleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | PutMonitoringRuleResponse200 | PutMonitoringRuleResponse202]
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
    body: PutMonitoringRuleBody,
    coin_version: PutMonitoringRuleCoinVersion | Unset = UNSET,
) -> Problem | PutMonitoringRuleResponse200 | PutMonitoringRuleResponse202 | None:
    """Tune a rule or add one, audited with its diff

     Tune a rule (thresholds, mode ACTIVE, TEST or DISABLED) or add one, audited with its diff. A change
    that only tightens it takes effect at once (200); one that loosens it (disable, ACTIVE to TEST, a
    lower score, a higher threshold, a shorter window) is proposed (403 FOUR_EYES_REQUIRED); one that
    gives it more power to freeze (a new ACTIVE rule, TEST or DISABLED made ACTIVE, a higher score, any
    change of a rule whose score reaches MONITORING_FREEZE_SCORE) is proposed and answered 202 with the
    proposal, a new rule running in TEST meanwhile. A proposal takes effect when a different ADMIN+
    sends the same rule (its proposer: 403 APPROVAL_BY_REQUESTER; one who became an ADMIN+ after the
    proposal: 403 APPROVER_NOT_ELIGIBLE) before it expires (MONITORING_PROPOSAL_EXPIRY_S; past it 409
    APPROVAL_NOT_PENDING, and the next send proposes anew); the proposals are listed at GET
    /api/admin/monitoring/rules/proposals

    Args:
        rule_id (str):
        coin_version (PutMonitoringRuleCoinVersion | Unset):
        body (PutMonitoringRuleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | PutMonitoringRuleResponse200 | PutMonitoringRuleResponse202
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
    body: PutMonitoringRuleBody,
    coin_version: PutMonitoringRuleCoinVersion | Unset = UNSET,
) -> Response[Problem | PutMonitoringRuleResponse200 | PutMonitoringRuleResponse202]:
    """Tune a rule or add one, audited with its diff

     Tune a rule (thresholds, mode ACTIVE, TEST or DISABLED) or add one, audited with its diff. A change
    that only tightens it takes effect at once (200); one that loosens it (disable, ACTIVE to TEST, a
    lower score, a higher threshold, a shorter window) is proposed (403 FOUR_EYES_REQUIRED); one that
    gives it more power to freeze (a new ACTIVE rule, TEST or DISABLED made ACTIVE, a higher score, any
    change of a rule whose score reaches MONITORING_FREEZE_SCORE) is proposed and answered 202 with the
    proposal, a new rule running in TEST meanwhile. A proposal takes effect when a different ADMIN+
    sends the same rule (its proposer: 403 APPROVAL_BY_REQUESTER; one who became an ADMIN+ after the
    proposal: 403 APPROVER_NOT_ELIGIBLE) before it expires (MONITORING_PROPOSAL_EXPIRY_S; past it 409
    APPROVAL_NOT_PENDING, and the next send proposes anew); the proposals are listed at GET
    /api/admin/monitoring/rules/proposals

    Args:
        rule_id (str):
        coin_version (PutMonitoringRuleCoinVersion | Unset):
        body (PutMonitoringRuleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | PutMonitoringRuleResponse200 | PutMonitoringRuleResponse202]
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
    body: PutMonitoringRuleBody,
    coin_version: PutMonitoringRuleCoinVersion | Unset = UNSET,
) -> Problem | PutMonitoringRuleResponse200 | PutMonitoringRuleResponse202 | None:
    """Tune a rule or add one, audited with its diff

     Tune a rule (thresholds, mode ACTIVE, TEST or DISABLED) or add one, audited with its diff. A change
    that only tightens it takes effect at once (200); one that loosens it (disable, ACTIVE to TEST, a
    lower score, a higher threshold, a shorter window) is proposed (403 FOUR_EYES_REQUIRED); one that
    gives it more power to freeze (a new ACTIVE rule, TEST or DISABLED made ACTIVE, a higher score, any
    change of a rule whose score reaches MONITORING_FREEZE_SCORE) is proposed and answered 202 with the
    proposal, a new rule running in TEST meanwhile. A proposal takes effect when a different ADMIN+
    sends the same rule (its proposer: 403 APPROVAL_BY_REQUESTER; one who became an ADMIN+ after the
    proposal: 403 APPROVER_NOT_ELIGIBLE) before it expires (MONITORING_PROPOSAL_EXPIRY_S; past it 409
    APPROVAL_NOT_PENDING, and the next send proposes anew); the proposals are listed at GET
    /api/admin/monitoring/rules/proposals

    Args:
        rule_id (str):
        coin_version (PutMonitoringRuleCoinVersion | Unset):
        body (PutMonitoringRuleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | PutMonitoringRuleResponse200 | PutMonitoringRuleResponse202
    """

    return (
        await asyncio_detailed(
            rule_id=rule_id,
            client=client,
            body=body,
            coin_version=coin_version,
        )
    ).parsed

from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.resolve_monitoring_case_body import ResolveMonitoringCaseBody
from ...models.resolve_monitoring_case_coin_version import (
    ResolveMonitoringCaseCoinVersion,
)
from ...models.resolve_monitoring_case_response_200 import (
    ResolveMonitoringCaseResponse200,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    body: ResolveMonitoringCaseBody,
    coin_version: ResolveMonitoringCaseCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/admin/monitoring/cases/{id}/resolve".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | ResolveMonitoringCaseResponse200 | None:
    if response.status_code == 200:
        response_200 = ResolveMonitoringCaseResponse200.from_dict(response.json())

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
) -> Response[Problem | ResolveMonitoringCaseResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: ResolveMonitoringCaseBody,
    coin_version: ResolveMonitoringCaseCoinVersion | Unset = UNSET,
) -> Response[Problem | ResolveMonitoringCaseResponse200]:
    """Resolve an open case with a reason

     Resolve an open case (CONFIRMED or FALSE_POSITIVE) with a reason. A case that froze a wallet, or one
    called FALSE_POSITIVE at a score of MONITORING_FALSE_POSITIVE_FOUR_EYES_SCORE (60) or more, is
    closed by two ADMIN+: the first resolution is proposed (403 FOUR_EYES_REQUIRED), a different ADMIN+
    giving the same one closes it (its proposer: 403 APPROVAL_BY_REQUESTER; one who became an ADMIN+
    after the proposal: 403 APPROVER_NOT_ELIGIBLE) before it expires (MONITORING_PROPOSAL_EXPIRY_S; past
    it 409 APPROVAL_NOT_PENDING, and the next resolution proposes anew); recorded in the admin audit
    log; a resolved case answers 409 CASE_NOT_OPEN; with a fresh second factor (403 STEP_UP_REQUIRED);
    the case's subject or a party to its transactions is refused (403 SELF_DEALING, recorded)

    Args:
        id (UUID):
        coin_version (ResolveMonitoringCaseCoinVersion | Unset):
        body (ResolveMonitoringCaseBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ResolveMonitoringCaseResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        coin_version=coin_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: ResolveMonitoringCaseBody,
    coin_version: ResolveMonitoringCaseCoinVersion | Unset = UNSET,
) -> Problem | ResolveMonitoringCaseResponse200 | None:
    """Resolve an open case with a reason

     Resolve an open case (CONFIRMED or FALSE_POSITIVE) with a reason. A case that froze a wallet, or one
    called FALSE_POSITIVE at a score of MONITORING_FALSE_POSITIVE_FOUR_EYES_SCORE (60) or more, is
    closed by two ADMIN+: the first resolution is proposed (403 FOUR_EYES_REQUIRED), a different ADMIN+
    giving the same one closes it (its proposer: 403 APPROVAL_BY_REQUESTER; one who became an ADMIN+
    after the proposal: 403 APPROVER_NOT_ELIGIBLE) before it expires (MONITORING_PROPOSAL_EXPIRY_S; past
    it 409 APPROVAL_NOT_PENDING, and the next resolution proposes anew); recorded in the admin audit
    log; a resolved case answers 409 CASE_NOT_OPEN; with a fresh second factor (403 STEP_UP_REQUIRED);
    the case's subject or a party to its transactions is refused (403 SELF_DEALING, recorded)

    Args:
        id (UUID):
        coin_version (ResolveMonitoringCaseCoinVersion | Unset):
        body (ResolveMonitoringCaseBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ResolveMonitoringCaseResponse200
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: ResolveMonitoringCaseBody,
    coin_version: ResolveMonitoringCaseCoinVersion | Unset = UNSET,
) -> Response[Problem | ResolveMonitoringCaseResponse200]:
    """Resolve an open case with a reason

     Resolve an open case (CONFIRMED or FALSE_POSITIVE) with a reason. A case that froze a wallet, or one
    called FALSE_POSITIVE at a score of MONITORING_FALSE_POSITIVE_FOUR_EYES_SCORE (60) or more, is
    closed by two ADMIN+: the first resolution is proposed (403 FOUR_EYES_REQUIRED), a different ADMIN+
    giving the same one closes it (its proposer: 403 APPROVAL_BY_REQUESTER; one who became an ADMIN+
    after the proposal: 403 APPROVER_NOT_ELIGIBLE) before it expires (MONITORING_PROPOSAL_EXPIRY_S; past
    it 409 APPROVAL_NOT_PENDING, and the next resolution proposes anew); recorded in the admin audit
    log; a resolved case answers 409 CASE_NOT_OPEN; with a fresh second factor (403 STEP_UP_REQUIRED);
    the case's subject or a party to its transactions is refused (403 SELF_DEALING, recorded)

    Args:
        id (UUID):
        coin_version (ResolveMonitoringCaseCoinVersion | Unset):
        body (ResolveMonitoringCaseBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ResolveMonitoringCaseResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient,
    body: ResolveMonitoringCaseBody,
    coin_version: ResolveMonitoringCaseCoinVersion | Unset = UNSET,
) -> Problem | ResolveMonitoringCaseResponse200 | None:
    """Resolve an open case with a reason

     Resolve an open case (CONFIRMED or FALSE_POSITIVE) with a reason. A case that froze a wallet, or one
    called FALSE_POSITIVE at a score of MONITORING_FALSE_POSITIVE_FOUR_EYES_SCORE (60) or more, is
    closed by two ADMIN+: the first resolution is proposed (403 FOUR_EYES_REQUIRED), a different ADMIN+
    giving the same one closes it (its proposer: 403 APPROVAL_BY_REQUESTER; one who became an ADMIN+
    after the proposal: 403 APPROVER_NOT_ELIGIBLE) before it expires (MONITORING_PROPOSAL_EXPIRY_S; past
    it 409 APPROVAL_NOT_PENDING, and the next resolution proposes anew); recorded in the admin audit
    log; a resolved case answers 409 CASE_NOT_OPEN; with a fresh second factor (403 STEP_UP_REQUIRED);
    the case's subject or a party to its transactions is refused (403 SELF_DEALING, recorded)

    Args:
        id (UUID):
        coin_version (ResolveMonitoringCaseCoinVersion | Unset):
        body (ResolveMonitoringCaseBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ResolveMonitoringCaseResponse200
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            coin_version=coin_version,
        )
    ).parsed

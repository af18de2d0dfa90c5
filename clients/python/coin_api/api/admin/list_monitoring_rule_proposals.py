from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_monitoring_rule_proposals_coin_version import (
    ListMonitoringRuleProposalsCoinVersion,
)
from ...models.list_monitoring_rule_proposals_response_200 import (
    ListMonitoringRuleProposalsResponse200,
)
from ...models.list_monitoring_rule_proposals_status import (
    ListMonitoringRuleProposalsStatus,
)
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    status: ListMonitoringRuleProposalsStatus | Unset = UNSET,
    coin_version: ListMonitoringRuleProposalsCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/admin/monitoring/rules/proposals",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListMonitoringRuleProposalsResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListMonitoringRuleProposalsResponse200.from_dict(response.json())

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
) -> Response[ListMonitoringRuleProposalsResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    status: ListMonitoringRuleProposalsStatus | Unset = UNSET,
    coin_version: ListMonitoringRuleProposalsCoinVersion | Unset = UNSET,
) -> Response[ListMonitoringRuleProposalsResponse200 | Problem]:
    """Rules' changes for a second ADMIN+, newest first

     Rules' changes for a second ADMIN+ (loosening, or more power to freeze), newest first; a different
    ADMIN+ approves one by sending the same rule; each with its life: PENDING until a different ADMIN+
    approves it (APPROVED), an ADMIN+ rejects it or a newer proposal replaces it (REJECTED, in its
    proposer's name), or MONITORING_PROPOSAL_EXPIRY_S (24 h) after it was made (EXPIRED: nobody approves
    it, 409 APPROVAL_NOT_PENDING, and the next send proposes anew); `status` lists one of them

    Args:
        status (ListMonitoringRuleProposalsStatus | Unset):
        coin_version (ListMonitoringRuleProposalsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListMonitoringRuleProposalsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        status=status,
        coin_version=coin_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    status: ListMonitoringRuleProposalsStatus | Unset = UNSET,
    coin_version: ListMonitoringRuleProposalsCoinVersion | Unset = UNSET,
) -> ListMonitoringRuleProposalsResponse200 | Problem | None:
    """Rules' changes for a second ADMIN+, newest first

     Rules' changes for a second ADMIN+ (loosening, or more power to freeze), newest first; a different
    ADMIN+ approves one by sending the same rule; each with its life: PENDING until a different ADMIN+
    approves it (APPROVED), an ADMIN+ rejects it or a newer proposal replaces it (REJECTED, in its
    proposer's name), or MONITORING_PROPOSAL_EXPIRY_S (24 h) after it was made (EXPIRED: nobody approves
    it, 409 APPROVAL_NOT_PENDING, and the next send proposes anew); `status` lists one of them

    Args:
        status (ListMonitoringRuleProposalsStatus | Unset):
        coin_version (ListMonitoringRuleProposalsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListMonitoringRuleProposalsResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        status=status,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    status: ListMonitoringRuleProposalsStatus | Unset = UNSET,
    coin_version: ListMonitoringRuleProposalsCoinVersion | Unset = UNSET,
) -> Response[ListMonitoringRuleProposalsResponse200 | Problem]:
    """Rules' changes for a second ADMIN+, newest first

     Rules' changes for a second ADMIN+ (loosening, or more power to freeze), newest first; a different
    ADMIN+ approves one by sending the same rule; each with its life: PENDING until a different ADMIN+
    approves it (APPROVED), an ADMIN+ rejects it or a newer proposal replaces it (REJECTED, in its
    proposer's name), or MONITORING_PROPOSAL_EXPIRY_S (24 h) after it was made (EXPIRED: nobody approves
    it, 409 APPROVAL_NOT_PENDING, and the next send proposes anew); `status` lists one of them

    Args:
        status (ListMonitoringRuleProposalsStatus | Unset):
        coin_version (ListMonitoringRuleProposalsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListMonitoringRuleProposalsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        status=status,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    status: ListMonitoringRuleProposalsStatus | Unset = UNSET,
    coin_version: ListMonitoringRuleProposalsCoinVersion | Unset = UNSET,
) -> ListMonitoringRuleProposalsResponse200 | Problem | None:
    """Rules' changes for a second ADMIN+, newest first

     Rules' changes for a second ADMIN+ (loosening, or more power to freeze), newest first; a different
    ADMIN+ approves one by sending the same rule; each with its life: PENDING until a different ADMIN+
    approves it (APPROVED), an ADMIN+ rejects it or a newer proposal replaces it (REJECTED, in its
    proposer's name), or MONITORING_PROPOSAL_EXPIRY_S (24 h) after it was made (EXPIRED: nobody approves
    it, 409 APPROVAL_NOT_PENDING, and the next send proposes anew); `status` lists one of them

    Args:
        status (ListMonitoringRuleProposalsStatus | Unset):
        coin_version (ListMonitoringRuleProposalsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListMonitoringRuleProposalsResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            status=status,
            coin_version=coin_version,
        )
    ).parsed

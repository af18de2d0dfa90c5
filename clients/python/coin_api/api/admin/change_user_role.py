from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.change_user_role_body import ChangeUserRoleBody
from ...models.change_user_role_coin_version import (
    ChangeUserRoleCoinVersion,
)
from ...models.change_user_role_response_200 import ChangeUserRoleResponse200
from ...models.change_user_role_response_202 import ChangeUserRoleResponse202
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    body: ChangeUserRoleBody,
    coin_version: ChangeUserRoleCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/admin/users/{id}/role".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ChangeUserRoleResponse200 | ChangeUserRoleResponse202 | Problem | None:
    if response.status_code == 200:
        response_200 = ChangeUserRoleResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 202:
        response_202 = ChangeUserRoleResponse202.from_dict(response.json())

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
) -> Response[ChangeUserRoleResponse200 | ChangeUserRoleResponse202 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: ChangeUserRoleBody,
    coin_version: ChangeUserRoleCoinVersion | Unset = UNSET,
) -> Response[ChangeUserRoleResponse200 | ChangeUserRoleResponse202 | Problem]:
    """Change a user's role

     Change a user's role; their current tokens stop working at once (the last SUPERADMIN cannot be
    demoted). Granting ADMIN or SUPERADMIN, or taking SUPERADMIN away, changes nothing yet: 202 with a
    request another SUPERADMIN approves (POST /api/admin/grant-requests/{id}/approve)

    Args:
        id (str):
        coin_version (ChangeUserRoleCoinVersion | Unset):
        body (ChangeUserRoleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChangeUserRoleResponse200 | ChangeUserRoleResponse202 | Problem]
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
    id: str,
    *,
    client: AuthenticatedClient,
    body: ChangeUserRoleBody,
    coin_version: ChangeUserRoleCoinVersion | Unset = UNSET,
) -> ChangeUserRoleResponse200 | ChangeUserRoleResponse202 | Problem | None:
    """Change a user's role

     Change a user's role; their current tokens stop working at once (the last SUPERADMIN cannot be
    demoted). Granting ADMIN or SUPERADMIN, or taking SUPERADMIN away, changes nothing yet: 202 with a
    request another SUPERADMIN approves (POST /api/admin/grant-requests/{id}/approve)

    Args:
        id (str):
        coin_version (ChangeUserRoleCoinVersion | Unset):
        body (ChangeUserRoleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChangeUserRoleResponse200 | ChangeUserRoleResponse202 | Problem
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: ChangeUserRoleBody,
    coin_version: ChangeUserRoleCoinVersion | Unset = UNSET,
) -> Response[ChangeUserRoleResponse200 | ChangeUserRoleResponse202 | Problem]:
    """Change a user's role

     Change a user's role; their current tokens stop working at once (the last SUPERADMIN cannot be
    demoted). Granting ADMIN or SUPERADMIN, or taking SUPERADMIN away, changes nothing yet: 202 with a
    request another SUPERADMIN approves (POST /api/admin/grant-requests/{id}/approve)

    Args:
        id (str):
        coin_version (ChangeUserRoleCoinVersion | Unset):
        body (ChangeUserRoleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChangeUserRoleResponse200 | ChangeUserRoleResponse202 | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: ChangeUserRoleBody,
    coin_version: ChangeUserRoleCoinVersion | Unset = UNSET,
) -> ChangeUserRoleResponse200 | ChangeUserRoleResponse202 | Problem | None:
    """Change a user's role

     Change a user's role; their current tokens stop working at once (the last SUPERADMIN cannot be
    demoted). Granting ADMIN or SUPERADMIN, or taking SUPERADMIN away, changes nothing yet: 202 with a
    request another SUPERADMIN approves (POST /api/admin/grant-requests/{id}/approve)

    Args:
        id (str):
        coin_version (ChangeUserRoleCoinVersion | Unset):
        body (ChangeUserRoleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChangeUserRoleResponse200 | ChangeUserRoleResponse202 | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            coin_version=coin_version,
        )
    ).parsed

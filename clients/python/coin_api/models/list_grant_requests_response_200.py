from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.grant_request import GrantRequest


T = TypeVar("T", bound="ListGrantRequestsResponse200")


@_attrs_define
class ListGrantRequestsResponse200:
    """
    Attributes:
        grant_requests (list[GrantRequest]):
    """

    grant_requests: list[GrantRequest]

    def to_dict(self) -> dict[str, Any]:
        grant_requests = []
        for grant_requests_item_data in self.grant_requests:
            grant_requests_item = grant_requests_item_data.to_dict()
            grant_requests.append(grant_requests_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "grantRequests": grant_requests,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.grant_request import GrantRequest

        d = dict(src_dict)
        grant_requests = []
        _grant_requests = d.pop("grantRequests")
        for grant_requests_item_data in _grant_requests:
            grant_requests_item = GrantRequest.from_dict(grant_requests_item_data)

            grant_requests.append(grant_requests_item)

        list_grant_requests_response_200 = cls(
            grant_requests=grant_requests,
        )

        return list_grant_requests_response_200

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_verification_requests_response_200_verification_requests_item import (
        ListVerificationRequestsResponse200VerificationRequestsItem,
    )


T = TypeVar("T", bound="ListVerificationRequestsResponse200")


@_attrs_define
class ListVerificationRequestsResponse200:
    """
    Attributes:
        verification_requests (list[ListVerificationRequestsResponse200VerificationRequestsItem]):
    """

    verification_requests: list[
        ListVerificationRequestsResponse200VerificationRequestsItem
    ]

    def to_dict(self) -> dict[str, Any]:
        verification_requests = []
        for verification_requests_item_data in self.verification_requests:
            verification_requests_item = verification_requests_item_data.to_dict()
            verification_requests.append(verification_requests_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "verificationRequests": verification_requests,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_verification_requests_response_200_verification_requests_item import (
            ListVerificationRequestsResponse200VerificationRequestsItem,
        )

        d = dict(src_dict)
        verification_requests = []
        _verification_requests = d.pop("verificationRequests")
        for verification_requests_item_data in _verification_requests:
            verification_requests_item = (
                ListVerificationRequestsResponse200VerificationRequestsItem.from_dict(
                    verification_requests_item_data
                )
            )

            verification_requests.append(verification_requests_item)

        list_verification_requests_response_200 = cls(
            verification_requests=verification_requests,
        )

        return list_verification_requests_response_200

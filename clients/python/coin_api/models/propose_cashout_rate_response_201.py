from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.propose_cashout_rate_response_201_rate import (
        ProposeCashoutRateResponse201Rate,
    )


T = TypeVar("T", bound="ProposeCashoutRateResponse201")


@_attrs_define
class ProposeCashoutRateResponse201:
    """
    Attributes:
        rate (ProposeCashoutRateResponse201Rate):
    """

    rate: ProposeCashoutRateResponse201Rate

    def to_dict(self) -> dict[str, Any]:
        rate = self.rate.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rate": rate,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.propose_cashout_rate_response_201_rate import (
            ProposeCashoutRateResponse201Rate,
        )

        d = dict(src_dict)
        rate = ProposeCashoutRateResponse201Rate.from_dict(d.pop("rate"))

        propose_cashout_rate_response_201 = cls(
            rate=rate,
        )

        return propose_cashout_rate_response_201

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.hold import Hold
    from ..models.wallet import Wallet


T = TypeVar("T", bound="VoidHoldsResponse200ResultsItemType0Result")


@_attrs_define
class VoidHoldsResponse200ResultsItemType0Result:
    """
    Attributes:
        hold (Hold):
        wallet (Wallet):
    """

    hold: Hold
    wallet: Wallet

    def to_dict(self) -> dict[str, Any]:
        hold = self.hold.to_dict()

        wallet = self.wallet.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hold": hold,
                "wallet": wallet,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.hold import Hold
        from ..models.wallet import Wallet

        d = dict(src_dict)
        hold = Hold.from_dict(d.pop("hold"))

        wallet = Wallet.from_dict(d.pop("wallet"))

        void_holds_response_200_results_item_type_0_result = cls(
            hold=hold,
            wallet=wallet,
        )

        return void_holds_response_200_results_item_type_0_result

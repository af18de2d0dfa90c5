from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.approve_cashout_reversal_response_200_cashout_status import (
    ApproveCashoutReversalResponse200CashoutStatus,
    check_approve_cashout_reversal_response_200_cashout_status,
)

if TYPE_CHECKING:
    from ..models.approve_cashout_reversal_response_200_cashout_approval import (
        ApproveCashoutReversalResponse200CashoutApproval,
    )


T = TypeVar("T", bound="ApproveCashoutReversalResponse200Cashout")


@_attrs_define
class ApproveCashoutReversalResponse200Cashout:
    """
    Attributes:
        id (UUID): The cash-out's id: the id of the hold that reserves its coins
        user_id (int):
        amount (float): Coins exchanged
        xaf_amount (int): XAF the provider pays, fixed at the rate in force when it was asked for
        xaf_per_coin (int): The rate it was exchanged at: XAF per coin
        rate_effective_from (datetime.datetime): When that rate came into force
        msisdn (None | str): The mobile money account paid, an MSISDN in E.164 form; null once its user was deleted: the
            number is erased, the rest of the cash-out kept
        provider_client_id (None | str): The payout provider the user named (only it may claim the cash-out); null: any
            provider granted `cashout` may
        claimed_by (None | str): The provider that claimed it, whose signed callback alone settles it; null: not claimed
        claimed_at (datetime.datetime | None):
        status (ApproveCashoutReversalResponse200CashoutStatus):
        provider_reference (None | str):
        transaction_id (int | None): The BURN of a confirmed cash-out
        approval (ApproveCashoutReversalResponse200CashoutApproval):
        expires_at (datetime.datetime): Released by itself if no provider callback settles it by then
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: UUID
    user_id: int
    amount: float
    xaf_amount: int
    xaf_per_coin: int
    rate_effective_from: datetime.datetime
    msisdn: None | str
    provider_client_id: None | str
    claimed_by: None | str
    claimed_at: datetime.datetime | None
    status: ApproveCashoutReversalResponse200CashoutStatus
    provider_reference: None | str
    transaction_id: int | None
    approval: ApproveCashoutReversalResponse200CashoutApproval
    expires_at: datetime.datetime
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        user_id = self.user_id

        amount = self.amount

        xaf_amount = self.xaf_amount

        xaf_per_coin = self.xaf_per_coin

        rate_effective_from = self.rate_effective_from.isoformat()

        msisdn: None | str
        msisdn = self.msisdn

        provider_client_id: None | str
        provider_client_id = self.provider_client_id

        claimed_by: None | str
        claimed_by = self.claimed_by

        claimed_at: None | str
        if isinstance(self.claimed_at, datetime.datetime):
            claimed_at = self.claimed_at.isoformat()
        else:
            claimed_at = self.claimed_at

        status: str = self.status

        provider_reference: None | str
        provider_reference = self.provider_reference

        transaction_id: int | None
        transaction_id = self.transaction_id

        approval = self.approval.to_dict()

        expires_at = self.expires_at.isoformat()

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "userId": user_id,
                "amount": amount,
                "xafAmount": xaf_amount,
                "xafPerCoin": xaf_per_coin,
                "rateEffectiveFrom": rate_effective_from,
                "msisdn": msisdn,
                "providerClientId": provider_client_id,
                "claimedBy": claimed_by,
                "claimedAt": claimed_at,
                "status": status,
                "providerReference": provider_reference,
                "transactionId": transaction_id,
                "approval": approval,
                "expiresAt": expires_at,
                "createdAt": created_at,
                "updatedAt": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.approve_cashout_reversal_response_200_cashout_approval import (
            ApproveCashoutReversalResponse200CashoutApproval,
        )

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        user_id = d.pop("userId")

        amount = d.pop("amount")

        xaf_amount = d.pop("xafAmount")

        xaf_per_coin = d.pop("xafPerCoin")

        rate_effective_from = datetime.datetime.fromisoformat(
            d.pop("rateEffectiveFrom")
        )

        def _parse_msisdn(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        msisdn = _parse_msisdn(d.pop("msisdn"))

        def _parse_provider_client_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        provider_client_id = _parse_provider_client_id(d.pop("providerClientId"))

        def _parse_claimed_by(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        claimed_by = _parse_claimed_by(d.pop("claimedBy"))

        def _parse_claimed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                claimed_at_type_0 = datetime.datetime.fromisoformat(data)

                return claimed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        claimed_at = _parse_claimed_at(d.pop("claimedAt"))

        status = check_approve_cashout_reversal_response_200_cashout_status(
            d.pop("status")
        )

        def _parse_provider_reference(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        provider_reference = _parse_provider_reference(d.pop("providerReference"))

        def _parse_transaction_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        transaction_id = _parse_transaction_id(d.pop("transactionId"))

        approval = ApproveCashoutReversalResponse200CashoutApproval.from_dict(
            d.pop("approval")
        )

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        approve_cashout_reversal_response_200_cashout = cls(
            id=id,
            user_id=user_id,
            amount=amount,
            xaf_amount=xaf_amount,
            xaf_per_coin=xaf_per_coin,
            rate_effective_from=rate_effective_from,
            msisdn=msisdn,
            provider_client_id=provider_client_id,
            claimed_by=claimed_by,
            claimed_at=claimed_at,
            status=status,
            provider_reference=provider_reference,
            transaction_id=transaction_id,
            approval=approval,
            expires_at=expires_at,
            created_at=created_at,
            updated_at=updated_at,
        )

        return approve_cashout_reversal_response_200_cashout

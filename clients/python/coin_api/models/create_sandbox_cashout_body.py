from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.create_sandbox_cashout_body_test_outcome import (
    CreateSandboxCashoutBodyTestOutcome,
    check_create_sandbox_cashout_body_test_outcome,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateSandboxCashoutBody")


@_attrs_define
class CreateSandboxCashoutBody:
    """
    Attributes:
        user_id (int): The test user whose sandbox wallet is cashed out
        amount (float): Coins, > 0, at most 2 decimals, at most 1,000,000,000
        msisdn (str): The mobile money account, an MSISDN in E.164 form (+ and 8 to 15 digits), e.g. +237670000000
        test_outcome (CreateSandboxCashoutBodyTestOutcome | Unset): What the sandbox’s test provider does with it a
            minute later on the client’s test clock: CONFIRMED burns the held coins, FAILED releases them Default:
            'CONFIRMED'.
    """

    user_id: int
    amount: float
    msisdn: str
    test_outcome: CreateSandboxCashoutBodyTestOutcome | Unset = "CONFIRMED"

    def to_dict(self) -> dict[str, Any]:
        user_id = self.user_id

        amount = self.amount

        msisdn = self.msisdn

        test_outcome: str | Unset = UNSET
        if not isinstance(self.test_outcome, Unset):
            test_outcome = self.test_outcome

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "userId": user_id,
                "amount": amount,
                "msisdn": msisdn,
            }
        )
        if test_outcome is not UNSET:
            field_dict["testOutcome"] = test_outcome

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        user_id = d.pop("userId")

        amount = d.pop("amount")

        msisdn = d.pop("msisdn")

        _test_outcome = d.pop("testOutcome", UNSET)
        test_outcome: CreateSandboxCashoutBodyTestOutcome | Unset
        if isinstance(_test_outcome, Unset):
            test_outcome = UNSET
        else:
            test_outcome = check_create_sandbox_cashout_body_test_outcome(_test_outcome)

        create_sandbox_cashout_body = cls(
            user_id=user_id,
            amount=amount,
            msisdn=msisdn,
            test_outcome=test_outcome,
        )

        return create_sandbox_cashout_body

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.reset_sandbox_response_200_clock import ResetSandboxResponse200Clock


T = TypeVar("T", bound="ResetSandboxResponse200")


@_attrs_define
class ResetSandboxResponse200:
    """
    Attributes:
        client_id (str):
        voided_holds (int):
        cancelled_mandates (int):
        burned_wallets (int):
        burned (float):
        deleted_test_users (int):
        deleted_balance_monitors (int):
        complete (bool):
        clock (ResetSandboxResponse200Clock):
    """

    client_id: str
    voided_holds: int
    cancelled_mandates: int
    burned_wallets: int
    burned: float
    deleted_test_users: int
    deleted_balance_monitors: int
    complete: bool
    clock: ResetSandboxResponse200Clock

    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        voided_holds = self.voided_holds

        cancelled_mandates = self.cancelled_mandates

        burned_wallets = self.burned_wallets

        burned = self.burned

        deleted_test_users = self.deleted_test_users

        deleted_balance_monitors = self.deleted_balance_monitors

        complete = self.complete

        clock = self.clock.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "clientId": client_id,
                "voidedHolds": voided_holds,
                "cancelledMandates": cancelled_mandates,
                "burnedWallets": burned_wallets,
                "burned": burned,
                "deletedTestUsers": deleted_test_users,
                "deletedBalanceMonitors": deleted_balance_monitors,
                "complete": complete,
                "clock": clock,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.reset_sandbox_response_200_clock import (
            ResetSandboxResponse200Clock,
        )

        d = dict(src_dict)
        client_id = d.pop("clientId")

        voided_holds = d.pop("voidedHolds")

        cancelled_mandates = d.pop("cancelledMandates")

        burned_wallets = d.pop("burnedWallets")

        burned = d.pop("burned")

        deleted_test_users = d.pop("deletedTestUsers")

        deleted_balance_monitors = d.pop("deletedBalanceMonitors")

        complete = d.pop("complete")

        clock = ResetSandboxResponse200Clock.from_dict(d.pop("clock"))

        reset_sandbox_response_200 = cls(
            client_id=client_id,
            voided_holds=voided_holds,
            cancelled_mandates=cancelled_mandates,
            burned_wallets=burned_wallets,
            burned=burned,
            deleted_test_users=deleted_test_users,
            deleted_balance_monitors=deleted_balance_monitors,
            complete=complete,
            clock=clock,
        )

        return reset_sandbox_response_200

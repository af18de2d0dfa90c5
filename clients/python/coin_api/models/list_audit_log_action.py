from typing import Literal

ListAuditLogAction = Literal[
    "api-key.create",
    "api-key.revoke",
    "approval.approve",
    "approval.reject",
    "approval.request",
    "limits.set",
    "money.burn",
    "money.mint",
    "money.refund",
    "money.reward",
    "platform-client.create",
    "platform-client.revoke",
    "sessions.revoke",
    "user.change-role",
    "user.create-superadmin",
    "user.delete",
]

LIST_AUDIT_LOG_ACTION_VALUES: set[ListAuditLogAction] = {
    "api-key.create",
    "api-key.revoke",
    "approval.approve",
    "approval.reject",
    "approval.request",
    "limits.set",
    "money.burn",
    "money.mint",
    "money.refund",
    "money.reward",
    "platform-client.create",
    "platform-client.revoke",
    "sessions.revoke",
    "user.change-role",
    "user.create-superadmin",
    "user.delete",
}


def check_list_audit_log_action(value: str) -> ListAuditLogAction:
    if value in LIST_AUDIT_LOG_ACTION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_AUDIT_LOG_ACTION_VALUES!r}"
    )

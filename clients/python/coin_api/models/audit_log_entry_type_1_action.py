from typing import Literal

AuditLogEntryType1Action = Literal[
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

AUDIT_LOG_ENTRY_TYPE_1_ACTION_VALUES: set[AuditLogEntryType1Action] = {
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


def check_audit_log_entry_type_1_action(value: str) -> AuditLogEntryType1Action:
    if value in AUDIT_LOG_ENTRY_TYPE_1_ACTION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUDIT_LOG_ENTRY_TYPE_1_ACTION_VALUES!r}"
    )

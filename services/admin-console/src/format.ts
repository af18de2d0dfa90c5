export const treasuries = ['COURSE_FEES', 'SUBSCRIPTIONS', 'REWARDS', 'OPERATIONS'] as const;
export const roles = ['USER', 'DEVELOPER', 'ADMIN', 'SUPERADMIN'] as const;
export const transactionTypes = ['MINT', 'BURN', 'TRANSFER', 'PURCHASE', 'REWARD', 'REFUND'] as const;

const coinFormat = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const coins = (amount: number | null | undefined): string =>
  amount === null || amount === undefined ? '—' : coinFormat.format(amount);
export const when = (iso: string | null | undefined): string => (iso ? new Date(iso).toLocaleString('en-GB', { timeZone: 'UTC' }) : '—');
/** datetime-local (read as UTC) -> ISO 8601, and back. */
export const toIso = (local: string) => (local ? new Date(`${local}:00Z`).toISOString() : '');
export const toLocal = (iso: string) => (iso ? iso.slice(0, 16) : '');

import type { CommissionRuleList, TreasuryCode } from '@coin/contracts';
import { commissionRuleShown } from '../domain/commands/set-commission';
import type { WalletState } from '../domain/state';

/**
 * The commission rules the treasuries' wallets keep (docs/CONTRACT.md "Affiliate splits"), as the
 * API shows them: by treasury, then platform client id; only `treasury`'s when one is named.
 */
export function commissionRuleEntries(treasuryWallets: readonly WalletState[], treasury?: TreasuryCode): CommissionRuleList['rules'] {
  const rules: CommissionRuleList['rules'] = [];
  for (const wallet of treasuryWallets) {
    if (wallet.party.kind !== 'treasury') continue;
    const code = wallet.party.code;
    if (treasury !== undefined && code !== treasury) continue;
    for (const [clientId, entry] of Object.entries(wallet.commissions ?? {})) {
      const rule = commissionRuleShown(entry.rule);
      if (rule) rules.push({ treasury: code, clientId, rule, setBy: entry.setBy, approvedBy: entry.approvedBy ?? null });
    }
  }
  return rules.sort((a, b) => a.treasury.localeCompare(b.treasury) || a.clientId.localeCompare(b.clientId));
}

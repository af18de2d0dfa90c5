import { holdPartyClient } from '../domain/kinds/holds';
import type { HoldState } from '../domain/ledger';

const hold = (over: Partial<HoldState>): HoldState => ({ settlerClientId: null, cashout: null, ...over }) as unknown as HoldState;

describe('a coin.holds event names the platform party to the hold, which alone sees it', () => {
  it('the settler its payer named', () => {
    expect(holdPartyClient(hold({ settlerClientId: 'pc_escrow' }))).toEqual({ clientId: 'pc_escrow' });
  });

  it("a cash-out's provider named, until one claims it (then its settler)", () => {
    const terms = { providerClientId: 'pc_momo' } as HoldState['cashout'];
    expect(holdPartyClient(hold({ cashout: terms }))).toEqual({ clientId: 'pc_momo' });
    expect(holdPartyClient(hold({ cashout: terms, settlerClientId: 'pc_claimer' }))).toEqual({ clientId: 'pc_claimer' });
  });

  it('none named: no clientId, so no platform sees it', () => {
    expect(holdPartyClient(hold({}))).toEqual({});
  });
});

import * as events from '@coin/events';
import * as contracts from './index';

describe('@coin/contracts and @coin/events', () => {
  it('then contracts re-exports the event schemas of the package itself, not copies', () => {
    expect(contracts.transactionRecorded).toBe(events.transactionRecorded);
    expect(contracts.userEvent).toBe(events.userEvent);
    expect(contracts.coinHoldEvent).toBe(events.coinHoldEvent);
    expect(contracts.holdCaptured).toBe(events.holdCaptured);
    expect(contracts.eventSchema).toBe(events.eventSchema);
    expect(contracts.coinValue).toBe(events.coinValue);
  });
});

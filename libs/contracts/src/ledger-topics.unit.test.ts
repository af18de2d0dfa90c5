import { ledgerCommand, ledgerOnlyCommandTypes, ledgerTopicRefusal, type LedgerCommandType } from './commands';

const allTypes = ledgerCommand.options.map((option) => option.shape.type.value) as LedgerCommandType[];

describe('ledgerTopicRefusal: which ledger command travels on which topic', () => {
  it.each(ledgerOnlyCommandTypes)(
    'when %s (sent by the ledger alone) is on ledger.commands, then it is refused; on ledger.internal it passes',
    (type) => {
      expect(ledgerTopicRefusal('ledger.commands', type)).toMatch(/sent by the ledger alone/);
      expect(ledgerTopicRefusal('ledger.internal', type)).toBeNull();
    },
  );

  it('when a client command is on ledger.internal, then it is refused; on ledger.commands it passes', () => {
    const clientTypes = allTypes.filter(
      (t) => !(ledgerOnlyCommandTypes as readonly string[]).includes(t) && t !== 'ledger.open-wallet' && t !== 'ledger.close-wallet',
    );
    expect(clientTypes).toEqual(expect.arrayContaining(['ledger.mint', 'ledger.transfer', 'ledger.approve', 'ledger.hold']));
    for (const type of clientTypes) {
      expect([type, ledgerTopicRefusal('ledger.internal', type)]).toEqual([type, expect.stringMatching(/a client's command/)]);
      expect([type, ledgerTopicRefusal('ledger.commands', type)]).toEqual([type, null]);
    }
  });

  it('when a wallet is opened or closed (sent by the gateway and by the ledger), then either topic carries it', () => {
    for (const type of ['ledger.open-wallet', 'ledger.close-wallet'] as const) {
      expect(ledgerTopicRefusal('ledger.commands', type)).toBeNull();
      expect(ledgerTopicRefusal('ledger.internal', type)).toBeNull();
    }
  });
});

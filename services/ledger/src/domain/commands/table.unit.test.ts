import { approvableCommand, ledgerCommand, ledgerResults, type LedgerCommandType } from '@coin/contracts';
import { approvableTable } from './approvable';
import { commandTable } from './table';
import type { CommandModule } from './types';

/**
 * The command table is the one list of the ledger's commands (docs/DESIGN.md "Adding a command"):
 * it must hold a module for every command type of the contract, each the module of its own
 * type, answering to the contract's own schemas (referenced, never copied).
 */

const contractTypes = ledgerCommand.options.map((option) => option.shape.type.value);

describe('the command table', () => {
  it('when the contract lists its ledger command types, then the table has exactly one module for each', () => {
    expect(Object.keys(commandTable).sort()).toEqual([...contractTypes].sort());
  });

  it.each(contractTypes)('when %s is looked up, then its module is of that type and holds the contract schema and result', (type) => {
    const module = commandTable[type] as CommandModule<LedgerCommandType>;
    expect(module.type).toBe(type);
    expect(module.schema).toBe(ledgerCommand.options.find((option) => option.shape.type.value === type));
    expect(module.result).toBe(ledgerResults[type]);
  });

  it('when the contract lists the approvable commands, then the approvable table has exactly their modules', () => {
    const approvable = approvableCommand.options.map((option) => option.shape.type.value);
    expect(Object.keys(approvableTable).sort()).toEqual([...approvable].sort());
    for (const type of approvable) expect(approvableTable[type]).toBe(commandTable[type]);
  });

  it('when a table misses a command, then it does not compile', () => {
    const { 'ledger.mint': _left, ...rest } = commandTable;
    // @ts-expect-error: a table without the mint module is not a command table
    const incomplete: { [T in LedgerCommandType]: CommandModule<T> } = rest;
    expect(Object.keys(incomplete)).not.toContain('ledger.mint');
  });
});

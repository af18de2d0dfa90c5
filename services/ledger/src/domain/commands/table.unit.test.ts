import { approvableCommand, ledgerCommand, ledgerCommandContracts, ledgerResults, type LedgerCommandType } from '@coin/contracts';
import { approvableModules } from './approvable';
import { mint } from './mint';
import { commandTable, type CommandTable } from './table';
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

  it('when the contract marks its approvable commands, then the modules with approvable parts are exactly theirs', () => {
    const marked = Object.entries(ledgerCommandContracts)
      .filter(([, row]) => row.approvable)
      .map(([type]) => type);
    const approvable = approvableCommand.options.map((option) => option.shape.type.value);
    expect([...approvable].sort()).toEqual([...marked].sort());
    expect(Object.keys(approvableModules()).sort()).toEqual([...marked].sort());
    for (const type of approvable) expect(approvableModules()[type]).toBe(commandTable[type]);
  });

  it('when an approvable command’s module lacks its approvable parts, then it does not compile', () => {
    const { approvable: _parts, ...plain } = mint;
    // @ts-expect-error: the mint is approvable (its contract row says so): its module must say how a request holding it is shown
    const table: CommandTable = { ...commandTable, 'ledger.mint': plain };
    expect(table['ledger.mint']).not.toHaveProperty('approvable');
  });

  it('when a table misses a command, then it does not compile', () => {
    const { 'ledger.mint': _left, ...rest } = commandTable;
    // @ts-expect-error: a table without the mint module is not a command table
    const incomplete: CommandTable = rest;
    expect(Object.keys(incomplete)).not.toContain('ledger.mint');
  });
});

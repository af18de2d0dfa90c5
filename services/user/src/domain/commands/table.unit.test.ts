import { userCommand, type UserCommandType } from '@coin/contracts';
import { userCommandTable } from './table';
import type { UserCommandModule } from './types';

/**
 * The user command table is the one list of the user service's commands (docs/DESIGN.md "Adding
 * a command"): it must hold a module for every user command type of the contract, each the module
 * of its own type.
 */

const contractTypes = userCommand.options.map((option) => option.shape.type.value);

describe('the user command table', () => {
  it('when the contract lists its user command types, then the table has exactly one module for each', () => {
    expect(Object.keys(userCommandTable).sort()).toEqual([...contractTypes].sort());
  });

  it.each(contractTypes)('when %s is looked up, then its module is of that type', (type) => {
    expect((userCommandTable[type] as UserCommandModule<UserCommandType>).type).toBe(type);
  });

  it('when the modules say which commands may revoke, then their answers wait for the revocation records of exactly these', () => {
    const revoking = contractTypes.filter((type) => userCommandTable[type].revokes);
    expect(revoking.sort()).toEqual([
      'user.api-key.revoke',
      'user.approve-deletion',
      'user.approve-grant',
      'user.change-role',
      'user.delete',
      'user.platform-client.revoke',
      'user.revoke-sessions',
      // A change of verification raises the token version: the old `verified` claim stops working.
      'user.set-verification',
    ]);
  });

  it('when a table misses a command, then it does not compile', () => {
    const { 'user.approve-grant': _left, ...rest } = userCommandTable;
    // @ts-expect-error: a table without the approve-grant module is not a user command table
    const incomplete: { [T in UserCommandType]: UserCommandModule<T> } = rest;
    expect(Object.keys(incomplete)).not.toContain('user.approve-grant');
  });
});

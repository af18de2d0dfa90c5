import { grantRequestTypes, userCommand, type UserCommandType } from '@coin/contracts';
import { grantKindOf, userCommandTable } from './table';
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

  it('when a command asks for a grant request, then its module carries the act’s kind, and the kinds are read from the table alone', () => {
    const asking = contractTypes.filter((type) => (userCommandTable[type] as { grantKind?: unknown }).grantKind !== undefined);
    expect(asking.sort()).toEqual([...grantRequestTypes].sort());
    for (const type of asking) {
      const module = userCommandTable[type] as { grantKind?: unknown; grantApproval?: unknown };
      expect({ type, kind: grantKindOf({ type } as never) === module.grantKind, approval: module.grantApproval !== undefined }).toEqual({
        type,
        kind: true,
        approval: true,
      });
    }
  });

  it('when the module of a command that asks for a grant request misses its kind, then it does not compile', () => {
    const { grantKind: _kind, ...rest } = userCommandTable['user.platform-client.set-reward-cap'];
    // @ts-expect-error: a reward cap change's module without its kind is not that command's module
    const incomplete: UserCommandModule<'user.platform-client.set-reward-cap'> = rest;
    expect(incomplete.grantKind).toBeUndefined();
  });

  it('when a table misses a command, then it does not compile', () => {
    const { 'user.approve-grant': _left, ...rest } = userCommandTable;
    // @ts-expect-error: a table without the approve-grant module is not a user command table
    const incomplete: { [T in UserCommandType]: UserCommandModule<T> } = rest;
    expect(Object.keys(incomplete)).not.toContain('user.approve-grant');
  });
});

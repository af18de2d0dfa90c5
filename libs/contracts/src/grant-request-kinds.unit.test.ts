import { z } from 'zod';
import { fourEyesActs, type FourEyesAct } from './four-eyes-acts';
import { anyGrantRequest, grantRequestActOf, grantRequestTypes } from './grant-request-kinds';

/**
 * Which four-eyes act a user service grant request is, read from the acts' rows (their request
 * schemas), never from a list kept beside them: every act type a stored grant request may hold is
 * named by exactly one row decided by `user.approve-grant`, and each such row names at least one.
 */
/** The act types the wire schema takes, read from its JSON Schema (its `act`'s options' `type` constants). */
const storedTypes = (
  (z.toJSONSchema(anyGrantRequest) as unknown as { properties: { act: { oneOf?: Array<{ properties: { type: { const: string } } }> } } })
    .properties.act.oneOf ?? []
).map((option) => option.properties.type.const);
const grantRequestActs = (Object.keys(fourEyesActs) as FourEyesAct[]).filter((act) => fourEyesActs[act].approve === 'user.approve-grant');

describe('the kinds of grant request', () => {
  it('when a stored grant request holds an act of any type, then exactly one row names that type', () => {
    expect([...grantRequestTypes].sort()).toEqual([...storedTypes].sort());
    expect(new Set(storedTypes).size).toBe(storedTypes.length);
  });

  it.each(grantRequestActs)('when the act %s is decided by approve-grant, then a request type is named by its row', (act) => {
    expect(grantRequestTypes.filter((type) => grantRequestActOf(type) === act).length).toBeGreaterThan(0);
  });

  it('when a type no row names is asked for, then it is a bug, not a grant', () => {
    expect(() => grantRequestActOf('user.unknown')).toThrow(RangeError);
  });
});

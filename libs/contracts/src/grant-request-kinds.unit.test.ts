import { fourEyesActs, type FourEyesAct } from './four-eyes-acts';
import { grantRequestActOf, grantRequestTypes } from './grant-request-kinds';
import { anyGrantRequest } from './user';

/**
 * Which four-eyes act a user service grant request is, read from the acts' rows (their request
 * schemas), never from a list kept beside them: every act type a stored grant request may hold is
 * named by exactly one row decided by `user.approve-grant`, and each such row names at least one.
 */
const storedTypes = anyGrantRequest.shape.act.options.map((option) => option.shape.type.value);
const grantRequestActs = (Object.keys(fourEyesActs) as FourEyesAct[]).filter((act) => fourEyesActs[act].approve === 'user.approve-grant');

describe('the kinds of grant request', () => {
  it('when a stored grant request holds an act of any type, then exactly one row names that type', () => {
    expect([...grantRequestTypes].sort()).toEqual([...storedTypes].sort());
  });

  it.each(grantRequestActs)('when the act %s is decided by approve-grant, then a request type is named by its row', (act) => {
    expect(grantRequestTypes.filter((type) => grantRequestActOf(type) === act).length).toBeGreaterThan(0);
  });

  it('when a type no row names is asked for, then it is a bug, not a grant', () => {
    expect(() => grantRequestActOf('user.unknown')).toThrow(RangeError);
  });
});

import { credentialModeOf } from './credential-mode';

describe('credentialModeOf', () => {
  it('when a platform client id starts with test_, then it is test mode, whatever its token claims', () => {
    expect(credentialModeOf('system', 'test_Xk3v9QmT2bLw')).toBe('test');
    expect(credentialModeOf('system', 'test_Xk3v9QmT2bLw', 'live')).toBe('test');
  });

  it('when a token claims test mode, then it is test mode, whatever its id (the weaker of the two wins)', () => {
    expect(credentialModeOf('system', 'pc_Xk3v9QmT2bLw', 'test')).toBe('test');
  });

  it('when a live client id carries no claim or a live one, then it is live', () => {
    expect(credentialModeOf('system', 'pc_Xk3v9QmT2bLw')).toBe('live');
    expect(credentialModeOf('system', 'pc_Xk3v9QmT2bLw', 'live')).toBe('live');
    expect(credentialModeOf('system', 'tournaments', 'TEST')).toBe('live');
  });

  it('when the subject is a person, then it is live: people have no test mode', () => {
    expect(credentialModeOf('user', 'test_1', 'test')).toBe('live');
  });
});

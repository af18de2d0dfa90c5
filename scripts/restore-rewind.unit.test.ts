import { UsageError } from './cli-args';
import { restorePointArg } from './restore-rewind';

describe('restore:rewind arguments', () => {
  const now = new Date('2026-11-23T04:00:00Z');

  it('when the restore point is an ISO 8601 time with its offset, then it is that instant', () => {
    expect(restorePointArg('2026-11-23T03:15:00Z', now).toISOString()).toBe('2026-11-23T03:15:00.000Z');
    expect(restorePointArg('2026-11-23T05:15:30.250+02:00', now).toISOString()).toBe('2026-11-23T03:15:30.250Z');
  });

  it.each([
    ['absent', undefined, /required/],
    ['without an offset (read in the machine zone)', '2026-11-23T03:15:00', /ISO 8601/],
    ['a date only', '2026-11-23', /ISO 8601/],
    ['not a time', 'yesterday', /ISO 8601/],
    ['an impossible date', '2026-13-40T03:15:00Z', /ISO 8601/],
    ['in the future', '2026-11-23T04:00:01Z', /future/],
  ])('when the restore point is %s, then it is refused with the usage', (_case, text, why) => {
    expect(() => restorePointArg(text, now)).toThrow(UsageError);
    expect(() => restorePointArg(text, now)).toThrow(why);
  });
});

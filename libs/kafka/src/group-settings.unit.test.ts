import { fastGroupSettings, offPathGroupSettings, requestPathFetchWaitMsMax, requestPathGroupSettings } from './client';

describe('request-path group settings', () => {
  it('when the wait is the production 2 s, then heartbeats follow it and three fit in the session', () => {
    const settings = requestPathGroupSettings(2000);
    expect(settings.maxWaitTimeInMs).toBe(2000);
    expect(settings.heartbeatInterval).toBe(2000);
    expect(settings.sessionTimeout).toBeGreaterThanOrEqual(3 * settings.heartbeatInterval);
  });

  it('when a wait is longer than a third of the session, then it is refused rather than let a member be dropped between heartbeats', () => {
    expect(() => requestPathGroupSettings(requestPathFetchWaitMsMax + 1)).toThrow(/request-path fetch wait/);
    expect(() => requestPathGroupSettings(99)).toThrow(/request-path fetch wait/);
    expect(() => requestPathGroupSettings(1500.5)).toThrow(/request-path fetch wait/);
  });

  it('when tests and tools take the fast settings, then they hold a fetch 500 ms with the same session', () => {
    expect(fastGroupSettings).toEqual(requestPathGroupSettings(500));
    expect(fastGroupSettings.sessionTimeout).toBe(requestPathGroupSettings(2000).sessionTimeout);
  });

  it('when a consumer is off the request path, then its session outlasts its longest wait', () => {
    const settings = offPathGroupSettings(5000);
    expect(settings.sessionTimeout).toBeGreaterThan(settings.maxWaitTimeInMs);
  });
});

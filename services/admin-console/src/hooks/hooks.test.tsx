import { act, renderHook } from '@testing-library/react';
import { deferred, networkError, problem } from '../../test/fake-console';
import { useMutation } from './use-mutation';
import { useSubmissionKey } from './use-submission-key';

describe('useMutation', () => {
  it('when a change is out, then it is busy (with its key), a second run is ignored, and the answer is kept', async () => {
    const { result } = renderHook(() => useMutation<string>());
    const answer = deferred<string>();
    const change = jest.fn(() => answer.promise);
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current.run(change, { key: 'row-1' });
    });
    expect(result.current.busy).toBe(true);
    expect(result.current.busyKey).toBe('row-1');
    await act(() => result.current.run(change));
    expect(change).toHaveBeenCalledTimes(1);
    await act(async () => {
      answer.resolve('done');
      await first;
    });
    expect(result.current).toMatchObject({ busy: false, busyKey: undefined, result: 'done', error: undefined });
  });

  it('when a change is refused, then the error is kept, not thrown, and the next run forgets it', async () => {
    const { result } = renderHook(() => useMutation<string>());
    const refusal = problem(409, 'CONFLICT', 'Conflict');
    await act(() => result.current.run(() => Promise.reject(refusal)));
    expect(result.current.error).toBe(refusal);
    expect(result.current.busy).toBe(false);
    await act(() => result.current.run(async () => 'ok'));
    expect(result.current).toMatchObject({ error: undefined, result: 'ok' });
  });
});

describe('useSubmissionKey', () => {
  it('when a send gets no answer or a 5xx, then the next send has the same key; after an answer or a 4xx, a new one', async () => {
    const { result } = renderHook(() => useSubmissionKey());
    const keys: string[] = [];
    const send = (outcome: () => Promise<string>) =>
      result.current.send((key) => {
        keys.push(key);
        return outcome();
      });
    await expect(send(() => Promise.reject(networkError()))).rejects.toThrow('fetch failed');
    await expect(send(() => Promise.reject(problem(503, 'UNAVAILABLE', 'Unavailable')))).rejects.toThrow('UNAVAILABLE');
    await expect(send(async () => 'paid')).resolves.toBe('paid');
    await expect(send(() => Promise.reject(problem(422, 'VALIDATION_FAILED', 'Invalid')))).rejects.toThrow('VALIDATION_FAILED');
    await send(async () => 'paid');
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[2]);
    expect(keys[4]).not.toBe(keys[3]);
    expect(result.current.current()).not.toBe(keys[4]);
  });
});

import { PublishWindow } from './publish-window';

const deferred = () => {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe('the publish window', () => {
  it('when it has room, then a publish is admitted at once; past its size the next waits until one settles, a failure too', async () => {
    const window = new PublishWindow(2);
    const [a, b, c] = [deferred(), deferred(), deferred()];
    await window.admit(a.promise);
    await window.admit(b.promise);
    let admitted = false;
    const third = window.admit(c.promise).then(() => {
      admitted = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect([window.size, admitted]).toEqual([3, false]);
    a.reject(new Error('broker away'));
    await third;
    expect([window.size, admitted]).toEqual([2, true]);
    b.resolve();
    c.resolve();
    await window.drain();
    expect(window.size).toBe(0);
  });

  it('when nothing is unsettled, then drain resolves at once', async () => {
    await expect(new PublishWindow(1).drain()).resolves.toBeUndefined();
  });
});

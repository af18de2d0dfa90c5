import { CoinNetworkError, CoinProblemError } from '@coin/client';
import { render } from '@testing-library/react';
import { type ReactElement, type ReactNode, useState } from 'react';
import { Console, type ConsoleClient, type ConsoleSession } from '../src/context';
import type { Role } from '../src/session';

/*
 * jsdom draws on no canvas and reports each getContext call as "not implemented" on the console;
 * its answer here is what a browser without a 2D canvas answers (null), so a screen's charts keep
 * only their tables, which is what the component tests read.
 */
HTMLCanvasElement.prototype.getContext = (() => null) as never;

/**
 * The console's screens against a fake client: an object with the operations of ConsoleClient the
 * test gives (jest.fn or plain functions); any other operation the screen calls fails the test
 * with its name, so a screen that starts calling something new is noticed.
 */
export function fakeClient(operations: Partial<ConsoleClient>): ConsoleClient {
  return new Proxy(operations, {
    get(target, name: string) {
      const operation = target[name as keyof ConsoleClient];
      if (operation) return operation;
      return () => Promise.reject(new Error(`the fake client was not given ${name}`));
    },
  }) as ConsoleClient;
}

export interface FakeSessionOptions {
  role?: Role;
  email?: string;
  apiKey?: string;
  stepUp?: (code: string) => Promise<void>;
  changePassword?: (currentPassword: string, newPassword: string) => Promise<void>;
  /** The live balance streams the screen opens (none answer unless the test gives this). */
  streamBalance?: ConsoleSession['streamBalance'];
}

export function fakeSession(client: ConsoleClient, options: FakeSessionOptions = {}): ConsoleSession {
  const role = options.role ?? 'ADMIN';
  return {
    client,
    role,
    user: {
      id: 1,
      email: options.email ?? 'admin@example.test',
      fullName: 'An Admin',
      role,
      isVerified: true,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
    hasSecondFactor: true,
    stepUp: options.stepUp ?? (() => Promise.resolve()),
    changePassword: options.changePassword ?? (() => Promise.resolve()),
    streamBalance: options.streamBalance ?? (() => () => undefined),
  };
}

/** Renders a screen signed in (ADMIN unless said), at /admin{path}. */
export function renderScreen(
  screen: ReactElement,
  operations: Partial<ConsoleClient>,
  options: FakeSessionOptions & { path?: string } = {},
) {
  window.history.replaceState(null, '', `/admin${options.path ?? '/'}`);
  const session = fakeSession(fakeClient(operations), options);
  return render(
    <FakeConsole session={session} apiKey={options.apiKey ?? ''}>
      {screen}
    </FakeConsole>,
  );
}

function FakeConsole({ session, apiKey: initialKey, children }: { session: ConsoleSession; apiKey: string; children: ReactNode }) {
  const [apiKey, setApiKey] = useState(initialKey);
  return <Console.Provider value={{ session, apiKey, setApiKey }}>{children}</Console.Provider>;
}

/** An RFC 9457 problem as the client throws it. */
export function problem(status: number, code: string, title: string, detail = ''): CoinProblemError {
  return new CoinProblemError({ type: `/problems/${code.toLowerCase()}`, title, status, detail, code, requestId: 'req-1' });
}

export function networkError(idempotencyKey?: string): CoinNetworkError {
  return new CoinNetworkError('fetch failed', { cause: new Error('ECONNRESET'), idempotencyKey, attempts: 2 });
}

/** A promise the test settles when it wants: the screen shows its busy state until then. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

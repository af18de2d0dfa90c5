import { useEffect, useState } from 'react';
import { useConsole } from '../context';
import type { LiveBalance, LiveState } from './balance-stream';

/** The balance of a live stream of the API at `path`, while the component is shown (the stream closes with it). */
export function useLiveBalance(path: string): { balance: LiveBalance | undefined; state: LiveState } {
  const { session } = useConsole();
  const [balance, setBalance] = useState<LiveBalance>();
  const [state, setState] = useState<LiveState>('connecting');
  useEffect(() => {
    setBalance(undefined);
    return session.streamBalance(path, { onBalance: setBalance, onState: setState });
  }, [session, path]);
  return { balance, state };
}

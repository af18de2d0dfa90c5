import { coins } from '../format';
import type { LiveState } from './balance-stream';
import { useLiveBalance } from './use-live-balance';

const stateText: Record<LiveState, string> = {
  connecting: 'connecting…',
  live: 'live',
  reconnecting: 'reconnecting…',
  stopped: 'not live',
};

/** A balance that follows its wallet's changes as they are committed (a live balance stream of the API). */
export function LiveBalanceLine({ path, label }: { path: string; label: string }) {
  const { balance, state } = useLiveBalance(path);
  return (
    <p className="live-balance">
      {label}: <strong aria-live="polite">{coins(balance?.balance)}</strong> <small>({stateText[state]})</small>
    </p>
  );
}

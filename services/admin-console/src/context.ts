import { createContext, useContext } from 'react';
import type { Session } from './session';

export interface ConsoleContext {
  session: Session;
  /** The API key for mint, burn, refund and approvals: typed once per session, kept in memory, never stored. */
  apiKey: string;
  setApiKey: (key: string) => void;
}

export const Console = createContext<ConsoleContext | undefined>(undefined);

export function useConsole(): ConsoleContext {
  const value = useContext(Console);
  if (!value) throw new Error('useConsole outside a signed-in console');
  return value;
}

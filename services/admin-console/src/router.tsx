import { type AnchorHTMLAttributes, type MouseEvent, useEffect, useSyncExternalStore } from 'react';

/** The console lives under /admin; its routes are paths below it (the gateway answers index.html for each). */
export const basePath = '/admin';

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
};
const snapshot = () => window.location.pathname + window.location.search;

/** The current location below /admin (e.g. "/users/42?page=2"). */
export function useLocation(): { path: string; query: URLSearchParams } {
  const full = useSyncExternalStore(subscribe, snapshot);
  const [pathname = '', search = ''] = full.split('?');
  const path = pathname.startsWith(basePath) ? pathname.slice(basePath.length) || '/' : '/';
  return { path: path === '' ? '/' : path, query: new URLSearchParams(search) };
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const url = `${basePath}${to}`;
  if (options.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  for (const listener of listeners) listener();
}

/** A real link (middle-click, copy address work) that navigates inside the app on a plain click. */
export function Link({ to, children, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={`${basePath}${to}`} onClick={onClick} {...rest}>
      {children}
    </a>
  );
}

/** Moves focus to the page's heading after a navigation, so keyboard and screen-reader users land on the new content. */
export function useFocusOnNavigate(path: string, target: () => HTMLElement | null): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change on purpose
  useEffect(() => {
    target()?.focus();
  }, [path]);
}

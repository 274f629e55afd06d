import { useEffect, useState } from 'react';

/** Where the server serves the app; every client-side path lives below it. */
export const BASE = '/portal';
const EVENT = 'portal:navigate';
let navigated = false;

/** False until the first in-app navigation: a fresh page load leaves focus where the browser put it. */
export function hasNavigated(): boolean {
  return navigated;
}

export function currentPath(): string {
  const p = window.location.pathname;
  const rest = p.startsWith(BASE) ? p.slice(BASE.length) : p;
  return rest === '' ? '/' : rest.replace(/\/+$/, '') || '/';
}

export function navigate(to: string, opts: { replace?: boolean } = {}): void {
  navigated = true;
  const url = BASE + to;
  if (opts.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  window.dispatchEvent(new Event(EVENT));
}

/** The current client-side path; re-renders on links, back and forward. */
export function usePath(): string {
  const [path, setPath] = useState(currentPath);
  useEffect(() => {
    const update = () => {
      navigated = true;
      setPath(currentPath());
    };
    window.addEventListener('popstate', update);
    window.addEventListener(EVENT, update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener(EVENT, update);
    };
  }, []);
  return path;
}

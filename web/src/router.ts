import { useCallback, useEffect, useRef, useState } from 'react';

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

// While something on the page must not be lost (a request whose answer holds a secret shown
// once, or that secret on screen), the page is held: Back and Forward are undone and in-app links do
// nothing, and leaving the portal asks first. Registered before any usePath listener, so a held
// Back never reaches them.
let holds = 0;
let heldAt = '';
window.addEventListener('popstate', (e) => {
  if (holds === 0) return;
  e.stopImmediatePropagation();
  window.history.pushState(null, '', heldAt);
});
function askBeforeLeaving(e: BeforeUnloadEvent): void {
  e.preventDefault();
}

/** Holds the page (see above) while `active`. */
export function useHoldPage(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    if (holds === 0) {
      heldAt = window.location.pathname + window.location.search;
      window.addEventListener('beforeunload', askBeforeLeaving);
    }
    holds += 1;
    return () => {
      holds -= 1;
      if (holds === 0) window.removeEventListener('beforeunload', askBeforeLeaving);
    };
  }, [active]);
}

export function navigate(to: string, opts: { replace?: boolean } = {}): void {
  if (holds > 0) return;
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

/**
 * A page setting kept in the address's query (`?name=value`), so a reload or a shared link
 * shows the same view. Changes replace the history entry rather than adding one: Back leaves
 * the page instead of stepping through its filters. A value `accept` refuses reads as `fallback`.
 * The address stays the one source: a navigation that keeps the page mounted (a link to the
 * same page, Back or Forward between entries of it) reads the setting from it again.
 */
export function useQueryParam<T extends string>(name: string, fallback: T, accept: (v: string) => v is T): [T, (v: T) => void] {
  const read = useRef(() => fallback);
  read.current = () => {
    const v = new URLSearchParams(window.location.search).get(name);
    return v !== null && accept(v) ? v : fallback;
  };
  const [value, setValue] = useState<T>(() => read.current());
  useEffect(() => {
    const reread = () => setValue(read.current());
    window.addEventListener('popstate', reread);
    window.addEventListener(EVENT, reread);
    return () => {
      window.removeEventListener('popstate', reread);
      window.removeEventListener(EVENT, reread);
    };
  }, []);
  const set = useCallback(
    (v: T) => {
      setValue(v);
      const params = new URLSearchParams(window.location.search);
      if (v === fallback) params.delete(name);
      else params.set(name, v);
      const search = params.toString();
      window.history.replaceState(window.history.state, '', window.location.pathname + (search ? `?${search}` : '') + window.location.hash);
    },
    [name, fallback],
  );
  return [value, set];
}

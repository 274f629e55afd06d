import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';
import type React from 'react';
import { ApiError } from '../api';
import { capitalize, formatDateTime, formatRelative } from '../format';
import { hasNavigated, useHoldPage } from '../router';

/**
 * A form whose failed submit moves focus to its first invalid field (WCAG 3.3.1: the error is
 * announced where it is fixed): `failed()` after a submit that did not go through; a field is
 * invalid when it has `aria-invalid`, or is the first input of a group marked `data-invalid`.
 * When no field is (a server error, a lost connection), focus goes to the form's alert, else
 * its submit button: the button was disabled while the request ran, which had dropped focus
 * to <body> (WCAG 2.4.3).
 */
export function useFocusOnFailure(): { formRef: React.RefObject<HTMLFormElement | null>; failed: () => void } {
  const formRef = useRef<HTMLFormElement | null>(null);
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (failures === 0) return;
    const form = formRef.current;
    const target =
      form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] input') ??
      form?.querySelector<HTMLElement>('[role="alert"]') ??
      form?.querySelector<HTMLElement>('button[type="submit"]:not(:disabled)') ??
      (form?.id ? document.querySelector<HTMLElement>(`button[type="submit"][form="${form.id}"]:not(:disabled)`) : null);
    target?.focus();
  }, [failures]);
  const failed = useCallback(() => setFailures((n) => n + 1), []);
  return { formRef, failed };
}

/** The page title: focused on every navigation so screen readers announce the new page. */
export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Developer portal`;
    // After an in-app navigation, land screen-reader and keyboard users on the new page's title.
    if (hasNavigated()) ref.current?.focus({ preventScroll: true });
  }, [title]);
  return (
    <div className="page-header">
      <div>
        <h1 ref={ref} tabIndex={-1}>
          {title}
        </h1>
        {description && <p className="page-description">{description}</p>}
      </div>
      {actions && <div className="page-actions">{actions}</div>}
    </div>
  );
}

type FieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: string;
  hint?: ReactNode;
  error?: string;
};

export function Field({ label, hint, error, className, ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {hint && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

type SelectProps = Omit<ComponentProps<'select'>, 'id'> & { label: string };

export function Select({ label, children, className, ...select }: SelectProps) {
  const id = useId();
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <select id={id} {...select}>
        {children}
      </select>
    </div>
  );
}

export function Notice({ tone = 'info', title, children, role }: { tone?: 'info' | 'danger' | 'warning' | 'success'; title?: string; children?: ReactNode; role?: 'alert' | 'status' }) {
  return (
    // An alert can take focus (a failed form sends it there), though Tab never stops on it.
    <div className={`notice notice-${tone}`} role={role} tabIndex={role === 'alert' ? -1 : undefined}>
      {title && <p className="notice-title">{title}</p>}
      {children && <div className="notice-body">{children}</div>}
    </div>
  );
}

/** A failed request, said plainly; validation details are shown next to their fields instead. */
export function ErrorNotice({ error, title }: { error: unknown; title?: string }) {
  if (!error) return null;
  const message = error instanceof ApiError ? error.message : error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <Notice tone="danger" role="alert" title={title ?? (error instanceof ApiError ? error.title : 'Error')}>
      <p>{message}</p>
    </Notice>
  );
}

export function Badge({ tone = 'neutral', children }: { tone?: 'neutral' | 'success' | 'danger' | 'warning' | 'info'; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}…</span>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty">
      <p className="empty-title">{title}</p>
      {children && <div className="empty-body">{children}</div>}
    </div>
  );
}

/**
 * A modal built on <dialog>: the browser traps focus, closes on Escape and marks the
 * rest of the page inert. Focus goes back to whatever opened it.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  footer,
  wide,
  dismissable = true,
  focusAfter = 'opener',
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  /** Where focus goes when it closes: its opener, or the page title when what opened it is going away (a deleted row's button). */
  focusAfter?: 'opener' | 'title';
  /** False while the content must not be lost by accident (e.g. a secret shown once). */
  dismissable?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  // What may not be dismissed may not be navigated away from either (Back would unmount it).
  useHoldPage(open && !dismissable);
  // Back to the opener; if it is gone (e.g. the revoked key's row moved), to the page title.
  const after = useRef(focusAfter);
  after.current = focusAfter;
  const returnFocus = useCallback(() => {
    const back = opener.current;
    opener.current = null;
    if (after.current === 'opener' && back instanceof HTMLElement && back.isConnected) back.focus();
    else document.querySelector<HTMLElement>('main h1')?.focus();
  }, []);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>('input, select, textarea, button:not(.dialog-close)');
      first?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      returnFocus();
    }
  }, [open, returnFocus]);
  // Removed while open (its parent swapped it for another dialog, or stopped rendering it): the
  // close above never runs, so focus is given back here instead of being left on <body>. A dialog
  // opened in its place (the secret a form made) then takes that same opener as its own.
  useEffect(
    () => () => {
      if (opener.current !== null) returnFocus();
    },
    [returnFocus],
  );
  return (
    <dialog
      ref={ref}
      className={`dialog ${wide ? 'dialog-wide' : ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (dismissable) onClose();
      }}
    >
      {open && (
        <>
          <div className="dialog-header">
            <h2 id={titleId}>{title}</h2>
            {dismissable && (
              <button type="button" className="dialog-close" onClick={onClose} aria-label="Close dialog">
                <span aria-hidden="true">×</span>
              </button>
            )}
          </div>
          <div className="dialog-body">{children}</div>
          {footer && <div className="dialog-footer">{footer}</div>}
        </>
      )}
    </dialog>
  );
}

/** A secret in a read-only box with a Copy button that falls back to selecting the text. */
/** `copyLabel`: the button's accessible name when a dialog has more than one copy button. */
export function CopyField({ label, value, testId, copyLabel }: { label: string; value: string; testId?: string; copyLabel?: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'idle' | 'copied' | 'select'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('copied');
    } catch {
      input.current?.select();
      setCopied('select');
    }
  };
  useEffect(() => {
    if (copied === 'idle') return;
    const t = setTimeout(() => setCopied('idle'), 4000);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-field">
        <input
          id={id}
          ref={input}
          className="mono"
          readOnly
          value={value}
          data-testid={testId}
          onFocus={(e) => e.currentTarget.select()}
          spellCheck={false}
        />
        <button type="button" className="button button-secondary" onClick={copy} aria-label={copyLabel}>
          {copied === 'copied' ? 'Copied' : 'Copy'}
        </button>
      </div>
      <p className="hint" role="status" aria-live="polite">
        {copied === 'copied' ? 'Copied to the clipboard.' : copied === 'select' ? 'Selected: press Ctrl+C (⌘C on a Mac) to copy.' : ''}
      </p>
    </div>
  );
}

interface Toast {
  id: number;
  message: string;
  tone: 'success' | 'danger' | 'info';
}

const ToastContext = createContext<(message: string, tone?: Toast['tone']) => void>(() => undefined);

/** Short confirmations ("Key revoked") in a polite live region, gone after a few seconds. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const seq = useRef(0);
  const push = useCallback((message: string, tone: Toast['tone'] = 'success') => {
    const id = ++seq.current;
    setToasts((t) => [...t.slice(-2), { id, message, tone }]);
    setTimeout(() => setToasts((t) => t.filter((x) => x.id !== id)), 5000);
  }, []);
  return (
    <ToastContext.Provider value={push}>
      {children}
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((t) => (
          <div key={t.id} className={`toast toast-${t.tone}`}>
            {t.message}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}

/**
 * Loads data on mount and whenever `deps` change; `reload` fetches again. A change of `deps`
 * drops the answer still on its way for the old ones, and if the new ones fail the old data goes
 * too (it would be shown under the new choice). A reload asked for while a load is in flight waits
 * for that answer and then runs once, instead of cancelling it: a poll faster than the server
 * would otherwise never show an answer at all. A failed reload keeps the data it had.
 */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): { data: T | undefined; error: unknown; loading: boolean; reload: () => void } {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({ data: undefined, error: undefined, loading: true });
  const [tick, setTick] = useState(0);
  const inFlight = useRef(false);
  const queued = useRef(false);
  const lastTick = useRef(tick);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what `load` depends on; `tick` is the reload trigger.
  useEffect(() => {
    let live = true;
    const reloading = lastTick.current !== tick;
    lastTick.current = tick;
    inFlight.current = true;
    queued.current = false;
    setState((s) => ({ ...s, loading: true }));
    const settled = () => {
      if (!live) return;
      inFlight.current = false;
      if (queued.current) {
        queued.current = false;
        setTick((t) => t + 1);
      }
    };
    load().then(
      (data) => {
        if (live) setState({ data, error: undefined, loading: false });
        settled();
      },
      (error: unknown) => {
        if (live) setState((s) => ({ data: reloading ? s.data : undefined, error, loading: false }));
        settled();
      },
    );
    return () => {
      live = false;
    };
  }, [...deps, tick]);
  const reload = useCallback(() => {
    if (inFlight.current) queued.current = true;
    else setTick((t) => t + 1);
  }, []);
  return { ...state, reload };
}

/**
 * "Are you sure?" about one thing (`target`; the dialog is open while it is set): Cancel
 * (focused first) and the action's button, which shows `busyLabel` while `action` runs. On
 * success the `toast` is shown and `onDone` called; a failure stays in the open dialog.
 */
export function ConfirmDialog<T>({
  target,
  title,
  confirmLabel,
  busyLabel,
  tone = 'danger',
  action,
  toast: toastText,
  onClose,
  onDone,
  focusAfterDone = 'title',
  children,
}: {
  target: T | null;
  title: string;
  confirmLabel: string;
  busyLabel: string;
  tone?: 'danger' | 'primary';
  action: (target: T) => Promise<unknown>;
  toast?: (target: T) => string;
  onClose: () => void;
  onDone: () => void;
  /** Where focus goes after the action: the page title (default: the row it was about is going), or the opener when it stays. */
  focusAfterDone?: 'opener' | 'title';
  children: (target: T) => ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  // Done: the thing the dialog was about is gone or changed, and its row's button with it (the
  // list reloads after focus went back), so focus goes to the page title instead of <body>.
  const [done, setDone] = useState(false);
  const toast = useToast();
  useEffect(() => {
    if (target !== null) {
      setError(undefined);
      setDone(false);
    }
  }, [target]);
  const confirm = async () => {
    if (target === null) return;
    setBusy(true);
    setError(undefined);
    try {
      await action(target);
      if (toastText) toast(toastText(target));
      setDone(true);
      onDone();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={target !== null}
      title={title}
      onClose={onClose}
      focusAfter={done ? focusAfterDone : 'opener'}
      // Cancel cannot call back a request already sent: the dialog stays until it is answered, so
      // its outcome is shown about the thing it was about and never lands in the next dialog.
      dismissable={!busy}
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose} disabled={busy} data-autofocus>
            Cancel
          </button>
          <button type="button" className={`button button-${tone}`} onClick={confirm} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      <ErrorNotice error={error} />
      {target !== null && children(target)}
    </Dialog>
  );
}

/** A past moment as "3 hours ago" with the exact time on hover; `null` reads "Never". */
export function When({ at }: { at: string | null }) {
  if (!at) return <span className="muted">Never</span>;
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {capitalize(formatRelative(at))}
    </time>
  );
}

export function ScopeBadges({ scopes }: { scopes: readonly string[] }) {
  return (
    <ul className="scope-list">
      {scopes.map((s) => (
        <li key={s}>
          <Badge tone="info">{s}</Badge>
        </li>
      ))}
    </ul>
  );
}

/** An application's name with its homepage beneath, as a row heading. */
export function AppNameCell({ name, homepage, label = 'Application' }: { name: string; homepage: string | null; label?: string }) {
  return (
    <th scope="row" data-label={label} className="cell-strong">
      {name}
      {homepage && (
        <span className="cell-sub">
          <a href={homepage} rel="noopener noreferrer" target="_blank">
            {homepage}
          </a>
        </span>
      )}
    </th>
  );
}

/** A button's action: `busy` while it runs, and what it failed with (cleared when it runs again, or by `reset`). */
export function useAction(action: () => Promise<void>): { run: () => Promise<void>; busy: boolean; error: unknown; reset: () => void } {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const run = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const reset = useCallback(() => setError(undefined), []);
  return { run, busy, error, reset };
}

import { LIMITS } from '@music-rooms/domain/limits';

/**
 * Notices (toasts): the rules of spec §4 "Toasts", with no React in sight.
 * - With no actions a notice expires after LIMITS.toastDefaultMs, unless it has a duration.
 * - A notice with actions does not expire unless it has a duration.
 * - A closable notice with no duration never expires.
 * - While paused (the pointer is over the notices) no timer runs; each resumes with what it had left.
 * A duration of 0 or Infinity means "never expires".
 */
export type ToastVariant = 'default' | 'info' | 'success' | 'warning' | 'error';
export type ToastActionVariant = 'default' | 'primary' | 'danger';
export type ToastIconName =
  | 'info'
  | 'success'
  | 'warning'
  | 'error'
  | 'bell'
  | 'music'
  | 'refresh'
  | 'upload'
  | 'download'
  | 'heart';

export type ToastAction = {
  id: string;
  label: string;
  variant?: ToastActionVariant;
  onClick: () => void;
};

/** What a caller passes to notify(). */
export type Notice = {
  /** Reusing an id replaces that notice (and restarts its timer) instead of adding another. */
  id?: string;
  title?: string;
  message?: string;
  variant?: ToastVariant;
  closable?: boolean;
  actions?: ToastAction[];
  /** Milliseconds before the notice goes away. */
  duration?: number;
  /** An icon other than the variant's own. */
  icon?: ToastIconName;
};

/** A notice as shown: defaults filled in, `lifetime` null when it never expires. */
export type Toast = Required<Pick<Notice, 'id' | 'variant' | 'closable' | 'actions'>> &
  Pick<Notice, 'title' | 'message' | 'icon'> & { lifetime: number | null };

/** How long a notice stays, following the rules above; null = until dismissed. */
export function toastLifetime(notice: Notice): number | null {
  if (notice.duration !== undefined) {
    return notice.duration > 0 && Number.isFinite(notice.duration) ? notice.duration : null;
  }
  if (notice.actions && notice.actions.length > 0) return null;
  if (notice.closable) return null;
  return LIMITS.toastDefaultMs;
}

type Timer = { handle: ReturnType<typeof setTimeout> | null; remaining: number; startedAt: number };

/** The list of notices on screen and their timers. Methods are bound: pass them around freely. */
export class ToastStore {
  #toasts: readonly Toast[] = [];
  #paused = false;
  #counter = 0;
  readonly #timers = new Map<string, Timer>();
  readonly #listeners = new Set<() => void>();

  /** Shows a notice; returns its id. */
  notify = (notice: Notice): string => {
    const id = notice.id ?? `toast-${++this.#counter}`;
    const toast: Toast = {
      id,
      title: notice.title,
      message: notice.message,
      variant: notice.variant ?? 'default',
      closable: notice.closable ?? false,
      actions: notice.actions ?? [],
      icon: notice.icon,
      lifetime: toastLifetime(notice),
    };
    const exists = this.#toasts.some((item) => item.id === id);
    this.#toasts = exists
      ? this.#toasts.map((item) => (item.id === id ? toast : item))
      : [...this.#toasts, toast];
    this.#clearTimer(id);
    if (toast.lifetime !== null) {
      const timer: Timer = { handle: null, remaining: toast.lifetime, startedAt: 0 };
      this.#timers.set(id, timer);
      if (!this.#paused) this.#startTimer(id, timer);
    }
    this.#emit();
    return id;
  };

  dismiss = (id: string): void => {
    this.#clearTimer(id);
    const next = this.#toasts.filter((toast) => toast.id !== id);
    if (next.length === this.#toasts.length) return;
    this.#toasts = next;
    this.#emit();
  };

  /** Runs one of a notice's actions, then closes the notice. */
  runAction = (toastId: string, actionId: string): void => {
    const toast = this.#toasts.find((item) => item.id === toastId);
    const action = toast?.actions.find((item) => item.id === actionId);
    if (!action) return;
    this.dismiss(toastId);
    action.onClick();
  };

  /** Stops every timer (the pointer is over the notices). */
  pause = (): void => {
    if (this.#paused) return;
    this.#paused = true;
    for (const timer of this.#timers.values()) this.#stopTimer(timer);
  };

  /** Restarts every timer with the time it had left. */
  resume = (): void => {
    if (!this.#paused) return;
    this.#paused = false;
    for (const [id, timer] of this.#timers) this.#startTimer(id, timer);
  };

  clear = (): void => {
    for (const id of [...this.#timers.keys()]) this.#clearTimer(id);
    this.#toasts = [];
    this.#emit();
  };

  getToasts = (): readonly Toast[] => this.#toasts;

  isPaused = (): boolean => this.#paused;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  #emit() {
    for (const listener of this.#listeners) listener();
  }

  #startTimer(id: string, timer: Timer) {
    timer.startedAt = Date.now();
    timer.handle = setTimeout(() => this.dismiss(id), timer.remaining);
  }

  #stopTimer(timer: Timer) {
    if (timer.handle === null) return;
    clearTimeout(timer.handle);
    timer.handle = null;
    timer.remaining = Math.max(0, timer.remaining - (Date.now() - timer.startedAt));
  }

  #clearTimer(id: string) {
    const timer = this.#timers.get(id);
    if (timer?.handle) clearTimeout(timer.handle);
    this.#timers.delete(id);
  }
}

/** The app's notices. */
export const toastStore = new ToastStore();
export const notify = toastStore.notify;
export const dismissToast = toastStore.dismiss;

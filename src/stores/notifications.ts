import { atom } from 'nanostores';

export const NOTIFICATION_HIDE_MS = 8000;
/** Added notifications slide in a moment later so the entry transition can run. */
export const NOTIFICATION_SHOW_DELAY_MS = 30;

export const NotificationType = { info: 0, success: 1, warning: 2, error: 3 } as const;
export type NotificationTypeCode = (typeof NotificationType)[keyof typeof NotificationType];

/** A button on the notification that takes back what it reports (an archive's Undo); pressing it closes the notification. */
export interface NotificationAction {
  label: string;
  run: () => void;
}

export interface Notification {
  id: number;
  type: NotificationTypeCode;
  header: string;
  text: string;
  show: boolean;
  action?: NotificationAction;
}

export interface NotificationInput {
  type: NotificationTypeCode;
  header: string;
  text?: string;
  action?: NotificationAction;
  /** Stays until closed (by the user or by the code that showed it) instead of hiding after 8000 ms. */
  stay?: boolean;
}

export const $notifications = atom<readonly Notification[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>[]>();

function update(id: number, patch: Partial<Notification>): void {
  $notifications.set($notifications.get().map((n) => (n.id === id ? { ...n, ...patch } : n)));
}

/** Adds a notification; it appears shortly after and, unless it stays, hides itself after 8000 ms. Returns its id. */
export function notify(input: NotificationInput): number {
  const id = nextId++;
  const added: Notification = { id, type: input.type, header: input.header, text: input.text ?? '', show: false };
  if (input.action) added.action = input.action;
  $notifications.set([...$notifications.get(), added]);
  const shown = setTimeout(() => update(id, { show: true }), NOTIFICATION_SHOW_DELAY_MS);
  timers.set(id, input.stay ? [shown] : [shown, setTimeout(() => closeNotification(id), NOTIFICATION_HIDE_MS)]);
  return id;
}

export function closeNotification(id: number): void {
  for (const timer of timers.get(id) ?? []) clearTimeout(timer);
  timers.delete(id);
  $notifications.set($notifications.get().filter((n) => n.id !== id));
}

export function clearNotifications(): void {
  for (const id of [...timers.keys()]) closeNotification(id);
  $notifications.set([]);
}

import { useEffect, useRef, useState } from 'react';

/** Where Telegram's login widget lives; the page's CSP allows framing exactly this origin (server/app.ts). */
export const TELEGRAM_WIDGET_ORIGIN = 'https://oauth.telegram.org';

/** The signed user Telegram's login widget hands the page (core.telegram.org/widgets/login). */
export interface TelegramUser {
  id: number | string;
  first_name?: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
  auth_date: number | string;
  hash: string;
}

/** Only the fields Telegram signs (the server's check hashes every field it is sent, and refuses unknown ones). */
export function telegramSignedFields(user: TelegramUser): TelegramUser {
  const { id, first_name, last_name, username, photo_url, auth_date, hash } = user;
  return { id, first_name, last_name, username, photo_url, auth_date, hash };
}

/** The widget's frame address: what telegram-widget.js builds from its data-telegram-login, data-size, data-request-access and data-lang. */
export const telegramWidgetUrl = (botName: string, lang: string, origin: string) =>
  `${TELEGRAM_WIDGET_ORIGIN}/embed/${encodeURIComponent(botName)}?origin=${encodeURIComponent(origin)}&size=large&request_access=write&lang=${encodeURIComponent(lang)}`;

/**
 * Telegram's login widget without telegram-widget.js: that script turns data-onauth into a function with eval,
 * which the app's CSP rightly refuses. This frames the same widget page the script would and listens for the
 * same message the script listens for ({event: 'auth_user', auth_data}, from the widget's origin and frame),
 * handing the signed user to onAuth. The frame loads only once the person asks for it, so no page of ours
 * reaches Telegram unasked.
 */
export function TelegramLoginButton(props: { botName: string; lang: string; label: string; frameTitle: string; onAuth(user: TelegramUser): void }) {
  const [open, setOpen] = useState(false);
  const [size, setSize] = useState({ width: 238, height: 40 });
  const frame = useRef<HTMLIFrameElement>(null);
  const onAuth = useRef(props.onAuth);
  onAuth.current = props.onAuth;

  useEffect(() => {
    if (!open) return;
    const listen = (event: MessageEvent) => {
      if (event.origin !== TELEGRAM_WIDGET_ORIGIN || event.source !== frame.current?.contentWindow) return;
      let data: { event?: string; auth_data?: TelegramUser; width?: number; height?: number };
      try {
        data = typeof event.data === 'string' ? JSON.parse(event.data) : event.data;
      } catch {
        return;
      }
      if (data?.event === 'resize') setSize((old) => ({ width: data.width || old.width, height: data.height || old.height }));
      else if (data?.event === 'auth_user' && data.auth_data) onAuth.current(data.auth_data);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [open]);

  if (!open) {
    return (
      <button type="button" className="shell-button telegram-login" onClick={() => setOpen(true)}>
        {props.label}
      </button>
    );
  }
  return (
    <iframe
      ref={frame}
      className="telegram-login-frame"
      title={props.frameTitle}
      src={telegramWidgetUrl(props.botName, props.lang, location.origin)}
      width={size.width}
      height={size.height}
      style={{ border: 'none', overflow: 'hidden' }}
    />
  );
}

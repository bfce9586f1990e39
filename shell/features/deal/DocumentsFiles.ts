import { t } from '../../../src/i18n';
import { formatQuantity } from '../../../src/i18n/numbers';

/**
 * Types a browser shows inline without running anything of the file: a blob: address has our origin, so an
 * uploaded HTML or SVG file opened inline could run script as the app. Everything else is downloaded.
 */
const INLINE_TYPES: Readonly<Record<string, string>> = {
  'application/pdf': 'application/pdf',
  'image/png': 'image/png',
  'image/jpeg': 'image/jpeg',
  'image/gif': 'image/gif',
  'image/webp': 'image/webp',
  'text/plain': 'text/plain;charset=utf-8',
  'text/csv': 'text/plain;charset=utf-8',
};

/** The type to open a file as in a new tab, or null when it must be downloaded instead. */
export function inlineType(mime: string): string | null {
  return INLINE_TYPES[mime.split(';')[0].trim().toLowerCase()] ?? null;
}

/** How long an object address lives: long enough for the new tab or the download to read it. */
const OBJECT_URL_LIFETIME_MS = 60_000;

/** Saves bytes under a name through an object address and a download link. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}

/** Shows bytes in a tab opened beforehand (a tab opened after a wait would be blocked as a pop-up). */
export function showBlobIn(tab: Window, blob: Blob, type: string): void {
  const url = URL.createObjectURL(new Blob([blob], { type }));
  tab.location.href = url;
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}

/** 512 B, 12.5 KB, 3.2 MB (the decimal mark of the language). */
export function formatSize(bytes: number): string {
  const number = (value: number) => formatQuantity(Math.round(value * 10) / 10);
  if (bytes < 1024) return t('documents.sizeB', { value: bytes });
  if (bytes < 1024 * 1024) return t('documents.sizeKB', { value: number(bytes / 1024) });
  return t('documents.sizeMB', { value: number(bytes / (1024 * 1024)) });
}

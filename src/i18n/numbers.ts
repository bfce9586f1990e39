/**
 * Numbers as the active language writes them (issue 19 §5): Russian groups thousands with a narrow no-break
 * space (spec 1 §5) and uses a decimal comma, 1 234,50; English 1,234.50. The rounding and the two decimals
 * stay the domain's (formatNumber), so only the separators depend on the language.
 */
import { formatNumber, THOUSANDS_SEPARATOR } from '../domain/format';
import { activeLanguage, type Lang } from './index';

interface Separators {
  group: string;
  decimal: string;
}

const SEPARATORS: Record<Lang, Separators> = {
  en: { group: ',', decimal: '.' },
  ru: { group: THOUSANDS_SEPARATOR, decimal: ',' },
};

export function numberSeparators(lang: Lang = activeLanguage()): Separators {
  return SEPARATORS[lang];
}

// The domain writes '1\u202F234.50'; only the separators change.
function localise(domainText: string, lang: Lang): string {
  const { group, decimal } = SEPARATORS[lang];
  return domainText.replace('.', '\u0000').replaceAll(THOUSANDS_SEPARATOR, group).replace('\u0000', decimal);
}

/** A sum or price: rounded to 2 decimals, always 2 decimals, grouped; empty counts as 0 (spec 1 §5). */
export function formatAmount(value: unknown, lang: Lang = activeLanguage()): string {
  return localise(formatNumber(value), lang);
}

/**
 * A quantity or a count: whole numbers without decimals ('25'), fractions with up to 3 ('2,5' in Russian),
 * grouped like sums. Non-numbers count as 0.
 */
export function formatQuantity(value: unknown, lang: Lang = activeLanguage()): string {
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return '0';
  const rounded = Math.round(number * 1000) / 1000;
  const [whole, fraction] = String(Math.abs(rounded)).split('.');
  if (whole.includes('e')) return localise(formatNumber(rounded), lang);
  const { group, decimal } = SEPARATORS[lang];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${rounded < 0 ? '-' : ''}${grouped}${fraction ? `${decimal}${fraction}` : ''}`;
}

/**
 * Count texts by the language's plural rules (issue 19 §5): '1 position', '2 positions'; '1 позиция',
 * '2 позиции', '5 позиций', '21 позиция'. Intl.PluralRules picks the form, so no rule table is shipped.
 * Each text lives in locales under plural.<name> with the four forms one, few, many, other in both
 * languages (English few and many repeat other), so the two tables keep the same keys.
 */
import type en from '../../locales/en.json';
import { activeLanguage, t, type Lang, type MessageKey, type MessageParams } from './index';
import { formatQuantity } from './numbers';

export type PluralName = keyof (typeof en)['plural'];
export type PluralForm = 'one' | 'few' | 'many' | 'other';

const rules = new Map<Lang, Intl.PluralRules>();

/** The form the language uses for this count (Russian 'zero' and 'two' do not exist; English has one/other). */
export function pluralForm(count: number, lang: Lang = activeLanguage()): PluralForm {
  let rule = rules.get(lang);
  if (!rule) rules.set(lang, (rule = new Intl.PluralRules(lang)));
  const form = rule.select(count);
  return form === 'one' || form === 'few' || form === 'many' ? form : 'other';
}

/** The count text plural.<name> in the active language; {{count}} is the count written as a quantity. */
export function plural(name: PluralName, count: number, params: MessageParams = {}): string {
  return t(`plural.${name}.${pluralForm(count)}` as MessageKey, { ...params, count: formatQuantity(count) });
}

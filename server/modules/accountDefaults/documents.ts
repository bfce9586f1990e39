import type { Db, Tx } from '../../db/client';
import { documentSettings, documentTemplates } from '../../db/schema';

type DocumentLang = 'en' | 'ru';

/** The built-in templates' kinds; their docx files are server/modules/documents/builtin/<kind>.<lang>.docx. */
export const BUILTIN_KINDS = ['invoice', 'quote', 'delivery_note'] as const;

/**
 * What an account has for documents from the moment it exists (issue 15: a new account prints at once): its document
 * settings in the owner's language and the three built-in templates. Made where accounts are made (registration,
 * the demo seed) and for older accounts by the backfill migration, so listing templates and reading the settings
 * change nothing.
 */

export const BUILTIN_NAMES: Record<DocumentLang, Record<(typeof BUILTIN_KINDS)[number], string>> = {
  en: { invoice: 'Invoice for payment', quote: 'Quote', delivery_note: 'Delivery note' },
  ru: { invoice: 'Счёт на оплату', quote: 'Коммерческое предложение', delivery_note: 'Товарная накладная' },
};

export function builtinTemplateRows(accountId: number, lang: DocumentLang) {
  return BUILTIN_KINDS.map((kind) => ({ accountId, name: BUILTIN_NAMES[lang][kind], type: kind, builtin: `${kind}.${lang}`, fileName: `${BUILTIN_NAMES[lang][kind]}.docx`, downloadType: kind === 'invoice' ? 'pdf' : 'docx' }));
}

/** Once per account: a second call (or an account the backfill already covered) adds nothing. */
export async function addAccountDocuments(db: Db | Tx, accountId: number, lang: string | null | undefined): Promise<void> {
  const documentLang: DocumentLang = lang === 'ru' ? 'ru' : 'en';
  const [made] = await db.insert(documentSettings).values({ accountId, lang: documentLang, builtinsAdded: true }).onConflictDoNothing().returning({ accountId: documentSettings.accountId });
  if (made) await db.insert(documentTemplates).values(builtinTemplateRows(accountId, documentLang));
}

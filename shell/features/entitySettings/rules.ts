import type { Category } from '../../../src/contract/catalogue';
import type { PipelineStatus } from '../../../src/contract/pipelines';
import { errorText, type ApiFailure } from '../../../src/api/transport';
import type { MessageKey, MessageParams } from '../../../src/i18n';
import { serverErrorText } from '../../../src/i18n/serverErrors';

/** The list with the item at `index` moved by `delta` places (clamped); the same list when it cannot move. */
export function moveItem<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, index + delta));
  if (target === index || index < 0 || index >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item);
  return next;
}

/** One row of the options editor. Plain options are names only (their position is the value). */
export interface OptionRow {
  name: string;
  value: string;
  color: string;
  optgroup: boolean;
}

/** The editor rows of a field's options, and whether they are plain names. */
export function optionRowsOf(data: readonly unknown[]): { plain: boolean; rows: OptionRow[] } {
  const plain = data.every((item) => typeof item === 'string' || typeof item === 'number');
  const rows = data.map((item, index) => {
    if (typeof item === 'string' || typeof item === 'number') return { name: String(item), value: String(index), color: '', optgroup: false };
    const option = item as { name?: unknown; value?: unknown; color?: unknown; optgroup?: unknown };
    return { name: String(option.name ?? ''), value: String(option.value ?? index), color: typeof option.color === 'string' ? option.color : '', optgroup: Boolean(option.optgroup) };
  });
  return { plain, rows };
}

/** The options the server stores: names only, or {name, value, color?, optgroup?}; blank rows are dropped. */
export function optionDataOf(plain: boolean, rows: readonly OptionRow[]): unknown[] {
  const filled = rows.filter((row) => row.name.trim() !== '');
  if (plain) return filled.map((row) => row.name.trim());
  return filled.map((row) => ({
    name: row.name.trim(),
    // A heading needs a value of its own too: the server refuses two options with one value.
    value: row.value.trim() || row.name.trim(),
    ...(row.color && { color: row.color }),
    ...(row.optgroup && { optgroup: true }),
  }));
}

/** A code a field would be refused for (taken by another field of the entity), checked before sending. */
export function codeTaken(code: string, codes: readonly string[]): boolean {
  return code.trim() !== '' && codes.includes(code.trim());
}

export interface Refusal {
  key: MessageKey;
  params?: MessageParams;
}

/** The server's refusal texts the settings screens show in the interface language instead of the English text. */
const KNOWN: readonly [RegExp, MessageKey][] = [
  [/^A field with the code (\S+) already exists$/, 'entitySettings.codeTaken'],
  [/^The options (.+) are chosen in (\d+) records/, 'entitySettings.optionInUse'],
  [/^The same stage is selected/, 'settings.sameStage'],
  [/^There are orders in this pipeline\.$/, 'settings.ordersInPipeline'],
  [/^There are orders in this stage\.$/, 'entitySettings.ordersInStage'],
  [/^A pipeline must keep at least one stage\.$/, 'entitySettings.lastStage'],
  [/^The system pipeline cannot be deleted\.$/, 'entitySettings.systemPipeline'],
  [/^A category cannot be moved into itself/, 'entitySettings.categoryCycle'],
  [/^Image fields are not available/, 'entitySettings.imagesNotForCustomers'],
  [/^You do not have|^Only /, 'settings.adminOnly'],
];

/** What to show for a failed call: a known refusal in the interface language, else the server's text, else a generic one. */
export function refusalOf(failure: ApiFailure): Refusal | { text: string } {
  // A refusal with a code says itself in the user's language with its figures; the patterns below are for a server
  // from before codes.
  const { code } = (failure.data ?? {}) as { code?: unknown };
  if (typeof code === 'string' && code) {
    const translated = serverErrorText(failure.data);
    if (translated) return { text: translated };
  }
  const text = errorText(failure.data);
  for (const [pattern, key] of KNOWN) {
    const match = pattern.exec(text);
    if (!match) continue;
    if (key === 'entitySettings.codeTaken') return { key, params: { code: match[1] } };
    if (key === 'entitySettings.optionInUse') return { key, params: { options: match[1], count: Number(match[2]) } };
    return { key };
  }
  return text ? { text } : { key: 'entitySettings.failed' };
}

/** The categories as a flat list in tree order, each with its depth (for a parent chooser). */
export function flatCategories(tree: readonly Category[], depth = 0): { category: Category; depth: number }[] {
  return tree.flatMap((category) => [{ category, depth }, ...flatCategories(category.subcategories, depth + 1)]);
}

/** The ids of a category and everything under it: a category cannot move there (it would make a cycle). */
export function subtreeIds(category: Category): Set<number> {
  return new Set([category.id, ...category.subcategories.flatMap((child) => [...subtreeIds(child)])]);
}

/** The stage chosen for each operation of a pipeline (null: none). */
export interface OperationChoice {
  reserve: number | null;
  writeOff: number | null;
  stocking: number | null;
}

/**
 * Why a choice of operation stages would be refused (spec 2 §5, the same rules the server enforces): one stage for
 * two operations, or the reservation stage not before the write-off stage. Null when it is allowed.
 */
export function operationProblem(stages: readonly Pick<PipelineStatus, 'id'>[], choice: OperationChoice): MessageKey | null {
  const chosen = [choice.reserve, choice.writeOff, choice.stocking].filter((id): id is number => id !== null);
  if (new Set(chosen).size !== chosen.length) return 'settings.sameStage';
  if (choice.reserve !== null && choice.writeOff !== null) {
    const reserve = stages.findIndex((stage) => stage.id === choice.reserve);
    const writeOff = stages.findIndex((stage) => stage.id === choice.writeOff);
    if (reserve >= writeOff) return 'entitySettings.reserveBeforeWriteOff';
  }
  return null;
}

import type { DropdownValue } from './DropdownList';

export interface SelectOptionObject {
  name: string;
  value: DropdownValue;
  /** Background colour of the entry; a chosen coloured entry also shows a check mark. */
  color?: string;
  /** A group heading, not an option. */
  optgroup?: boolean;
}

/** A plain string option's value is its position in the list. */
export type SelectOption = string | SelectOptionObject;

export function normaliseOptions(options: readonly SelectOption[]): SelectOptionObject[] {
  return options.map((option, index) => (typeof option === 'string' ? { name: option, value: index } : option));
}

/** Values from the server arrive as strings or numbers, so 2 and '2' are the same choice. */
export function sameValue(a: DropdownValue | null | undefined, b: DropdownValue | null | undefined): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return false;
  return a === b || String(a) === String(b);
}

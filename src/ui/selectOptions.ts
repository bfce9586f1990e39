// What Select and MultiSelect share: their option lists and how they reach DropdownList.
import type { DropdownItem, DropdownListProps, DropdownValue } from './DropdownList';

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

/** The props Select and MultiSelect both take. */
export interface ChoiceProps {
  label: string;
  options: readonly SelectOption[];
  disabled?: boolean;
  hideLabel?: boolean;
  id?: string;
  className?: string;
}

export function normaliseOptions(options: readonly SelectOption[]): SelectOptionObject[] {
  return options.map((option, index) => (typeof option === 'string' ? { name: option, value: index } : option));
}

/** Values from the server arrive as strings or numbers, so 2 and '2' are the same choice. */
export function sameValue(a: DropdownValue | null | undefined, b: DropdownValue | null | undefined): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return false;
  return a === b || String(a) === String(b);
}

/**
 * The options as DropdownList entries; a group heading is never chosen. `tick` says which
 * chosen entries get a check mark: every one, or only coloured ones.
 */
export function toDropdownItems(
  options: readonly SelectOptionObject[],
  isChosen: (option: SelectOptionObject, index: number) => boolean,
  tick: 'chosen' | 'colouredChosen',
): DropdownItem[] {
  return options.map((option, index) => {
    const selected = !option.optgroup && isChosen(option, index);
    return {
      name: option.name,
      value: option.value,
      color: option.color,
      optgroup: option.optgroup,
      selected,
      tick: selected && (tick === 'chosen' || Boolean(option.color)),
    };
  });
}

/** The DropdownList props both controls pass through as given, after the control's own class. */
export function dropdownFrame(
  props: ChoiceProps,
  ownClass: string,
): Pick<DropdownListProps, 'label' | 'hideLabel' | 'id' | 'className' | 'disabled'> {
  return {
    label: props.label,
    hideLabel: props.hideLabel,
    id: props.id,
    className: props.className ? `${ownClass} ${props.className}` : ownClass,
    disabled: props.disabled,
  };
}

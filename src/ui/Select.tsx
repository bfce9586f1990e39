import { t } from '../i18n';
import { DropdownList, type DropdownItem, type DropdownValue } from './DropdownList';
import { normaliseOptions, sameValue, type SelectOption, type SelectOptionObject } from './selectOptions';

export interface SelectProps {
  label: string;
  options: readonly SelectOption[];
  value: DropdownValue | null | undefined;
  /** Called with the chosen option's value; choosing the current option emits nothing. */
  onChange: (value: DropdownValue, option: SelectOptionObject) => void;
  disabled?: boolean;
  hideLabel?: boolean;
  id?: string;
  className?: string;
}

/** Single choice. Shows the 'not selected' text until value matches an option. */
export function Select(props: SelectProps) {
  const options = normaliseOptions(props.options);
  const chosenIndex = options.findIndex((option) => !option.optgroup && sameValue(option.value, props.value));
  const chosen = chosenIndex >= 0 ? options[chosenIndex] : undefined;
  const items: DropdownItem[] = options.map((option, index) => ({
    name: option.name,
    value: option.value,
    color: option.color,
    optgroup: option.optgroup,
    selected: index === chosenIndex,
    tick: index === chosenIndex && Boolean(option.color),
  }));

  return (
    <DropdownList
      label={props.label}
      hideLabel={props.hideLabel}
      id={props.id}
      className={props.className ? `ui-select ${props.className}` : 'ui-select'}
      items={items}
      text={chosen ? chosen.name : t('controls.notSelected')}
      placeholder={!chosen}
      color={chosen?.color}
      disabled={props.disabled}
      onChoose={(_item, index) => {
        if (index === chosenIndex) return;
        props.onChange(options[index].value, options[index]);
      }}
    />
  );
}

import { t } from '../i18n';
import { DropdownList, type DropdownItem } from './DropdownList';
import { normaliseOptions, type SelectOption } from './selectOptions';

export interface MultiSelectProps {
  label: string;
  options: readonly SelectOption[];
  /** Names of the chosen options. */
  value: readonly string[];
  /** Called with the new list of chosen names after an option is toggled. */
  onChange: (value: string[]) => void;
  disabled?: boolean;
  hideLabel?: boolean;
  id?: string;
  className?: string;
}

/** Multiple choice; the list stays open so several options can be toggled in one go. */
export function MultiSelect(props: MultiSelectProps) {
  const options = normaliseOptions(props.options);
  const items: DropdownItem[] = options.map((option) => {
    const selected = !option.optgroup && props.value.includes(option.name);
    return { name: option.name, value: option.value, color: option.color, optgroup: option.optgroup, selected, tick: selected };
  });

  return (
    <DropdownList
      label={props.label}
      hideLabel={props.hideLabel}
      id={props.id}
      className={props.className ? `ui-multiselect ${props.className}` : 'ui-multiselect'}
      items={items}
      multiple
      text={props.value.length > 0 ? props.value.join(', ') : t('controls.notSelected')}
      placeholder={props.value.length === 0}
      disabled={props.disabled}
      onChoose={(item) => {
        const next = props.value.includes(item.name)
          ? props.value.filter((name) => name !== item.name)
          : [...props.value, item.name];
        props.onChange(next);
      }}
    />
  );
}

import { t } from '../i18n';
import { DropdownList } from './DropdownList';
import { dropdownFrame, normaliseOptions, toDropdownItems, type ChoiceProps } from './selectOptions';

export interface MultiSelectProps extends ChoiceProps {
  /** Names of the chosen options. */
  value: readonly string[];
  /** Called with the new list of chosen names after an option is toggled. */
  onChange: (value: string[]) => void;
}

/** Multiple choice; the list stays open so several options can be toggled in one go. */
export function MultiSelect(props: MultiSelectProps) {
  const options = normaliseOptions(props.options);

  return (
    <DropdownList
      {...dropdownFrame(props, 'ui-multiselect')}
      items={toDropdownItems(options, (option) => props.value.includes(option.name), 'chosen')}
      multiple
      text={props.value.length > 0 ? props.value.join(', ') : t('controls.notSelected')}
      placeholder={props.value.length === 0}
      onChoose={(item) => {
        const next = props.value.includes(item.name)
          ? props.value.filter((name) => name !== item.name)
          : [...props.value, item.name];
        props.onChange(next);
      }}
    />
  );
}

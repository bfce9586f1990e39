import { t } from '../i18n';
import { DropdownList, type DropdownValue } from './DropdownList';
import { dropdownFrame, normaliseOptions, sameValue, toDropdownItems, type ChoiceProps, type SelectOptionObject } from './selectOptions';

export interface SelectProps extends ChoiceProps {
  value: DropdownValue | null | undefined;
  /** Called with the chosen option's value; choosing the current option emits nothing. */
  onChange: (value: DropdownValue, option: SelectOptionObject) => void;
}

/** Single choice. Shows the 'not selected' text until value matches an option. */
export function Select(props: SelectProps) {
  const options = normaliseOptions(props.options);
  const chosenIndex = options.findIndex((option) => !option.optgroup && sameValue(option.value, props.value));
  const chosen = chosenIndex >= 0 ? options[chosenIndex] : undefined;

  return (
    <DropdownList
      {...dropdownFrame(props, 'ui-select')}
      items={toDropdownItems(options, (_option, index) => index === chosenIndex, 'colouredChosen')}
      text={chosen ? chosen.name : t('controls.notSelected')}
      placeholder={!chosen}
      color={chosen?.color}
      onChoose={(_item, index) => {
        if (index === chosenIndex) return;
        props.onChange(options[index].value, options[index]);
      }}
    />
  );
}

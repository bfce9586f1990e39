export { Checkbox, type CheckboxProps } from './Checkbox';
export { DecimalInput, type DecimalInputProps } from './DecimalInput';
export { WholeNumberInput, type WholeNumberInputProps } from './WholeNumberInput';
export { TextInput, type TextInputProps } from './TextInput';
export { TextArea, type TextAreaProps } from './TextArea';
export { DropdownList, type DropdownItem, type DropdownListProps, type DropdownValue } from './DropdownList';
export { Select, type SelectProps } from './Select';
export { MultiSelect, type MultiSelectProps } from './MultiSelect';
export type { SelectOption, SelectOptionObject } from './selectOptions';
export { DateInput, type DateInputProps } from './DateInput';
export { DateTimeInput, type DateTimeInputProps } from './DateTimeInput';
export type { DateLike } from './dateText';
export {
  CAROUSEL_LOADING_TIMEOUT_MS,
  ImageCarousel,
  type CarouselFloat,
  type CarouselPreviewSize,
  type ImageCarouselProps,
} from './ImageCarousel';
export { NotificationArea, type NotificationAreaProps } from './NotificationArea';
export { NavBar, useNavBarState, type NavBarControls, type NavBarItem, type NavBarProps, type NavBarState } from './NavBar';

import type { ReactElement } from 'react';
import { vi, type Mock } from 'vitest';
import {
  DateInput,
  DateTimeInput,
  DecimalInput,
  TextArea,
  TextInput,
  WholeNumberInput,
  type DateInputProps,
  type DateTimeInputProps,
  type DecimalInputProps,
  type TextAreaProps,
  type TextInputProps,
  type WholeNumberInputProps,
} from '../../src/ui';
import { get, render, type Rendered } from './render';

// Each edit control rendered with an onChange spy, for its own tests and the shared rule tables.

// Each control's onChange has its own arguments.
type Handler = (...args: any[]) => void;
type TextField = HTMLInputElement | HTMLTextAreaElement;

export interface MountedControl<F extends Handler = Handler, E extends TextField = TextField> extends Rendered {
  onChange: Mock<F>;
  /** The field the user types into. */
  field: E;
}

/** Any props but onChange, which the spy takes. */
type Given<P> = Partial<Omit<P, 'onChange'>>;

function mount<F extends Handler, E extends TextField = HTMLInputElement>(
  element: (onChange: Mock<F>) => ReactElement,
  selector = 'input',
): MountedControl<F, E> {
  const onChange = vi.fn<F>();
  const rendered = render(element(onChange));
  return { ...rendered, onChange, field: get<E>(rendered.container, selector) };
}

export const mountTextInput = (props: Given<TextInputProps> = {}) =>
  mount<TextInputProps['onChange']>((onChange) => <TextInput label="Name" value="Box" {...props} onChange={onChange} />);

export const mountTextArea = (props: Given<TextAreaProps> = {}) =>
  mount<TextAreaProps['onChange'], HTMLTextAreaElement>(
    (onChange) => <TextArea label="Comment" value="first" {...props} onChange={onChange} />,
    'textarea',
  );

export const mountDecimalInput = (props: Given<DecimalInputProps> = {}) =>
  mount<DecimalInputProps['onChange']>((onChange) => <DecimalInput label="Price" value={10} {...props} onChange={onChange} />);

export const mountWholeNumberInput = (props: Given<WholeNumberInputProps> = {}) =>
  mount<WholeNumberInputProps['onChange']>((onChange) => <WholeNumberInput label="Count" value={1} {...props} onChange={onChange} />);

export const mountDateInput = (props: Given<DateInputProps> = {}) =>
  mount<DateInputProps['onChange']>((onChange) => <DateInput label="Delivery date" value={null} {...props} onChange={onChange} />);

export const mountDateTimeInput = (props: Given<DateTimeInputProps> = {}) =>
  mount<DateTimeInputProps['onChange']>((onChange) => <DateTimeInput label="Shipped at" value={null} {...props} onChange={onChange} />);

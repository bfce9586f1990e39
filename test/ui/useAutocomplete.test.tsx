import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOCOMPLETE_DELAY_MS, useAutocomplete } from '../../src/ui/useAutocomplete';
import { get, press, render } from './render';

type Search = (text: string, signal: AbortSignal) => Promise<string[] | null>;

function Probe({ text, search, onPick = () => {} }: { text: string; search: Search; onPick?: (value: string) => void }) {
  const { found, choices, active, onKeyDown } = useAutocomplete({ text, enabled: true, search, onPick });
  return (
    <div>
      <input onKeyDown={onKeyDown} readOnly value={text} />
      <output>{found === null ? 'none' : found.join(',')}</output>
      <ul>
        {choices.map((value, index) => (
          <li key={value} aria-selected={index === active}>
            {value}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A search whose answers the test releases by hand, in any order. */
function controlledSearch() {
  const calls: { text: string; signal: AbortSignal; answer: (values: string[]) => Promise<void> }[] = [];
  const search = vi.fn<Search>(
    (text, signal) =>
      new Promise((resolve) => {
        calls.push({ text, signal, answer: async (values) => act(async () => resolve(values)) });
      }),
  );
  return { search, calls };
}

const shown = (container: HTMLElement) => get(container, 'output').textContent;

describe('useAutocomplete: the shared debounced autocomplete of the pickers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it(`rule: it asks ${AUTOCOMPLETE_DELAY_MS} ms after the last change of the text, once, with that text`, () => {
    const { search } = controlledSearch();
    const { rerender } = render(<Probe text="a" search={search} />);
    act(() => vi.advanceTimersByTime(AUTOCOMPLETE_DELAY_MS - 1));
    rerender(<Probe text="an" search={search} />);
    act(() => vi.advanceTimersByTime(AUTOCOMPLETE_DELAY_MS - 1));
    expect(search).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(search).toHaveBeenCalledOnce();
    expect(search.mock.calls[0][0]).toBe('an');
  });

  it('rule: a stale answer is never shown: the superseded call is aborted, and its late answer is dropped', async () => {
    const { search, calls } = controlledSearch();
    const { container, rerender } = render(<Probe text="an" search={search} />);
    act(() => vi.advanceTimersByTime(AUTOCOMPLETE_DELAY_MS));
    rerender(<Probe text="ann" search={search} />);
    expect(calls[0].signal.aborted).toBe(true);
    act(() => vi.advanceTimersByTime(AUTOCOMPLETE_DELAY_MS));
    await calls[1].answer(['Ann']);
    expect(shown(container)).toBe('Ann');
    await calls[0].answer(['Anna', 'Andrew']);
    expect(shown(container)).toBe('Ann');
  });

  it('rule: unmounting aborts the call in flight and a pending pause asks nothing', () => {
    const { search, calls } = controlledSearch();
    const first = render(<Probe text="an" search={search} />);
    act(() => vi.advanceTimersByTime(AUTOCOMPLETE_DELAY_MS));
    first.unmount();
    expect(calls[0].signal.aborted).toBe(true);
    const second = render(<Probe text="bo" search={search} />);
    second.unmount();
    act(() => vi.advanceTimersByTime(AUTOCOMPLETE_DELAY_MS * 4));
    expect(search).toHaveBeenCalledOnce();
  });

  it('rule: arrow keys highlight the choices round the list and Enter picks the highlighted one', async () => {
    const { search, calls } = controlledSearch();
    const onPick = vi.fn();
    const { container } = render(<Probe text="a" search={search} onPick={onPick} />);
    act(() => vi.advanceTimersByTime(AUTOCOMPLETE_DELAY_MS));
    await calls[0].answer(['Ann', 'Bob', 'Cid']);
    const input = get<HTMLInputElement>(container, 'input');
    const selected = () => container.querySelector('[aria-selected="true"]')?.textContent;
    expect(press(input, 'Enter').defaultPrevented).toBe(false);
    expect(onPick).not.toHaveBeenCalled();
    press(input, 'ArrowUp');
    expect(selected()).toBe('Cid');
    press(input, 'ArrowDown');
    expect(selected()).toBe('Ann');
    press(input, 'ArrowDown');
    expect(selected()).toBe('Bob');
    expect(press(input, 'Enter').defaultPrevented).toBe(true);
    expect(onPick).toHaveBeenCalledExactlyOnceWith('Bob');
  });
});

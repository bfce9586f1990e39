import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER_SEARCH_DELAY_MS, CustomerSearch } from '../../src/ui/CustomerSearch';
import { get, render, typeInto } from './render';

describe('CustomerSearch: the pause before searching (pinned with fake timers)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it(`rule: it searches ${CUSTOMER_SEARCH_DELAY_MS} ms after the last keystroke, once, with the trimmed text; a blank query never`, () => {
    expect(CUSTOMER_SEARCH_DELAY_MS).toBe(250);
    const search = vi.fn(async () => []);
    const { container } = render(<CustomerSearch label="Contact" search={search} onPick={() => {}} />);
    const input = get<HTMLInputElement>(container, 'input');
    typeInto(input, 'An');
    act(() => vi.advanceTimersByTime(CUSTOMER_SEARCH_DELAY_MS - 1));
    typeInto(input, ' Ann ');
    act(() => vi.advanceTimersByTime(CUSTOMER_SEARCH_DELAY_MS - 1));
    expect(search).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(search).toHaveBeenCalledExactlyOnceWith('Ann');
    typeInto(input, '   ');
    act(() => vi.advanceTimersByTime(CUSTOMER_SEARCH_DELAY_MS * 4));
    expect(search).toHaveBeenCalledTimes(1);
  });
});

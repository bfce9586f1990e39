import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_SEARCH_DELAY_MS, ListSearch } from '../../src/ui/ListSearch';
import { get, render, typeInto } from './render';

describe('ListSearch: the search box of the clients and facilities lists', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it(`rule: it searches ${LIST_SEARCH_DELAY_MS} ms after the last keystroke, at once on Enter, never for the text already searched, and not after unmount`, () => {
    expect(LIST_SEARCH_DELAY_MS).toBe(300);
    const onSearch = vi.fn();
    const { container, unmount } = render(<ListSearch label="Search" placeholder="Name" searched="ann" onSearch={onSearch} />);
    const input = get<HTMLInputElement>(container, 'input');
    expect(input.value).toBe('ann');
    typeInto(input, 'bo');
    act(() => vi.advanceTimersByTime(LIST_SEARCH_DELAY_MS - 1));
    typeInto(input, 'bob');
    act(() => vi.advanceTimersByTime(LIST_SEARCH_DELAY_MS - 1));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('bob');
    typeInto(input, 'cid');
    act(() => get<HTMLFormElement>(container, 'form').requestSubmit());
    expect(onSearch).toHaveBeenLastCalledWith('cid');
    act(() => vi.advanceTimersByTime(LIST_SEARCH_DELAY_MS * 2));
    expect(onSearch).toHaveBeenCalledTimes(2);
    typeInto(input, ' ann ');
    act(() => vi.advanceTimersByTime(LIST_SEARCH_DELAY_MS));
    expect(onSearch).toHaveBeenCalledTimes(2);
    typeInto(input, 'dan');
    unmount();
    act(() => vi.advanceTimersByTime(LIST_SEARCH_DELAY_MS * 2));
    expect(onSearch).toHaveBeenCalledTimes(2);
  });
});

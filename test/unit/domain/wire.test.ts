import { describe, expect, it } from 'vitest';
import { applyRemoteWireChange, applyWireChange, EMPTY_WIRE, wireReducer, type WireChange, type WireResult, type WireState } from '../../../src/domain/wire';

function state(sources: string[], value: string | null): WireState {
  return Object.freeze({ sources: Object.freeze([...sources]), value });
}

describe('applyWireChange: the per-lead wire selection rules (spec 2 §3–§4)', () => {
  it.each<[string, WireState | undefined, WireChange, WireState, WireResult]>([
    ['with no source, a value sets source and value', undefined, { source: 'a', value: 'w1' }, state(['a'], 'w1'), { kind: 'set' }],
    ['with no source (empty state), a value sets source and value', state([], null), { source: 'a', value: 'w1' }, state(['a'], 'w1'), { kind: 'set' }],
    ['with no source, an empty value changes nothing', state([], null), { source: 'a', value: '' }, state([], null), { kind: 'unchanged' }],
    ['a sole source may replace the value', state(['a'], 'w1'), { source: 'a', value: 'w2' }, state(['a'], 'w2'), { kind: 'replaced' }],
    ['a sole source may clear the value (empty string)', state(['a'], 'w1'), { source: 'a', value: '' }, state([], null), { kind: 'cleared' }],
    ['a sole source may clear the value (null)', state(['a'], 'w1'), { source: 'a', value: null }, state([], null), { kind: 'cleared' }],
    ['a sole source may clear the value (undefined)', state(['a'], 'w1'), { source: 'a', value: undefined }, state([], null), { kind: 'cleared' }],
    ['a holder choosing the same value changes nothing', state(['a'], 'w1'), { source: 'a', value: 'w1' }, state(['a'], 'w1'), { kind: 'unchanged' }],
    ['another source with the same value joins', state(['a'], 'w1'), { source: 'b', value: 'w1' }, state(['a', 'b'], 'w1'), { kind: 'joined' }],
    ['a source with an empty value leaves', state(['a', 'b'], 'w1'), { source: 'a', value: '' }, state(['b'], 'w1'), { kind: 'left' }],
    ['the last source leaving clears the value', state(['b'], 'w1'), { source: 'b', value: null }, state([], null), { kind: 'cleared' }],
    ['a non-holder with an empty value changes nothing', state(['a'], 'w1'), { source: 'b', value: '' }, state(['a'], 'w1'), { kind: 'unchanged' }],
    [
      'a different value from a second source while another holds the wire is refused, naming the holder',
      state(['a'], 'w1'),
      { source: 'b', value: 'w2' },
      state(['a'], 'w1'),
      { kind: 'refused', heldBy: ['a'] },
    ],
    [
      'a different value from a non-holder is refused, naming all holders',
      state(['a', 'b'], 'w1'),
      { source: 'c', value: 'w2' },
      state(['a', 'b'], 'w1'),
      { kind: 'refused', heldBy: ['a', 'b'] },
    ],
    [
      'a holder sharing the wire may not replace it; the others are named',
      state(['a', 'b'], 'w1'),
      { source: 'a', value: 'w2' },
      state(['a', 'b'], 'w1'),
      { kind: 'refused', heldBy: ['b'] },
    ],
  ])('%s', (_rule, before, change, after, result) => {
    const outcome = applyWireChange(before, change);
    expect(outcome.state).toEqual(after);
    expect(outcome.result).toEqual(result);
  });

  it('never modifies the given state (frozen input does not throw) and returns the same object when unchanged or refused', () => {
    const held = state(['a'], 'w1');
    expect(applyWireChange(held, { source: 'a', value: 'w1' }).state).toBe(held);
    expect(applyWireChange(held, { source: 'b', value: 'w2' }).state).toBe(held);
    const joined = applyWireChange(held, { source: 'b', value: 'w1' }).state;
    expect(joined).not.toBe(held);
    expect(held).toEqual(state(['a'], 'w1'));
  });
});

describe('wireReducer: applies a change to one lead in the map of all leads', () => {
  it('sets, keeps other leads, and drops a lead whose wire has no holder', () => {
    const start = Object.freeze({ '2': state(['x'], 'w9') });
    const set = wireReducer(start, 1, { source: 'a', value: 'w1' });
    expect(set.result).toEqual({ kind: 'set' });
    expect(set.wires).toEqual({ '1': state(['a'], 'w1'), '2': state(['x'], 'w9') });
    expect(start).toEqual({ '2': state(['x'], 'w9') });

    const cleared = wireReducer(set.wires, '1', { source: 'a', value: '' });
    expect(cleared.result).toEqual({ kind: 'cleared' });
    expect(cleared.wires).toEqual({ '2': state(['x'], 'w9') });
  });

  it('returns the same map when the change is refused or changes nothing', () => {
    const wires = { '1': state(['a'], 'w1') };
    const refused = wireReducer(wires, 1, { source: 'b', value: 'w2' });
    expect(refused.wires).toBe(wires);
    expect(refused.result).toEqual({ kind: 'refused', heldBy: ['a'] });
    expect(wireReducer(wires, 3, { source: 'b', value: '' }).wires).toBe(wires);
  });

  it('does not read inherited keys as leads', () => {
    expect(wireReducer({}, 'toString', { source: 'a', value: 'w1' }).result).toEqual({ kind: 'set' });
  });
});

describe('applyRemoteWireChange: a clash of two simultaneous choices', () => {
  const heldBy = (source: string, value: string): WireState => ({ sources: [source], value });

  it('rule: against a sole holder, the source id that sorts first wins, on either side', () => {
    expect(applyRemoteWireChange(heldBy('b#2', 'main'), { source: 'a#1', value: 'far' })).toEqual({ state: heldBy('a#1', 'far'), result: { kind: 'replaced' } });
    const kept = heldBy('a#1', 'far');
    expect(applyRemoteWireChange(kept, { source: 'b#2', value: 'main' })).toEqual({ state: kept, result: { kind: 'refused', heldBy: ['a#1'] } });
  });

  it('joins, leaves and sets are the plain rules; a wire held by several is never taken over', () => {
    expect(applyRemoteWireChange(heldBy('b#2', 'main'), { source: 'a#1', value: 'main' }).state).toEqual({ sources: ['b#2', 'a#1'], value: 'main' });
    expect(applyRemoteWireChange(EMPTY_WIRE, { source: 'a#1', value: 'main' }).result).toEqual({ kind: 'set' });
    const shared: WireState = { sources: ['b#2', 'c#3'], value: 'main' };
    expect(applyRemoteWireChange(shared, { source: 'a#1', value: 'far' })).toEqual({ state: shared, result: { kind: 'refused', heldBy: ['b#2', 'c#3'] } });
  });
});

/**
 * The wire selected for a deal (lead), shared by several sources (widget instances, frames)
 * (spec 2 §3–§4). Whoever first sets a value holds the wire; others may join with the same
 * value; a different value while another source holds it is refused, naming the holders.
 */

export interface WireState {
  /** Ids of the sources holding the value, in the order they came. */
  sources: readonly string[];
  value: string | null;
}

export interface WireChange {
  source: string;
  /** The chosen value; empty (null, undefined, '') means the source lets go. */
  value: string | null | undefined;
}

export type WireResult =
  | { kind: 'set' | 'replaced' | 'cleared' | 'joined' | 'left' | 'unchanged' }
  | { kind: 'refused'; heldBy: string[] };

export interface WireOutcome {
  state: WireState;
  result: WireResult;
}

export const EMPTY_WIRE: WireState = Object.freeze({ sources: Object.freeze([]) as readonly string[], value: null });

/**
 * The next state of one lead's wire. Inputs are never modified; an unchanged or refused
 * change returns the very same state object.
 */
export function applyWireChange(
  state: WireState | null | undefined,
  change: WireChange,
): WireOutcome {
  const current = state ?? EMPTY_WIRE;
  const { source } = change;
  const value = change.value === undefined || change.value === '' ? null : change.value;
  const holds = current.sources.includes(source);
  const others = current.sources.filter((id) => id !== source);
  const unchanged: WireOutcome = { state: current, result: { kind: 'unchanged' } };

  if (current.sources.length === 0) {
    // Nobody holds it: a value takes it, letting go of nothing changes nothing.
    if (value === null) return unchanged;
    return { state: { sources: [source], value }, result: { kind: 'set' } };
  }

  if (value === null) {
    if (!holds) return unchanged;
    // The last holder letting go clears the value with it.
    if (others.length === 0) return { state: { sources: [], value: null }, result: { kind: 'cleared' } };
    return { state: { sources: others, value: current.value }, result: { kind: 'left' } };
  }

  if (value === current.value) {
    if (holds) return unchanged;
    return { state: { sources: [...current.sources, source], value }, result: { kind: 'joined' } };
  }

  // A different value: only a sole holder may replace it.
  if (holds && others.length === 0) {
    return { state: { sources: [source], value }, result: { kind: 'replaced' } };
  }
  return { state: current, result: { kind: 'refused', heldBy: others } };
}

/**
 * A change another widget made and told us about. It was made without knowing of a holder that chose a
 * different value in the same instant (else it would have been refused there and never sent), so such a
 * clash with a sole holder goes to the source id that sorts first. Every widget — both choosers and any
 * onlooker, whatever order the two messages arrive in — ends with the same value.
 */
export function applyRemoteWireChange(state: WireState | null | undefined, change: WireChange): WireOutcome {
  const outcome = applyWireChange(state, change);
  const [holder, ...more] = (state ?? EMPTY_WIRE).sources;
  if (outcome.result.kind !== 'refused' || more.length || change.source > holder) return outcome;
  return { state: { sources: [change.source], value: change.value as string }, result: { kind: 'replaced' } };
}

export type WireMap = Readonly<Record<string, WireState>>;

export interface WireMapOutcome {
  wires: WireMap;
  result: WireResult;
}

/**
 * applyWireChange on the wire of one lead in a map of all leads. A lead whose wire ends up
 * with no holder is dropped from the map, so the map only holds wires in use; an unchanged
 * or refused change returns the same map object.
 */
export function wireReducer(
  wires: WireMap,
  leadId: string | number,
  change: WireChange,
): WireMapOutcome {
  const key = String(leadId);
  const before = Object.hasOwn(wires, key) ? wires[key] : undefined;
  const { state, result } = applyWireChange(before, change);
  if (state === (before ?? EMPTY_WIRE)) return { wires, result };
  const next: Record<string, WireState> = { ...wires };
  if (state.sources.length === 0) delete next[key];
  else next[key] = state;
  return { wires: next, result };
}

import { describe, expect, it } from 'vitest';
import { codeTaken, moveItem, operationProblem, optionDataOf, optionRowsOf, refusalOf, subtreeIds } from '../../../../shell/features/entitySettings/rules';

const failure = (error: string) => ({ ok: false as const, status: 409, data: { error }, networkError: false });

describe('entity settings rules (shell)', () => {
  it('rule: move up/down moves one item by one place and never past either end', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
    // A drag from the first row to the last is one move by two places.
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
  });

  it('rule: options round-trip — plain names stay plain; name/value options keep colour and group headings; blank rows are dropped', () => {
    const plain = optionRowsOf(['Red', 'Blue']);
    expect(plain.plain).toBe(true);
    expect(optionDataOf(true, [...plain.rows, { name: ' ', value: '', color: '', optgroup: false }])).toEqual(['Red', 'Blue']);
    const objects = optionRowsOf([{ name: 'Warm', value: 'warm', optgroup: true }, { name: 'Red', value: 'r', color: '#ff0000' }]);
    expect(objects.plain).toBe(false);
    expect(optionDataOf(false, objects.rows)).toEqual([{ name: 'Warm', value: 'warm', optgroup: true }, { name: 'Red', value: 'r', color: '#ff0000' }]);
    // An option with no value given takes its name, so two new options never share an empty value.
    expect(optionDataOf(false, [{ name: 'Blue', value: ' ', color: '', optgroup: false }])).toEqual([{ name: 'Blue', value: 'Blue' }]);
  });

  it('rule: a taken code is caught before sending; an empty code (made from the name by the server) is not', () => {
    expect(codeTaken(' size ', ['size', 'note'])).toBe(true);
    expect(codeTaken('', ['size'])).toBe(false);
    expect(codeTaken('colour', ['size'])).toBe(false);
  });

  it('rule: one stage for two operations, or reservation not before write-off, is refused; no reservation stage is allowed', () => {
    const stages = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
    expect(operationProblem(stages, { reserve: 2, writeOff: 3, stocking: null })).toBeNull();
    expect(operationProblem(stages, { reserve: 2, writeOff: 3, stocking: 2 })).toBe('settings.sameStage');
    expect(operationProblem(stages, { reserve: 3, writeOff: 3, stocking: null })).toBe('settings.sameStage');
    expect(operationProblem(stages, { reserve: 4, writeOff: 3, stocking: null })).toBe('entitySettings.reserveBeforeWriteOff');
    expect(operationProblem(stages, { reserve: null, writeOff: 3, stocking: 1 })).toBeNull();
  });

  it("rule: the server's refusals are shown in the interface language; unknown ones as the server's text", () => {
    expect(refusalOf(failure('A field with the code size already exists'))).toEqual({ key: 'entitySettings.codeTaken', params: { code: 'size' } });
    expect(refusalOf(failure("The options 'S', 'L' are chosen in 3 records; choose another option there first"))).toEqual({
      key: 'entitySettings.optionInUse',
      params: { options: "'S', 'L'", count: 3 },
    });
    expect(refusalOf(failure('There are orders in this pipeline.'))).toEqual({ key: 'settings.ordersInPipeline' });
    expect(refusalOf(failure('A category cannot be moved into itself or its subcategories'))).toEqual({ key: 'entitySettings.categoryCycle' });
    expect(refusalOf(failure('Something else'))).toEqual({ text: 'Something else' });
    expect(refusalOf({ ok: false, status: 0, data: undefined, networkError: true })).toEqual({ key: 'entitySettings.failed' });
  });

  it('rule: a refusal with a code is shown as its serverErrors text with its figures (in the interface language)', () => {
    const coded = { ok: false as const, status: 409, networkError: false, data: { error: 'A field with the code size already exists', code: 'fieldCodeTaken', params: { code: 'size' } } };
    expect(refusalOf(coded)).toEqual({ text: 'A field with the code size already exists' });
    const inUse = { ok: false as const, status: 409, networkError: false, data: { error: 'x', code: 'optionsInUse', params: { names: "'S'", count: 3 } } };
    expect(refusalOf(inUse)).toEqual({ text: "The options 'S' are chosen in 3 records; choose another option there first" });
  });

  it('rule: a category cannot be moved into itself or anything under it', () => {
    const leaf = { id: 3, name: 'c', parent_id: 2, image_url: null, sort: 0, levels: [1, 2, 3], subcategories: [] };
    const middle = { id: 2, name: 'b', parent_id: 1, image_url: null, sort: 0, levels: [1, 2], subcategories: [leaf] };
    expect([...subtreeIds({ id: 1, name: 'a', parent_id: null, image_url: null, sort: 0, levels: [1], subcategories: [middle] })]).toEqual([1, 2, 3]);
  });
});

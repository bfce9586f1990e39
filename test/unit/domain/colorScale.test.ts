import { describe, expect, it } from 'vitest';
import { scaleColor } from '../../../src/domain/colorScale';

describe('scaleColor: red at 0, through yellow at 25, full green from 50; clamped; NaN is red', () => {
  it.each([
    [0, 'rgb(255, 0, 0)'],
    [12.5, 'rgb(255, 128, 0)'],
    [25, 'rgb(255, 255, 0)'],
    [37.5, 'rgb(128, 255, 0)'],
    [50, 'rgb(0, 255, 0)'],
    [75, 'rgb(0, 255, 0)'],
    [100, 'rgb(0, 255, 0)'],
    [150, 'rgb(0, 255, 0)'], // clamped to 100
    [-20, 'rgb(255, 0, 0)'], // clamped to 0
    [NaN, 'rgb(255, 0, 0)'],
    [null, 'rgb(255, 0, 0)'],
    ['abc', 'rgb(255, 0, 0)'],
    ['50', 'rgb(0, 255, 0)'],
  ] as const)('%j → %s', (value, expected) => {
    expect(scaleColor(value)).toBe(expected);
  });

  it('green never falls and red never rises as the value grows', () => {
    let previous = { red: 255, green: 0 };
    for (let value = 0; value <= 100; value += 1) {
      const [red, green] = scaleColor(value).match(/\d+/g)!.map(Number);
      expect(green).toBeGreaterThanOrEqual(previous.green);
      expect(red).toBeLessThanOrEqual(previous.red);
      previous = { red, green };
    }
  });
});

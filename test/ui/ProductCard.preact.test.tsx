import { describe, expect, it, vi } from 'vitest';
import { CATEGORIES, FIELDS, position } from '../shell/features/deal/orderFixtures';

// The widget bundle aliases react to @preact/compat: the card must rely on nothing React-only.
vi.mock('react', async () => await import('preact/compat'));
vi.mock('react/jsx-runtime', async () => await import('preact/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', async () => await import('preact/jsx-runtime'));

const { render } = await import('preact');
const { act } = await import('preact/test-utils');
const { ProductCard } = await import('../../src/ui/ProductCard');

describe('ProductCard under preact/compat', () => {
  it('renders its rows and caps the count as under React', () => {
    const onCountChange = vi.fn();
    const container = document.createElement('div');
    document.body.append(container);
    act(() => render(<ProductCard position={position()} fields={FIELDS} categories={CATEGORIES} onCountChange={onCountChange} />, container));
    expect(container.querySelector('h3')?.textContent).toBe('1,200.00 · Cordless drill 1 · 2 pcs');
    expect([...container.querySelectorAll('.product-card__fields .ui-field__label')].map((el) => el.textContent)).toEqual(['Brand', 'Notes', 'Last checked', 'Colour']);
    const count = container.querySelector('.product-card__count') as HTMLInputElement;
    act(() => {
      count.value = '40';
      count.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(onCountChange).toHaveBeenCalledExactlyOnceWith(11, 5);
    expect(count.value).toBe('5');
  });
});

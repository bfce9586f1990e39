import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ProductCard, type ProductCardProps } from '../../src/ui/ProductCard';
import { CATEGORIES, FIELDS, position } from '../shell/features/deal/orderFixtures';
import { all, blur, click, get, render, typeInto } from './render';

function card(props: Partial<ProductCardProps> = {}) {
  const handlers = { onCountChange: vi.fn(), onPriceChange: vi.fn(), onPriceFieldChange: vi.fn(), onFieldChange: vi.fn(), onDelete: vi.fn() };
  const rendered = render(<ProductCard position={position()} fields={FIELDS} categories={CATEGORIES} {...handlers} {...props} />);
  const { container } = rendered;
  const root = () => get(container, 'article');
  /** The visible labels of the field rows, in order. */
  const rowLabels = () => all(container, '.product-card__fields .ui-field__label, .product-card__fields .ui-checkbox__label, .product-card__price-of').map((el) => el.textContent);
  const control = (label: string) => {
    const field = all(container, '.ui-field').find((el) => el.querySelector('.ui-field__label, .ui-checkbox__label')?.textContent === label);
    if (!field) throw new Error(`No field labelled ${label}`);
    return field.querySelector('input, textarea, [role="combobox"]') as HTMLElement;
  };
  const isDisabled = (element: HTMLElement) => (element as HTMLInputElement).disabled === true || element.getAttribute('aria-disabled') === 'true';
  const options = (label: string) => {
    const combo = control(label);
    return all(container, `#${combo.getAttribute('aria-controls')} [role="option"]`).map((el) => el.textContent?.trim());
  };
  return { ...rendered, ...handlers, root, rowLabels, control, isDisabled, options };
}

describe('ProductCard: the title line (spec 1 §2)', () => {
  it('shows price, lead name, count and units', () => {
    expect(card().root().querySelector('h3')?.textContent).toBe('1,200.00 · Cordless drill 1 · 2 pcs');
  });
});

describe('ProductCard: which fields a card shows (spec 1 §5)', () => {
  it('rule: visible flag above 0, with a component, of the category and its levels, not the price code, not images', () => {
    // Hidden (visible 0), Without component, Thread (another category), Images (type 15) and the 'price' code are left out.
    expect(card().rowLabels()).toEqual(['Retail price: 1,200.00 ₽', 'Wholesale price: 1,000.00 ₽', 'Brand', 'Notes', 'Last checked', 'Colour']);
  });

  it('a field of a sub-level category shows on that category’s products only', () => {
    const { rowLabels } = card({ position: position({ category_id: 9 }) });
    expect(rowLabels()).toContain('Thread');
  });

  it('a product without a category shows the fields that belong to no category', () => {
    const { rowLabels } = card({ position: position({ category_id: null }) });
    expect(rowLabels()).toEqual(['Retail price: 1,200.00 ₽', 'Wholesale price: 1,000.00 ₽', 'Brand', 'Notes', 'Last checked', 'Colour']);
  });

});

describe('ProductCard: which fields can be edited (spec 1 §5)', () => {
  it('rule: a field is disabled when its editable flag is below 1', () => {
    const { control, isDisabled } = card();
    expect(isDisabled(control('Last checked'))).toBe(true);
    expect(isDisabled(control('Brand'))).toBe(false);
  });

  it('a user without the right to edit products sees the fields read-only, prices still editable', () => {
    const { control, isDisabled } = card({ fieldsReadOnly: true });
    expect([isDisabled(control('Brand')), isDisabled(control('Price, RUB'))]).toEqual([true, false]);
  });

  it('rule: an edited field reports its position (not the product: issue 19 §2), the code and the new value', () => {
    const { control, onFieldChange } = card();
    const brand = control('Brand') as HTMLInputElement;
    typeInto(brand, 'Bosch');
    blur(brand);
    expect(onFieldChange).toHaveBeenCalledExactlyOnceWith(11, 'brand', 'Bosch');
  });

  it('a locked position (blocking stage) has count, price and price type read-only and no delete', () => {
    const { control, isDisabled, container } = card({ locked: true });
    expect(['Price type', 'Price, RUB', 'Quantity, pcs'].map((label) => isDisabled(control(label)))).toEqual([true, true, true]);
    expect(container.querySelector('.product-card__delete')).toBeNull();
  });
});

describe('ProductCard: the price type (spec 1 §5)', () => {
  it('rule: the options are the visible type-11 fields', () => {
    expect(card().options('Price type')).toEqual(['Retail price', 'Wholesale price']);
  });

  it('choosing another reports its code', () => {
    const { control, container, onPriceFieldChange } = card();
    click(control('Price type'));
    click(all(container, '[role="option"]').find((el) => el.textContent?.includes('Wholesale')) as HTMLElement);
    expect(onPriceFieldChange).toHaveBeenCalledExactlyOnceWith(11, 'wholesale');
  });
});

describe('ProductCard: the count (spec 1 §5 count cap)', () => {
  it('rule: a count above the available count is capped, shown capped and explained', () => {
    const { control, onCountChange, container } = card();
    const count = control('Quantity, pcs') as HTMLInputElement;
    typeInto(count, '40');
    expect(onCountChange).toHaveBeenCalledExactlyOnceWith(11, 5);
    expect(count.value).toBe('5');
    expect(container.textContent).toContain('Only 5 available: the quantity was lowered');
  });

  it('every keystroke within the cap is passed on at once', () => {
    const { control, onCountChange } = card();
    const count = control('Quantity, pcs') as HTMLInputElement;
    typeInto(count, '3');
    typeInto(count, '4');
    expect(onCountChange.mock.calls).toEqual([[11, 3], [11, 4]]);
  });

  it('no quantity (empty, zero) is flagged, not passed on, and put back on leaving the field', () => {
    const { control, onCountChange, container } = card();
    const count = control('Quantity, pcs') as HTMLInputElement;
    typeInto(count, '0');
    expect(count.getAttribute('aria-invalid')).toBe('true');
    expect(container.textContent).toContain('Enter a quantity above zero');
    blur(count);
    expect([count.value, onCountChange.mock.calls.length]).toEqual(['2', 0]);
  });

  it('services (no available count) have no cap', () => {
    const { control, onCountChange } = card({ position: position({ type: 'service', available: null, warehouse_name: null }) });
    typeInto(control('Quantity, pcs') as HTMLInputElement, '400');
    expect(onCountChange).toHaveBeenCalledExactlyOnceWith(11, 400);
  });
});

describe('ProductCard: stock (staff see the counts; the public order page shows none, issue 12)', () => {
  it('rule: a card says what the position holds and how much is available', () => {
    const staff = card({ position: position({ reserved: 2, written_off: 1 }) });
    expect(staff.container.textContent).toContain('Reserved: 2');
    expect(staff.container.textContent).toContain('At most 5 available');
  });

});

describe('ProductCard: images (spec 1 §5)', () => {
  it('rule: the carousel holds the list of the visible type-15 field', () => {
    const { container } = card();
    expect(all<HTMLImageElement>(container, '.ui-carousel__slide img').map((img) => img.getAttribute('src'))).toEqual(['/demo/images/1.svg', '/demo/images/2.svg']);
    expect(get(container, '.ui-carousel__counter').textContent).toContain('1 / 2');
  });

  it('no images, no carousel', () => {
    const { container } = card({ position: position({ fields: { brand: 'Makita' } }) });
    expect(container.querySelector('.ui-carousel')).toBeNull();
  });
});

describe('ProductCard: loading and size (spec 1 §2, §4)', () => {
  it('shows a loading placeholder until the category field properties are loaded', () => {
    const { root, container } = card({ categories: null });
    expect(root().getAttribute('aria-busy')).toBe('true');
    expect(get(container, '[role="status"]').textContent).toBe('Loading…');
    expect(container.querySelector('input')).toBeNull();
  });

  it('rule: at most 700px high (the capped class, whose rule caps it at 700px)', () => {
    expect(card().root().classList.contains('product-card--capped')).toBe(true);
    // happy-dom lays nothing out, so the height is read from the stylesheet the card ships with.
    const capped = /\.product-card--capped\s*\{([^}]*)\}/.exec(readFileSync(resolve(__dirname, '../../src/ui/productCard.css'), 'utf8'));
    expect(capped?.[1]).toMatch(/max-height:\s*700px;[\s\S]*overflow:\s*auto;/);
  });
});

describe('ProductCard: delete', () => {
  it("asks 'Are you sure you want to delete it?' before deleting", () => {
    const { container, onDelete } = card();
    click(get(container, 'button[aria-label="Delete Cordless drill 1"]'));
    expect(container.textContent).toContain('Are you sure you want to delete it?');
    click(all(container, 'button').find((button) => button.textContent === 'No') as HTMLElement);
    expect(onDelete).not.toHaveBeenCalled();
    click(get(container, 'button[aria-label="Delete Cordless drill 1"]'));
    click(all(container, 'button').find((button) => button.textContent === 'Yes') as HTMLElement);
    expect(onDelete).toHaveBeenCalledExactlyOnceWith(11);
  });
});

describe('ProductCard: list layout', () => {
  it('one compact row: no carousel and no field rows, the position sum shown', () => {
    const { container } = card({ layout: 'list' });
    expect([container.querySelector('.ui-carousel'), container.querySelector('.product-card__fields')]).toEqual([null, null]);
    expect(get(container, '.product-card__sum').textContent).toBe('Sum: 2,400.00\u00a0₽');
  });
});

describe('ProductCard: line total (issue 19 §2)', () => {
  it('rule: a card shows its line total, price × count, with the currency sign', () => {
    const { container } = card();
    expect(get(container, '.product-card__sum').textContent).toBe('Sum: 2,400.00\u00a0₽');
  });
});

import { coerceFieldValue, FieldType } from '../../../../src/domain/fieldTypes';
import { t } from '../../../../src/i18n';
import { Checkbox } from '../../../../src/ui/Checkbox';
import { DecimalInput } from '../../../../src/ui/DecimalInput';
import { TextInput } from '../../../../src/ui/TextInput';
import { PRICE_LIMIT } from './draft';

/** One price type (type-11 field): cost, currency and the VAT settings (used, included, percent, manager may change). */
export function PriceControl(props: { name: string; value: unknown; currency: string; disabled: boolean; error?: string; onChange: (value: unknown) => void }) {
  const price = coerceFieldValue(FieldType.price, props.value, { currency: props.currency });
  const set = (patch: Partial<typeof price>) => props.onChange({ ...price, ...patch });
  return (
    <fieldset className="product-editor__price">
      <legend>{props.name}</legend>
      <DecimalInput label={t('stock.editor.cost')} min={0} max={PRICE_LIMIT} value={price.cost} disabled={props.disabled} error={props.error} onChange={(cost) => set({ cost })} />
      <TextInput label={t('stock.editor.currency')} maxLength={3} value={price.currency} disabled={props.disabled} onChange={(currency) => set({ currency: currency.toUpperCase() })} />
      <Checkbox label={t('stock.editor.vatUsed')} value={price.is_nds} disabled={props.disabled} onChange={(is_nds) => set({ is_nds })} />
      <Checkbox label={t('stock.editor.vatIncluded')} value={price.is_price_include_nds} disabled={props.disabled} onChange={(is_price_include_nds) => set({ is_price_include_nds })} />
      <DecimalInput label={t('stock.editor.vatPercent')} min={0} max={100} value={price.nds} disabled={props.disabled} onChange={(nds) => set({ nds })} />
      <Checkbox
        label={t('stock.editor.managerCanChange')}
        value={price.is_manager_can_change_nds}
        disabled={props.disabled}
        onChange={(is_manager_can_change_nds) => set({ is_manager_can_change_nds })}
      />
    </fieldset>
  );
}

import { useEffect, useState } from 'react';
import type { FieldDefinition } from '../../../../src/contract/catalogue';
import type { ComparisonMode } from '../../../../src/contract/integrationSync';
import type { Warehouse } from '../../../../src/contract/stock';
import { FieldType } from '../../../../src/domain/fieldTypes';
import { t, type MessageKey } from '../../../../src/i18n';
import { getSeenInExchange, listOurWarehouses, listProductFields, type SeenInExchange } from './api';
import { useOneCSettings } from './state';

const COMPARISONS: { mode: ComparisonMode; label: MessageKey }[] = [
  { mode: 'none', label: 'integrations.onec.comparisonNone' },
  { mode: 'name', label: 'integrations.duplicateByName' },
  { mode: 'name_article', label: 'integrations.duplicateByNameArticle' },
];

/** Product synchronization: 1C warehouses → ours, 1C price types → our price fields (and the sale price), the comparison. */
export function OneCSync() {
  const { settings, save } = useOneCSettings();
  const [seen, setSeen] = useState<SeenInExchange | null>(null);
  const [warehouses, setWarehouses] = useState<Warehouse[]>([]);
  const [prices, setPrices] = useState<FieldDefinition[]>([]);
  useEffect(() => {
    void getSeenInExchange().then((answer) => answer.ok && setSeen(answer.data));
    void listOurWarehouses().then((answer) => answer.ok && setWarehouses(answer.data));
    void listProductFields().then((answer) => answer.ok && setPrices(answer.data.filter((field) => field.type === FieldType.price)));
  }, []);
  if (!settings || !seen) return null;
  const mapWarehouse = (id: string, value: string) => {
    const next = { ...settings.warehouses };
    if (value) next[id] = Number(value);
    else delete next[id];
    void save({ warehouses: next });
  };
  const mapPrice = (id: string, value: string) => {
    const next = { ...settings.prices };
    if (value) next[id] = value;
    else delete next[id];
    void save({ prices: next });
  };
  return (
    <div className="onec-panel">
      <h2>{t('integrations.onec.warehousesTitle')}</h2>
      <p>{t('integrations.onec.warehousesExplained')}</p>
      {seen.warehouses.length === 0 ? <p>{t('integrations.onec.nothingSeen')}</p> : null}
      {seen.warehouses.length > 0 ? (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('integrations.onec.onecWarehouse')}</th>
              <th scope="col">{t('integrations.onec.ourWarehouse')}</th>
            </tr>
          </thead>
          <tbody>
            {seen.warehouses.map((store) => (
              <tr key={store.id}>
                <th scope="row">{store.name}</th>
                <td>
                  <select aria-label={`${t('integrations.onec.ourWarehouse')}: ${store.name}`} value={settings.warehouses[store.id] ?? ''} onChange={(event) => mapWarehouse(store.id, event.target.value)}>
                    <option value="">{t('integrations.onec.notMapped')}</option>
                    {warehouses.map((warehouse) => (
                      <option key={warehouse.id} value={warehouse.id}>
                        {warehouse.name}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <h2>{t('integrations.onec.pricesTitle')}</h2>
      <p>{t('integrations.onec.pricesExplained')}</p>
      {seen.price_types.length === 0 ? <p>{t('integrations.onec.nothingSeen')}</p> : null}
      {seen.price_types.length > 0 ? (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('integrations.onec.onecPriceType')}</th>
              <th scope="col">{t('integrations.onec.ourPrice')}</th>
              <th scope="col">{t('integrations.onec.salePrice')}</th>
            </tr>
          </thead>
          <tbody>
            {seen.price_types.map((type) => (
              <tr key={type.id}>
                <th scope="row">{type.name}</th>
                <td>
                  <select aria-label={`${t('integrations.onec.ourPrice')}: ${type.name}`} value={settings.prices[type.id] ?? ''} onChange={(event) => mapPrice(type.id, event.target.value)}>
                    <option value="">{t('integrations.onec.notMapped')}</option>
                    {prices.map((field) => (
                      <option key={field.code} value={field.code}>
                        {field.name}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <input
                    type="radio"
                    name="onec-sale-price"
                    aria-label={`${t('integrations.onec.salePrice')}: ${type.name}`}
                    checked={settings.sale_price_type === type.id}
                    onChange={() => void save({ sale_price_type: type.id })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <h2>{t('integrations.onec.comparisonTitle')}</h2>
      <label>
        {t('integrations.onec.comparisonLabel')}
        <select value={settings.comparison} onChange={(event) => void save({ comparison: event.target.value as ComparisonMode })}>
          {COMPARISONS.map((each) => (
            <option key={each.mode} value={each.mode}>
              {t(each.label)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

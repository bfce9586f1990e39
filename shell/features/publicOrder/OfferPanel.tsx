import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { PublicProduct } from '../../../src/contract/publicOrder';
import { t } from '../../../src/i18n';
import { formatMoney } from '../../../src/i18n/money';
import { $offer, addOfferedProduct, searchOffer } from './orderPage';

/** Typing in the search asks the server once the typing pauses this long. */
const SEARCH_PAUSE_MS = 300;

/** Adding products: the ones the customer's scenario offers them (spec 2 §9), searched by name or article; availability only, no counts. */
export function OfferPanel({ busy }: { busy: boolean }) {
  const offer = useStore($offer);
  const [search, setSearch] = useState(offer.search);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    void searchOffer('');
    return () => clearTimeout(timer.current);
  }, []);

  function type(value: string) {
    setSearch(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void searchOffer(value), SEARCH_PAUSE_MS);
  }

  return (
    <section className="po-section po-offer" aria-labelledby="po-offer-title" aria-busy={offer.status === 'loading'}>
      <h2 id="po-offer-title">{t('publicOrder.page.addTitle')}</h2>
      <div className="public-search" role="search">
        <label htmlFor="po-offer-search" className="ui-visually-hidden">
          {t('publicOrder.page.searchLabel')}
        </label>
        <input id="po-offer-search" type="search" value={search} placeholder={t('publicOrder.page.searchLabel')} onChange={(event) => type(event.currentTarget.value)} />
      </div>
      {offer.status === 'failed' ? (
        <p role="alert">{t('publicOrder.page.offerFailed')}</p>
      ) : offer.status === 'ready' && offer.products.length === 0 ? (
        <p role="status">{t('publicOrder.page.nothingOffered')}</p>
      ) : (
        <ul className="po-offer__list">
          {offer.products.map((product) => (
            <OfferedProduct key={product.id} product={product} busy={busy} />
          ))}
        </ul>
      )}
    </section>
  );
}

function OfferedProduct({ product, busy }: { product: PublicProduct; busy: boolean }) {
  const inStock = product.availability !== 'on_order';
  return (
    <li className="po-offer__item">
      <span className="po-line__what">
        <span className="po-line__name">{product.name}</span>
        {product.article ? <span className="po-line__article">{t('publicOrder.page.article', { article: product.article })}</span> : null}
        {product.availability !== null ? (
          <span className={`po-availability po-availability--${inStock ? 'in' : 'out'}`}>{t(inStock ? 'publicOrder.page.inStock' : 'publicOrder.page.onOrder')}</span>
        ) : null}
      </span>
      <span className="po-line__price">{formatMoney(product.price, product.currency)}</span>
      <button type="button" className="shell-button" disabled={busy} aria-label={t('publicOrder.page.addNamed', { name: product.name })} onClick={() => void addOfferedProduct(product)}>
        {t('publicOrder.page.add')}
      </button>
    </li>
  );
}

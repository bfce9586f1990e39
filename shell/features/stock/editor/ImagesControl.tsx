import { useEffect, useId, useState } from 'react';
import type { Product } from '../../../../src/contract/stock';
import { t } from '../../../../src/i18n';
import { deleteImage, getImage, reorderImages, uploadImage } from './editorApi';
import { moved, storedImages } from './imageOrder';

const THUMB = 160;

/** One thumbnail (size m), fetched with the session (images are the account's own, so no bare URL serves them). */
function Thumbnail({ id, width, height, alt }: { id: number; width: number; height: number; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    void getImage(id, 'm').then((result) => {
      if (!live || !result.ok) return;
      url = URL.createObjectURL(result.data.blob);
      setSrc(url);
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  // The m size is at most 300 px: the box keeps the thumbnail at 160 CSS px (sharp on a dense screen).
  const scale = Math.min(1, THUMB / Math.max(width, height, 1));
  return src ? <img src={src} alt={alt} width={Math.round(width * scale)} height={Math.round(height * scale)} /> : null;
}

/**
 * A type-15 field: upload (image files only; the server checks the bytes and the 5 MB limit and its refusal is
 * shown as a notification), move earlier or later, delete. Each change answers the product's new version.
 */
export function ImagesControl(props: {
  product: Product | null;
  field: { code: string; name: string };
  disabled: boolean;
  onProduct: (product: Product) => void;
  /** The product changed since it was loaded (409): the editor offers to reload, as after a stale save. */
  onStale: () => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const { product, field } = props;
  const images = storedImages(product?.values[field.code]);
  const run = async (call: () => Promise<{ ok: true; data: Product } | { ok: false; status: number }>) => {
    setBusy(true);
    const result = await call();
    setBusy(false);
    if (result.ok) props.onProduct(result.data);
    else if (result.status === 409) props.onStale();
  };
  const version = product?.updated_at;
  return (
    <fieldset className="product-editor__images">
      <legend>{field.name}</legend>
      {!product && <p>{t('stock.editor.imagesAfterSave')}</p>}
      <ol>
        {images.map((image, index) => (
          <li key={image.id}>
            <Thumbnail id={image.id} width={image.width} height={image.height} alt={t('stock.editor.imageAlt', { n: index + 1 })} />
            {!props.disabled && product && (
              <span>
                <button type="button" disabled={busy || index === 0} aria-label={t('stock.editor.imageEarlier', { n: index + 1 })} onClick={() => void run(() => reorderImages({ product_id: product.id, field: field.code, ids: moved(images.map((each) => each.id), index, -1), updated_at: version }))}>
                  ↑
                </button>
                <button
                  type="button"
                  disabled={busy || index === images.length - 1}
                  aria-label={t('stock.editor.imageLater', { n: index + 1 })}
                  onClick={() => void run(() => reorderImages({ product_id: product.id, field: field.code, ids: moved(images.map((each) => each.id), index, 1), updated_at: version }))}
                >
                  ↓
                </button>
                <button type="button" disabled={busy} aria-label={t('stock.editor.imageDelete', { n: index + 1 })} onClick={() => void run(() => deleteImage({ id: image.id, updated_at: version }))}>
                  ×
                </button>
              </span>
            )}
          </li>
        ))}
      </ol>
      {!props.disabled && product && (
        <div>
          <label htmlFor={`${id}-upload`}>{t('stock.editor.imageUpload')}</label>
          <input
            id={`${id}-upload`}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void run(() => uploadImage(product.id, field.code, file, version));
            }}
          />
        </div>
      )}
    </fieldset>
  );
}

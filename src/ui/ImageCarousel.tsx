import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { t } from '../i18n';

/** A loading indicator gives up after this long (spec 1 §4). */
export const CAROUSEL_LOADING_TIMEOUT_MS = 5000;

export type CarouselPreviewSize = 'm' | 'l' | 'f';
export type CarouselFloat = 'left' | 'right';

export interface ImageCarouselProps {
  label: string;
  images: readonly string[];
  /** Size of the preview shown on hover: medium, large or full screen. */
  preview?: CarouselPreviewSize;
  float?: CarouselFloat;
  disabled?: boolean;
  className?: string;
}

type ImageState = 'loading' | 'loaded' | 'failed' | 'timedOut';

/** Previous/next with a 1 / N counter, wrapping at both ends; hover (or Enter) shows a preview. */
export function ImageCarousel(props: ImageCarouselProps) {
  const { images, disabled = false } = props;
  const size = props.preview ?? 'm';
  const total = images.length;
  const autoId = useId();
  const previewId = `ui-carousel-${autoId}-preview`;
  const [index, setIndex] = useState(0);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [states, setStates] = useState<Record<string, ImageState>>({});
  const current = total > 0 ? Math.min(index, total - 1) : 0;
  const imagesKey = images.join('\n');

  // Each image gets its own indicator; whichever have not loaded after the timeout stop spinning.
  useEffect(() => {
    const sources = imagesKey ? imagesKey.split('\n') : [];
    setStates((old) => Object.fromEntries(sources.map((src) => [src, old[src] ?? 'loading'])));
    const timer = setTimeout(() => {
      setStates((old) => {
        const next = { ...old };
        for (const src of sources) if (next[src] === 'loading') next[src] = 'timedOut';
        return next;
      });
    }, CAROUSEL_LOADING_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [imagesKey]);

  const mark = (src: string, state: ImageState) => setStates((old) => (old[src] === state ? old : { ...old, [src]: state }));

  const go = (step: 1 | -1) => {
    if (disabled || total < 2) return;
    setIndex((current + step + total) % total);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    } else if (event.key === 'Escape' && previewOpen) {
      event.stopPropagation();
      setPreviewOpen(false);
    }
  };

  const classes = ['ui-carousel', `ui-carousel--preview-${size}`];
  if (props.float) classes.push(`ui-carousel--float-${props.float}`);
  if (disabled) classes.push('ui-carousel--disabled');
  if (props.className) classes.push(props.className);
  const src = images[current];
  const alt = (position: number) => t('controls.imageCounter', { index: position + 1, total });
  const navDisabled = disabled || total < 2;

  return (
    <section className={classes.join(' ')} aria-roledescription={t('controls.carousel')} aria-label={props.label} onKeyDown={onKeyDown}>
      <div
        className="ui-carousel__stage"
        onMouseEnter={() => total > 0 && setPreviewOpen(true)}
        onMouseLeave={() => setPreviewOpen(false)}
      >
        {images.map((image, position) => {
          const state = states[image] ?? 'loading';
          return (
            <figure key={`${position}-${image}`} className="ui-carousel__slide" hidden={position !== current} aria-roledescription={t('controls.slide')}>
              <img
                className="ui-carousel__image"
                src={image}
                alt={alt(position)}
                onLoad={() => mark(image, 'loaded')}
                onError={() => mark(image, 'failed')}
              />
              {state === 'loading' ? (
                <span className="ui-carousel__loading" role="status">
                  <span className="ui-spinner" aria-hidden="true" />
                  <span className="ui-visually-hidden">{t('controls.imageLoading')}</span>
                </span>
              ) : null}
              {state === 'failed' ? <span className="ui-carousel__failed">{t('controls.imageFailed')}</span> : null}
            </figure>
          );
        })}
        {total > 0 ? (
          <button
            type="button"
            className="ui-carousel__preview-toggle"
            aria-label={t('controls.preview')}
            aria-expanded={previewOpen}
            aria-controls={previewOpen ? previewId : undefined}
            onClick={() => setPreviewOpen((open) => !open)}
          />
        ) : null}
        {previewOpen && src !== undefined ? (
          <div
            id={previewId}
            className={`ui-carousel__preview ui-carousel__preview--${size}`}
            onClick={() => setPreviewOpen(false)}
          >
            <img className="ui-carousel__preview-image" src={src} alt={alt(current)} />
          </div>
        ) : null}
      </div>
      <div className="ui-carousel__controls">
        <button type="button" className="ui-carousel__prev" aria-label={t('controls.previous')} disabled={navDisabled} onClick={() => go(-1)}>
          <span aria-hidden="true">‹</span>
        </button>
        <span className="ui-carousel__counter" aria-live="polite" aria-atomic="true">
          <span aria-hidden="true">{total > 0 ? `${current + 1} / ${total}` : '0 / 0'}</span>
          <span className="ui-visually-hidden">{total > 0 ? alt(current) : ''}</span>
        </span>
        <button type="button" className="ui-carousel__next" aria-label={t('controls.next')} disabled={navDisabled} onClick={() => go(1)}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </section>
  );
}

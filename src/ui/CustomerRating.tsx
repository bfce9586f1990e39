import { useId } from 'react';
import { scaleColor } from '../domain/colorScale';
import { t } from '../i18n';
import styles from './customers.css?raw';
import { adoptStyles } from './adoptStyles';

adoptStyles(styles);

/** Ratings run 0 (none) to max (5); seeded or imported values above max count as max. */
const clampRating = (value: number, max: number) => Math.min(Math.max(Math.round(Number(value) || 0), 0), max);

/** The 0–100 score of a rating, for the colour scale (spec 1 §9: green from 50). */
export const ratingScore = (value: number, max: number) => (clampRating(value, max) / max) * 100;

export interface CustomerRatingBadgeProps {
  value: number;
  max: number;
}

/** Stars coloured red to green by the score; read out as 'Rating 3 of 5'. */
export function CustomerRatingBadge({ value, max }: CustomerRatingBadgeProps) {
  const stars = clampRating(value, max);
  const label = stars === 0 ? t('clients.noRating') : t('clients.ratingValue', { value: stars, max });
  return (
    <span
      className={`customer-rating${stars === 0 ? ' customer-rating--none' : ''}`}
      role="img"
      aria-label={`${t('clients.rating')}: ${label}`}
      title={label}
      // No rating is not a bad one: it gets no colour of the scale.
      style={stars === 0 ? undefined : { ['--rating-color' as string]: scaleColor(ratingScore(value, max)) }}
    >
      <span className="customer-rating__dot" aria-hidden="true" />
      <span className="customer-rating__stars" aria-hidden="true">
        {'★'.repeat(stars)}
        <span className="customer-rating__rest">{'☆'.repeat(max - stars)}</span>
      </span>
    </span>
  );
}

export interface CustomerRatingInputProps {
  value: number;
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}

/** A rating chosen with radio buttons (arrow keys move between them): none, then 1 to max stars. */
export function CustomerRatingInput({ value, max, onChange, disabled }: CustomerRatingInputProps) {
  const name = useId();
  const chosen = clampRating(value, max);
  return (
    <fieldset className="customer-rating-input ui-field" disabled={disabled}>
      <legend className="ui-field__label">{t('clients.rating')}</legend>
      <div className="customer-rating-input__choices" style={{ ['--rating-color' as string]: scaleColor(ratingScore(chosen, max)) }}>
        {Array.from({ length: max + 1 }, (_, stars) => (
          <label key={stars} className={`customer-rating-input__choice${stars > 0 && stars <= chosen ? ' is-on' : ''}${stars === 0 ? ' is-none' : ''}`}>
            <input type="radio" name={name} value={stars} checked={stars === chosen} onChange={() => onChange(stars)} className="ui-visually-hidden" />
            <span aria-hidden="true">{stars === 0 ? '∅' : '★'}</span>
            <span className="ui-visually-hidden">{stars === 0 ? t('clients.noRating') : t('clients.ratingValue', { value: stars, max })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

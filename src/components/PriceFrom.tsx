import type { Price } from '../site-content/model';

/** '£85' or '£92.50'. */
const pounds = (value: number) => `£${Number.isInteger(value) ? value : value.toFixed(2)}`;

/** 'From £85 (plus VAT)': the price in one line of text, for a tile or a form's hint. */
export const priceFromText = (price: Price) =>
  `From ${pounds(price.from)} ${price.vatIncluded ? '(VAT included)' : '(plus VAT)'}`;

/** The owner's "from £X" for a service, saying whether VAT is included; nothing when not set. */
export function PriceFrom({ price, className }: { price: Price | undefined; className?: string }) {
  if (!price) return null;
  return (
    <p className={className ?? 'price-from'}>
      From <strong>{pounds(price.from)}</strong>
      {price.vatIncluded ? ' (VAT included)' : ' (plus VAT)'}
    </p>
  );
}

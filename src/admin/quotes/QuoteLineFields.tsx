import { VAT_RATE_LABELS, VAT_RATES } from '../../rules/money';
import { LINE_KIND_LABELS, LINE_KINDS } from '../../rules/money-lines';
import { QUOTE_LIMITS } from '../../rules/quote-form';

/**
 * One line of the quote editor (and the invoice editor): its fields named `line.N.field`, each
 * labelled, stacked on a phone. `choices` offers the quote's optional lines and alternatives (an
 * invoice bills what was done, so it has none).
 */
export function QuoteLineFields({
  index,
  values,
  vatRegistered,
  choices = true,
}: {
  index: number;
  values: Record<string, string>;
  vatRegistered: boolean;
  choices?: boolean;
}) {
  const name = (field: string) => `line.${index}.${field}`;
  const id = (field: string) => `line-${index}-${field}`;
  const rates = vatRegistered ? VAT_RATES.filter((rate) => rate !== 'none') : (['none'] as const);
  return (
    <fieldset className="quote-line">
      <legend className="lead-form__label">Line {index + 1}</legend>
      <label className="lead-form__label" htmlFor={id('description')}>
        Description
      </label>
      <textarea
        id={id('description')}
        name={name('description')}
        rows={2}
        maxLength={QUOTE_LIMITS.lineText}
        className="lead-form__input"
        defaultValue={values.description ?? ''}
      />
      <div className="quote-line__row">
        <span>
          <label className="lead-form__label" htmlFor={id('kind')}>
            Kind
          </label>
          <select id={id('kind')} name={name('kind')} defaultValue={values.kind ?? 'labour'} className="lead-form__input">
            {LINE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {LINE_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </span>
        <span>
          <label className="lead-form__label" htmlFor={id('quantity')}>
            Quantity
          </label>
          <input
            id={id('quantity')}
            name={name('quantity')}
            inputMode="decimal"
            className="lead-form__input"
            defaultValue={values.quantity ?? '1'}
          />
        </span>
        <span>
          <label className="lead-form__label" htmlFor={id('price')}>
            Unit price £{vatRegistered ? ' (before VAT)' : ''}
          </label>
          <input
            id={id('price')}
            name={name('price')}
            inputMode="decimal"
            className="lead-form__input"
            defaultValue={values.price ?? ''}
          />
        </span>
        <span>
          <label className="lead-form__label" htmlFor={id('vat')}>
            VAT
          </label>
          <select id={id('vat')} name={name('vat')} defaultValue={values.vat ?? rates[0]} className="lead-form__input">
            {rates.map((rate) => (
              <option key={rate} value={rate}>
                {VAT_RATE_LABELS[rate]}
              </option>
            ))}
          </select>
        </span>
      </div>
      {choices && (
        <div className="quote-line__row">
          <label className="quote-line__check">
            <input type="checkbox" name={name('optional')} defaultChecked={(values.optional ?? '') !== ''} /> Optional (the
            customer ticks it)
          </label>
          <span>
            <label className="lead-form__label" htmlFor={id('group')}>
              Alternative group (lines sharing one: the customer picks one)
            </label>
            <input
              id={id('group')}
              name={name('group')}
              maxLength={20}
              className="lead-form__input"
              defaultValue={values.group ?? ''}
            />
          </span>
        </div>
      )}
    </fieldset>
  );
}

import QuoteRequestForm from '../../../client/islands/QuoteRequestForm';
import { isServiceSlug } from '../../content/service-slugs';
import { emptyFormState, type FormState } from '../../leads/form-state';
import { useContent } from '../../site-content/context';
import { Island } from '../Island';
import { priceFromText } from '../PriceFrom';
import { AttributionField } from './AttributionField';
import { useSentFacts } from './sent-facts';
import { TurnstileScript } from './TurnstileScript';

/**
 * The free-quote form as an island (see ContactFormBlock). `service` (from ?service=) is
 * preselected when it is one of the 12 slugs; the visitor's own choice wins after an error.
 * `attribution` as in ContactFormBlock.
 */
export function QuoteRequestFormBlock({
  state = emptyFormState,
  service,
  attribution,
}: {
  state?: FormState;
  service?: string;
  attribution?: string;
}) {
  const { services, prices } = useContent();
  // The owner's price shows under the service chosen; the island gets it as words, not the price model.
  const serviceOptions = services.map(({ slug, title }) => {
    const price = prices[slug];
    return price ? { slug, title, price: priceFromText(price) } : { slug, title };
  });
  const preselected = service && isServiceSlug(service) ? service : undefined;
  return (
    <>
      <Island
        name="QuoteRequestForm"
        component={QuoteRequestForm}
        props={{ state, service: preselected, services: serviceOptions, facts: useSentFacts(state) }}
        start={state.turnstileSiteKey ? 'near' : 'interaction'}
      />
      <AttributionField form="quote" value={attribution} />
      {state.turnstileSiteKey && <TurnstileScript />}
    </>
  );
}

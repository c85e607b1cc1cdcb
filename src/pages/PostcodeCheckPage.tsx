import { buttonClass } from '../components/button';
import { CallButton } from '../components/CallButton';
import { PageHero } from '../components/PageHero';
import { PostcodeCheckForm } from '../components/PostcodeCheckForm';
import { byLine } from '../content/line-wording';
import { POSTCODE_CHECK_PATH } from '../http/paths';
import { carriedPostcode } from '../leads/area-check';
import type { PageMeta } from '../render/meta';
import { useContent } from '../site-content/context';
import type { ContentView } from '../site-content/view';

/** What "Do we cover you?" found in what was typed; `district` is the district, or the place served typed by name. */
export type PostcodeAnswer = { kind: 'covered' | 'outside'; district: string } | { kind: 'empty' } | { kind: 'not-a-postcode' };

/** Each answer's heading: the one line a visitor reads first. */
function answerHeading(answer: PostcodeAnswer): string {
  switch (answer.kind) {
    case 'covered':
      return `Yes, we cover ${answer.district}`;
    case 'outside':
      return `${answer.district} is outside our usual area`;
    case 'empty':
      return 'Please type a postcode';
    case 'not-a-postcode':
      return 'That is not a UK postcode';
  }
}

export const postcodeCheckMeta = ({ site }: ContentView, answer: PostcodeAnswer): PageMeta => ({
  title: `Do we cover you? ${answerHeading(answer)} | ${site.shortName}`,
  description: `Whether ${site.shortName} covers your postcode: ${site.serviceAreaSummary}.`,
  path: POSTCODE_CHECK_PATH,
  // One page per thing typed: nothing here for a search engine.
  noindex: true,
});

/**
 * A form with the postcode just typed, and the service when the check was made on its page:
 * the contact form (both written into the message) or that service's quote form.
 */
function carryInto(form: '/contact' | '/free-quote', typed: string, service?: string): string {
  const query = new URLSearchParams();
  if (service) query.set('service', service);
  const postcode = carriedPostcode(typed);
  if (postcode) query.set('postcode', postcode);
  const search = query.toString();
  return search ? `${form}?${search}` : form;
}

function AnswerText({ answer, typed, service }: { answer: PostcodeAnswer; typed: string; service?: string }) {
  const { site } = useContent();
  switch (answer.kind) {
    case 'covered':
      return (
        <>
          <p>{`${answer.district} is in the area our engineers cover${byLine(site.line, ', 24 hours a day', '')}. For a blocked drain right now, call us; for anything else, send us a message.`}</p>
          <p className="postcode-answer__actions">
            <CallButton />
            <a className={buttonClass('outline', 'lg')} href={carryInto('/contact', typed, service)}>
              Send a Message
            </a>
            {service && (
              <a className={buttonClass('accent', 'lg')} href={carryInto('/free-quote', typed, service)}>
                Get Your Quote
              </a>
            )}
          </p>
        </>
      );
    case 'outside':
      return (
        <>
          <p>{`We usually work in ${site.serviceAreaSummary}. Call us: we may still be able to help, or point you to someone who can.`}</p>
          <p className="postcode-answer__actions">
            <CallButton />
          </p>
        </>
      );
    case 'empty':
      return <p>Type the postcode of the property, for example BH6 3AA or just BH6, and press Check.</p>;
    case 'not-a-postcode':
      return (
        <>
          <p>
            A UK postcode looks like BH6 3AA, or its first part alone (BH6). Please check it and try again, or call us and tell us
            where you are.
          </p>
          <p className="postcode-answer__actions">
            <CallButton />
          </p>
        </>
      );
  }
}

/** The answer page of "Do we cover you?": the answer, a way on, and the form to try another. */
export function PostcodeCheckPage({ answer, typed, service }: { answer: PostcodeAnswer; typed: string; service?: string }) {
  const { areas } = useContent();
  return (
    <>
      <PageHero title="Do we cover you?" lead="Check a postcode against the areas our engineers cover." />
      <section className="section">
        <div className="container postcode-page">
          <div className={`postcode-answer postcode-answer--${answer.kind}`} role="status">
            <h2>{answerHeading(answer)}</h2>
            <AnswerText answer={answer} typed={typed} service={service} />
          </div>
          <PostcodeCheckForm id="postcode-again" value={typed} service={service} />
          <section aria-labelledby="postcode-areas">
            <h2 id="postcode-areas" className="postcode-page__areas-title">
              Areas we serve
            </h2>
            <p>{areas.places.join(', ')}.</p>
          </section>
        </div>
      </section>
    </>
  );
}

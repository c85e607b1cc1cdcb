import { PageHero } from '../components/PageHero';
import { EmailOrCall, PrivacyHandlers, PrivacyRights, PrivacyWhereFrom } from '../components/PrivacySections';
import { PRIVACY_PATH } from '../http/paths';
import type { PrivacyPageProps } from '../privacy/notice-props';
import type { PageMeta } from '../render/meta';
import { breadcrumbJsonLd } from '../seo/jsonld';
import { useSite } from '../site-content/context';
import type { ContentView } from '../site-content/view';

/** Change this, by hand, whenever the notice's wording changes. */
const LAST_UPDATED = { iso: '2026-11-25', display: '25 November 2026' } as const;

export const privacyMeta = (origin: string, { site }: ContentView): PageMeta => ({
  title: `Privacy Notice: How We Use Your Details | ${site.shortName}`,
  description: `What ${site.name} collects through its contact and quote forms, why, who handles it, how long it is kept, and your rights under UK data protection law.`,
  path: PRIVACY_PATH,
  keywords: ['privacy notice', 'UK GDPR', 'data protection', site.shortName],
  jsonLd: breadcrumbJsonLd(origin, [{ name: 'Privacy notice', path: PRIVACY_PATH }]),
});

/** "365 days (1 year)": the exact number the clean-up uses, with years when it is a whole number of them. */
const inDays = (days: number) => {
  const years = days % 365 === 0 ? days / 365 : 0;
  return years > 0 ? `${days} days (${years} year${years === 1 ? '' : 's'})` : `${days} days`;
};

/** /privacy: the UK GDPR privacy notice for the two forms, in plain English. */
export function PrivacyPage({ retention, spamCheck, mapTileHost }: PrivacyPageProps) {
  const site = useSite();
  const { address } = site;
  return (
    <>
      <PageHero title="Privacy Notice" lead="What we do with the details you send us, and the choices you have." />
      <div className="container post-layout">
        <div className="post-content privacy-notice">
          <p>
            Last updated <time dateTime={LAST_UPDATED.iso}>{LAST_UPDATED.display}</time>.
          </p>

          <h2>Who we are</h2>
          <p>
            {`${site.name}, based in ${address.locality}, ${address.town}, ${address.region}, is responsible for your details (the "controller"). `}
            To ask about them, e-mail <EmailOrCall />.
          </p>

          <h2>What we collect and why</h2>
          <p>
            On this website we collect what you type into one of our two forms, with a few facts your browser gives as you send
            it, and counts of taps on our contact links that say nothing about who tapped.
          </p>
          <h3>The contact form</h3>
          <p>
            Your name, e-mail address, phone number (if you give one), the best time to call you (if you choose one), your message
            and any photos you attach. We use them to answer your message, and for nothing else.
          </p>
          <h3>The free quote form</h3>
          <p>
            Your full name, e-mail address, phone number, the property's address, the service and the best time to call you
            choose, any details you add and any photos you attach. We use them to arrange the survey and prepare your quote; we
            check the postcode against the areas we cover.
          </p>
          <p>
            Photos are kept in private storage that only we can open, and are deleted with the rest of your enquiry. When your
            enquiry arrives we send one e-mail to the address you gave, to confirm we have it.
          </p>
          <h3>If we book a visit</h3>
          <p>
            We keep the booking (the day and arrival window), notes about the job (what was agreed, how to get in) and a record of
            each step with its time, with the rest of your enquiry. We e-mail you the booking with a calendar file and a private
            link to a page that shows it, where you can ask to rebook or cancel. The link carries no details about you; it stops
            working 30 days after the job is finished or closed.
          </p>
          <h3 id="quotes">If we send you a quote</h3>
          <p>
            A quote keeps your name, e-mail, phone and address as they were when we wrote it, with the work and prices. You see it
            on your private page, where we record when you first open it and what you answer. If you accept, we keep exactly what
            you accepted: the lines you chose, the totals, the terms, the name you typed, the time and, for a home customer,
            whether you asked us to start within the 14-day cancellation period, with a fingerprint (SHA-256) of that record
            printed on your copy so it can be checked later.
          </p>
          <h3 id="review-requests">Review requests</h3>
          <p>
            About two hours after we finish a job, we e-mail you once to ask for a review on Google, good or bad: we ask every
            customer the same way and never first ask whether you were happy. If you have not opened the review link five days
            later, we send one reminder, and that is the last. The link goes through our own website so that we can tell it was
            opened (nothing else about you). Every such e-mail has a link to stop them, which works at once; you can also reply to
            the e-mail or call us. We never send one if we did not do the job.
          </p>
          <PrivacyWhereFrom />
          <p>
            You do not have to send us anything, but without a way to reach you we cannot reply. We make no automated decisions
            about you, and we never use your details for marketing, sell them or pass them on except as below.
          </p>

          <h2>Our lawful basis</h2>
          <p>
            UK data protection law lets us use your details because you asked us to: for a quote, we are taking steps you
            requested before a possible contract; for a message, it is in our legitimate interests, and yours, that we answer what
            you asked.
          </p>

          <PrivacyHandlers spamCheck={spamCheck} mapTileHost={mapTileHost} />

          <h2>How long we keep it</h2>
          <p>Your details are deleted automatically:</p>
          <ul>
            <li>{`${inDays(retention.handledDays)} after we have marked your enquiry as dealt with (the job done, or not going ahead), or`}</li>
            <li>{`${inDays(retention.unhandledDays)} after it arrived, if it was never marked as dealt with.`}</li>
          </ul>
          <p>
            That leaves time for follow-up questions and any guarantee on our work. We also receive each enquiry by e-mail so that
            we can answer it, and we delete those e-mails on the same timetable.
          </p>
          <p>
            Quotes you did not accept are deleted with your enquiry. A quote you accepted, our invoices and credit notes, and the
            payments made against them are accounting records: we keep them, with the details on them (your name and address, what
            was done, what was paid, when and how), for six years after the end of the financial year they belong to, as HMRC
            requires, even if you ask us to erase the rest of your enquiry.
          </p>

          <h2>Cookies and tracking</h2>
          <p>
            This website sets no cookies for visitors, and it has no analytics or advertising scripts and nothing that follows you
            from page to page or visit to visit: what it learns about where enquiries come from is described above. The only
            cookie it ever sets is the sign-in cookie of our own staff page, which is strictly necessary, is set only when the
            owner signs in, and is never set for you.
          </p>

          <PrivacyRights />

          <h2>Changes to this notice</h2>
          <p>If we change how we use your details, we will update this page and the date at the top.</p>
        </div>
      </div>
    </>
  );
}

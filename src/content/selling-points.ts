import type { LineWords } from './line-wording';
import type { SellingPoint } from './types';

/** The four selling points of the home-page About section. */
export const sellingPoints = [
  {
    title: 'Local & Southbourne Based',
    desc: 'We live and work in the area we serve, so we know the local drains, soils and housing, from Victorian terraces in Boscombe to cottages in the New Forest.',
    icon: 'map-pin',
  },
  {
    title: '24/7 Fast Response',
    desc: 'Our phone is answered day and night, every day of the year, with an average emergency response of one hour across BCP and the New Forest.',
    icon: 'clock',
  },
  {
    title: 'Fixed Prices, No Call-out Charge',
    desc: 'There is no call-out charge on emergencies, and emergency drain jobs come with a clear fixed price agreed before any work starts.',
    icon: 'pound',
  },
  {
    title: 'Licensed, Insured & Guaranteed',
    desc: 'We are fully licensed and insured, and every job is 100% guaranteed, so you can trust the work long after we have gone.',
    icon: 'shield',
  },
] as const satisfies readonly SellingPoint[];

/** The selling points as the emergency line's hours allow: "24/7" only when it answers 24/7. */
export const sellingPointsFor = (line: LineWords): readonly SellingPoint[] =>
  line.allHours
    ? sellingPoints
    : sellingPoints.map((point) =>
        point.icon === 'clock'
          ? {
              ...point,
              title: 'Fast Response',
              desc: `Our phone is answered ${line.when}, with an average emergency response of one hour across BCP and the New Forest.`,
            }
          : point,
      );

/**
 * Two short paragraphs for the About section, plain text. The business's name and rating are the
 * owner's facts (the content revision), so they are filled in, never written here.
 */
export const aboutText = (site: { name: string; rating: { value: number; count: number }; line: Pick<LineWords, 'when'> }) => [
  `${site.name} is a local team based in Southbourne, unblocking, surveying and repairing drains across Bournemouth, Christchurch, Poole and the New Forest for more than 15 years. Over that time we have worked on everything from Victorian terraces and seaside holiday lets to busy restaurant kitchens and rural homes on private pumping stations.`,
  `We keep things simple: we answer the phone ${site.line.when}, turn up quickly, explain what we have found in plain English and agree the price before we start. More than ${site.rating.count} customers have rated us ${site.rating.value} out of 5, and every job we do is 100% guaranteed.`,
];

import { byTheLine } from './line-wording';
import type { Faq } from './types';

/** The 8 questions on /faq (also emitted as FAQPage structured data). Plain text only. */
export const faqs = [
  {
    question: 'Do you charge a call-out fee?',
    answer:
      "There is no call-out charge for emergencies. For emergency drain jobs we give you a clear fixed price once we've seen the problem and before any work starts, so you know exactly what you'll pay. For planned work such as surveys and repairs we quote up front.",
  },
  {
    question: 'How quickly can you get to me?',
    answer:
      'Our average emergency response is about an hour, and we aim to be with you within 1-2 hours anywhere in our area. Our engineers are based locally in Southbourne and spread across Bournemouth, Poole, Christchurch and the New Forest. When you call, we give you an honest arrival time.',
  },
  {
    question: byTheLine('Are you really available 24/7?', 'When can I call your emergency line?'),
    answer: byTheLine(
      'Yes. Our emergency line is answered 24 hours a day, 7 days a week, including weekends and bank holidays. Blocked drains and burst pipes do not wait for office hours, so neither do we.',
      'Our emergency line is answered {when}. Outside those hours, send us a message or request a call back and we will call you as soon as the line opens.',
    ),
  },
  {
    question: 'What is a CCTV drain survey and do I need one when buying a house?',
    answer:
      "A CCTV drain survey sends a small waterproof camera through your drains to record their condition, and you receive the footage with a written report. A standard mortgage valuation or building survey doesn't look inside the drains, so we recommend one for any older property, homes with large trees nearby, or where an extension has been built over a drain. Finding a problem before you exchange gives you the chance to negotiate on price or ask the seller to fix it.",
  },
  {
    question: 'Who is responsible for the drains at my property?',
    answer:
      "In England, since October 2011, you are generally responsible only for drains that serve your property alone and sit within your boundary. Pipes shared with neighbours and the lateral drain running from your boundary to the public sewer became the responsibility of the water company, which is Wessex Water across most of BCP and Southern Water in parts of the New Forest. If you're unsure who owns a blocked or broken pipe, we can survey it and tell you.",
  },
  {
    question: 'Should I have my drain relined or dug up?',
    answer:
      'Relining is usually quicker, cheaper and far less disruptive because it repairs the pipe from the inside through existing access points, with no trench across your garden or drive. It works well for cracks, open joints and root entry, as long as the pipe still holds its shape. If a pipe has collapsed, badly displaced or sunk, excavation is the better fix, and our CCTV survey will show you which applies.',
  },
  {
    question: 'What should I never flush or pour down the drain?',
    answer:
      'Only flush the three Ps: pee, poo and toilet paper. Wet wipes (even ones labelled flushable), cotton buds, nappies, sanitary products and kitchen roll cause most of the blockages we clear. In the kitchen, let fat, oil and grease cool and put them in the bin rather than down the sink, and use a sink strainer to catch food scraps.',
  },
  {
    question: 'Which areas do you cover?',
    answer:
      'We are based in Southbourne and cover Bournemouth, Christchurch, Poole and the New Forest, including Ringwood, Ferndown, Wimborne, New Milton, Highcliffe, Hinton, Lymington, Brockenhurst, Milford on Sea and Lyndhurst. If you are just outside these areas, give us a call and we will do our best to help.',
  },
] as const satisfies readonly Faq[];

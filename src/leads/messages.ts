/**
 * What a visitor reads after sending a form (docs/spec.md §8; the quote texts are ours). Shared by the
 * islands' toasts and the no-JavaScript confirmation page, so both say the same thing.
 */
export const SENT_MESSAGES = {
  contact: { title: 'Message Sent!', description: "Thank you for getting in touch. We'll get back to you shortly." },
  quote: {
    title: 'Quote Request Sent!',
    description: "Thank you for your request. We'll be in touch shortly with your free CCTV drain survey quote.",
  },
} as const;

export const SEND_FAILED_MESSAGE = {
  title: 'Uh oh! Something went wrong.',
  description: 'There was a problem sending your message. Please try again or call us.',
} as const;

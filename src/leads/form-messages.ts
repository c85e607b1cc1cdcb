/**
 * What a visitor reads about the whole form when a submission is not taken (field messages come
 * from the schemas), with the emergency number of the current content revision.
 */
export const formMessages = (emergencyPhone: string) => {
  const call = `call us on ${emergencyPhone}`;
  return {
    invalid: 'Please check the highlighted fields.',
    tooMany: `You have sent several messages in a short time. Please wait a minute and try again, or ${call}.`,
    notStored: `Sorry, we could not save your message just now. Please try again in a few minutes, or ${call}.`,
    sendAgain: 'Please check your details and send the form again.',
    challenge: 'Please complete the security check and send the form again.',
    tooLarge: `Your message is too long to send. Please shorten it, or ${call}.`,
    photosTooLarge: `Your photos are too large to send: at most 3, 10 MB each and 20 MB together. Please attach fewer or smaller photos, or ${call}.`,
  } as const;
};

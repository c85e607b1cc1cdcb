/**
 * The words the Consumer Contracts (Information, Cancellation and Additional Charges) Regulations
 * 2013 give a consumer who accepts a quote at a distance or after a visit at home: the
 * cancellation information (Schedule 3, Part A, for a contract for services) and the model
 * cancellation form (Part B). A business customer gets none of this. The express request to start
 * within the 14 days is asked in words that carry a version, recorded with the acceptance, so the
 * record says what the customer was asked.
 */

export const EXPRESS_START_WORDING_VERSION = 'express-start-1';

export const EXPRESS_START_QUESTION =
  'Do you want us to start the work within the 14-day cancellation period? If you do and then cancel, you pay for the work done up to then; once the work is finished you can no longer cancel.';

export interface Trader {
  name: string;
  address: string;
  phone: string;
  email: string;
}

/** Schedule 3, Part A: the model instructions for cancellation, for a contract for services. */
export function cancellationInformation(trader: Trader): string[] {
  return [
    'Right to cancel',
    'You have the right to cancel this contract within 14 days without giving any reason.',
    'The cancellation period will expire after 14 days from the day of the conclusion of the contract.',
    `To exercise the right to cancel, you must inform us (${trader.name}, ${trader.address}, ${trader.phone}, ${trader.email}) of your decision to cancel this contract by a clear statement (e.g. a letter sent by post or e-mail). You may use the attached model cancellation form, but it is not obligatory.`,
    'To meet the cancellation deadline, it is sufficient for you to send your communication concerning your exercise of the right to cancel before the cancellation period has expired.',
    'Effects of cancellation',
    'If you cancel this contract, we will reimburse to you all payments received from you.',
    'We will make the reimbursement without undue delay, and not later than 14 days after the day on which we are informed about your decision to cancel this contract.',
    'We will make the reimbursement using the same means of payment as you used for the initial transaction, unless you have expressly agreed otherwise; in any event, you will not incur any fees as a result of the reimbursement.',
    'If you requested to begin the performance of services during the cancellation period, you shall pay us an amount which is in proportion to what has been provided until you have communicated us your cancellation from this contract, in comparison with the full coverage of the contract.',
  ];
}

/** Schedule 3, Part B: the model cancellation form, with the trader's details filled in. */
export function modelCancellationForm(trader: Trader): string[] {
  return [
    'Model cancellation form',
    '(Complete and return this form only if you wish to withdraw from the contract)',
    `To ${trader.name}, ${trader.address}, ${trader.email}:`,
    'I/We [*] hereby give notice that I/We [*] cancel my/our [*] contract of sale of the following goods [*]/for the supply of the following service [*],',
    'Ordered on [*]/received on [*],',
    'Name of consumer(s),',
    'Address of consumer(s),',
    'Signature of consumer(s) (only if this form is notified on paper),',
    'Date',
    '[*] Delete as appropriate.',
  ];
}

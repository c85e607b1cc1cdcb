import { DEFAULT_YEAR_END } from '../rules/accounting-records';
import { DEFAULT_TERMS_DAYS } from '../rules/invoice-terms';
import type { Facts, InvoicingFacts } from './model';

/** The invoicing settings as saved, or the defaults where the facts predate them. */
export const DEFAULT_INVOICING: Required<InvoicingFacts> = {
  termsDays: DEFAULT_TERMS_DAYS,
  bankAccountName: '',
  sortCode: '',
  accountNumber: '',
  simplifiedInvoices: false,
  latePaymentInterest: false,
  baseRateBp: 400,
  yearEnd: DEFAULT_YEAR_END,
};

export const invoicingOf = (facts: Pick<Facts, 'invoicing'>): Required<InvoicingFacts> => ({
  ...DEFAULT_INVOICING,
  ...facts.invoicing,
});

/** The business is VAT-registered when the facts carry a VAT number (the fact quotes use too). */
export const vatRegisteredOf = (facts: Pick<Facts, 'vatNumber'>) => facts.vatNumber.trim() !== '';

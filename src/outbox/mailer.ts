import type { Bindings } from '../env';

/**
 * E-mail through the MailChannels Email API with a plain fetch. It never throws: the result
 * says whether the message was accepted and, if not, whether trying again later can help.
 */
export type SendResult = { ok: true } | { ok: false; retryable: boolean; reason: string };

interface Address {
  email: string;
  name?: string;
}

export interface OutgoingEmail {
  to: Address;
  from: Address;
  replyTo?: Address;
  subject: string;
  text: string;
  html: string;
  /** Files sent with it (a booking's .ics): base64 content. */
  attachments?: readonly { filename: string; type: string; content: string }[];
}

/**
 * The business as the sender of an e-mail to a customer: from our sending address under the
 * business's name, replies going to the business's own inbox.
 */
export const fromTheBusiness = (env: Pick<Bindings, 'LEADS_FROM_EMAIL'>, site: { name: string; email: { address: string } }) => ({
  from: { email: env.LEADS_FROM_EMAIL, name: site.name },
  replyTo: { email: site.email.address, name: site.name },
});

export interface MailerConfig {
  apiUrl: string;
  apiKey: string;
  timeoutMs: number;
  dkim?: { domain: string; selector: string; privateKey: string };
}

const DEFAULT_MAIL_TIMEOUT_MS = 8000;

/** Settings a test (or an operator) may add beside the declared bindings. */
type MailEnv = Bindings;

/** The mailer settings, or null when no API key is configured (local development). */
export function mailerConfig(env: MailEnv): MailerConfig | null {
  if (!env.MAILCHANNELS_API_KEY) return null;
  const timeout = Number(env.MAILCHANNELS_TIMEOUT_MS);
  const { DKIM_DOMAIN: domain, DKIM_SELECTOR: selector, DKIM_PRIVATE_KEY: privateKey } = env;
  return {
    apiUrl: (env.MAILCHANNELS_API_URL || 'https://api.mailchannels.net').replace(/\/+$/, ''),
    apiKey: env.MAILCHANNELS_API_KEY,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_MAIL_TIMEOUT_MS,
    ...(domain && selector && privateKey ? { dkim: { domain, selector, privateKey } } : {}),
  };
}

export function mailChannelsPayload(email: OutgoingEmail, config: Pick<MailerConfig, 'dkim'>) {
  const { dkim } = config;
  return {
    personalizations: [
      {
        to: [email.to],
        ...(dkim ? { dkim_domain: dkim.domain, dkim_selector: dkim.selector, dkim_private_key: dkim.privateKey } : {}),
      },
    ],
    from: email.from,
    ...(email.replyTo ? { reply_to: email.replyTo } : {}),
    subject: email.subject,
    content: [
      { type: 'text/plain', value: email.text },
      { type: 'text/html', value: email.html },
    ],
    ...(email.attachments?.length ? { attachments: email.attachments } : {}),
  };
}

export async function sendEmail(email: OutgoingEmail, config: MailerConfig): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}/tx/v1/send`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Api-Key': config.apiKey },
      body: JSON.stringify(mailChannelsPayload(email, config)),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') {
      return { ok: false, retryable: true, reason: `timed out after ${config.timeoutMs} ms` };
    }
    return { ok: false, retryable: true, reason: `network error: ${error instanceof Error ? error.message : String(error)}` };
  }
  // The answer's body is only read for the log line, briefly.
  if (response.ok) {
    await response.body?.cancel();
    return { ok: true };
  }
  const detail = (await response.text().catch(() => '')).slice(0, 200);
  const reason = `HTTP ${response.status}${detail ? `: ${detail}` : ''}`;
  // 429 (slow down) and 5xx (their fault) may pass later; any other 4xx will never pass as is.
  const retryable = response.status === 429 || response.status >= 500;
  return { ok: false, retryable, reason };
}

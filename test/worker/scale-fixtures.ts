import { env } from 'cloudflare:workers';
import { matchKeysOf } from '../../src/leads/match-keys';
import { JOB_STATUSES } from '../../src/rules/job-status';

/**
 * Many leads written straight into D1 for the scale tests (issue 51): statuses, forms, bookings,
 * handled dates, match keys and e-mails (some undelivered) as a busy firm's, with SQL literals
 * rather than parameters (D1 binds at most 100 a statement).
 */

const quote = (value: string | number | null) =>
  value === null ? 'NULL' : typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`;

export interface SeededLead {
  id: string;
  createdAt: number;
  name: string;
  email: string;
  phone: string;
  address: string;
  message: string;
}

const STREETS = ['Mill Lane', 'Elm Close', 'High Street', 'Church Road', 'Station Road'];
const WORDS = ['blocked drain', 'smell in the garden', 'slow sink', 'overflowing manhole', 'CCTV survey'];

/** `n` leads an hour apart from `start`, oldest first, with their owner's and customer's e-mails. */
export async function seedLeads(
  n: number,
  start = Date.parse('2021-01-04T09:00:00Z'),
  tag = 'seed',
): Promise<{ leads: SeededLead[] }> {
  const leads: SeededLead[] = [];
  const statements: D1PreparedStatement[] = [];
  for (let from = 0; from < n; from += 100) {
    const leadRows: string[] = [];
    const messageRows: string[] = [];
    for (let i = from; i < Math.min(n, from + 100); i++) {
      const lead: SeededLead = {
        id: crypto.randomUUID(),
        createdAt: start + i * 3_600_000,
        name: `Customer${tag}${i} Surname${tag}${i}`,
        email: `customer.${tag}${i}@example.org`,
        phone: `07700 ${String(900000 + i).padStart(6, '0')}`,
        address: `${i + 1} ${STREETS[i % STREETS.length]}, Poole BH14 ${i % 9}QT`,
        message: `${WORDS[i % WORDS.length]} ${tag}word${i}`,
      };
      leads.push(lead);
      const status = JOB_STATUSES[i % JOB_STATUSES.length]!;
      const kind = i % 2 === 0 ? 'quote' : 'contact';
      const booked = status === 'booked' || status === 'done' || status === 'rebook';
      const bookedDay = booked ? new Date(lead.createdAt + 7 * 86_400_000).toISOString().slice(0, 10) : null;
      const handledAt = status === 'done' || status === 'lost' ? lead.createdAt + 14 * 86_400_000 : null;
      const keys = matchKeysOf(lead);
      leadRows.push(
        `(${[
          lead.id,
          kind,
          lead.name,
          lead.email,
          lead.phone,
          lead.address,
          lead.message,
          lead.createdAt,
          lead.createdAt,
          handledAt,
          status,
          bookedDay,
          booked ? '09:00' : null,
          booked ? '11:00' : null,
          keys.matchPhone,
          keys.matchEmail,
          keys.matchPlace,
        ]
          .map(quote)
          .join(', ')})`,
      );
      const ownerStatus = i % 50 === 0 ? 'failed' : 'sent';
      for (const [messageKind, messageStatus] of [
        ['owner', ownerStatus],
        ['customer', 'sent'],
      ] as const) {
        messageRows.push(
          `(${[crypto.randomUUID(), lead.id, messageKind, messageStatus, 1, lead.createdAt, lead.createdAt].map(quote).join(', ')})`,
        );
      }
    }
    statements.push(
      env.DB.prepare(
        `INSERT INTO leads (id, kind, name, email, phone, address, message, created_at, updated_at, handled_at, job_status, booked_day, booked_from, booked_to, match_phone, match_email, match_place) VALUES ${leadRows.join(', ')}`,
      ),
      env.DB.prepare(
        `INSERT INTO lead_messages (id, lead_id, kind, status, attempts, created_at, updated_at) VALUES ${messageRows.join(', ')}`,
      ),
    );
  }
  for (let i = 0; i < statements.length; i += 50) await env.DB.batch(statements.slice(i, i + 50));
  return { leads };
}

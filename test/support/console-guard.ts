import { afterAll, afterEach, beforeEach } from 'vitest';

/**
 * Any console.error or console.warn a test did not expect fails it (the Epic Stack rule). A test
 * that provokes one on purpose claims it with `takeLogs`, and asserts on what it took. Info lines
 * (the request log, "lead stored") are kept quietly for tests that want to read them. console.log
 * is left alone: src/log.ts never uses it, so it is a test's own report or a debugging line.
 *
 * The console is recorded from the moment the test file loads until it ends, so a warn or error
 * written by a beforeAll hook, or by background work a test did not wait for, fails the next test
 * (or the file) too. The console methods are replaced directly rather than spied on, so a test's
 * own vi.restoreAllMocks() cannot switch the guard off.
 */

type Level = 'info' | 'warn' | 'error';
export type LogLine = { level: Level; msg: string; [field: string]: unknown };

export interface Entry {
  level: Level;
  text: string;
  line: LogLine | null;
  claimed: boolean;
}

let entries: Entry[] = [];
const original = { info: console.info, warn: console.warn, error: console.error };

const textOf = (args: unknown[]) => args.map((arg) => (typeof arg === 'string' ? arg : String(arg))).join(' ');

function parse(text: string): LogLine | null {
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' && typeof value.msg === 'string' ? (value as LogLine) : null;
  } catch {
    return null;
  }
}

const recorder =
  (level: Level) =>
  (...args: unknown[]) => {
    const text = textOf(args);
    entries.push({ level, text, line: parse(text), claimed: false });
  };

/**
 * The failure message for the warn and error lines nobody claimed (in `list`, by default those
 * recorded so far), or null when there are none. The guard fails a test with it.
 */
export function unexpectedLines(list: readonly Entry[] = entries, where = 'this test'): string | null {
  const unexpected = list.filter((entry) => entry.level !== 'info' && !entry.claimed);
  if (unexpected.length === 0) return null;
  return `Unexpected console output in ${where} (claim it with takeLogs if the test provokes it):\n${unexpected
    .map((entry) => `  console.${entry.level}: ${entry.text.slice(0, 300)}`)
    .join('\n')}`;
}

function check(where: string) {
  const message = unexpectedLines(entries, where);
  entries = [];
  if (message) throw new Error(message);
}

Object.assign(console, { info: recorder('info'), warn: recorder('warn'), error: recorder('error') });

beforeEach(() => check('a beforeAll hook, or background work of the test before'));
afterEach(() => check('this test'));
afterAll(() => {
  Object.assign(console, original);
  check('an afterAll hook, or background work of the last test');
});

/**
 * Claims the lines of this level whose message matches, written so far in this test, and returns
 * them parsed. Claimed warn and error lines no longer fail the test.
 */
export function takeLogs(level: Level, msg: string | RegExp): LogLine[] {
  const taken: LogLine[] = [];
  for (const entry of entries) {
    if (entry.level !== level || entry.claimed) continue;
    const message = entry.line?.msg ?? entry.text;
    if (typeof msg === 'string' ? message === msg : msg.test(message)) {
      entry.claimed = true;
      taken.push(entry.line ?? { level, msg: entry.text });
    }
  }
  return taken;
}

/** Every line written so far in this test, claimed or not (for checks that no personal data leaked). */
export const allLogText = () => entries.map((entry) => entry.text).join('\n');

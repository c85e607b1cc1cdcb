import { describe, expect, it } from 'vitest';
import { log } from '../../src/log';
import { allLogText, type Entry, takeLogs, unexpectedLines } from '../support/console-guard';

/** The console guard (test/support/console-guard.ts) is a setup file of this project too. */

const entry = (level: Entry['level'], msg: string, claimed = false): Entry => {
  const text = JSON.stringify({ level, msg });
  return { level, text, line: { level, msg }, claimed };
};

describe('the console guard', () => {
  it('lets a test provoke a warn and an error it claims (this test passes)', () => {
    log.warn('lead dropped as spam', { form: 'contact', rule: 'honeypot' });
    console.error('not JSON at all');
    expect(takeLogs('warn', 'lead dropped as spam')).toHaveLength(1);
    expect(takeLogs('error', /^not JSON/)).toEqual([{ level: 'error', msg: 'not JSON at all' }]);
  });

  it('returns the claimed lines parsed, with their fields, each line once', () => {
    log.error('lead could not be stored', { form: 'quote', error: 'D1_ERROR: storage unavailable' });
    log.info('request', { method: 'GET', path: '/faq', status: 200, ms: 3 });
    expect(takeLogs('error', 'lead could not be stored')).toEqual([
      { level: 'error', msg: 'lead could not be stored', form: 'quote', error: 'D1_ERROR: storage unavailable' },
    ]);
    expect(takeLogs('error', 'lead could not be stored')).toEqual([]);
    expect(takeLogs('info', 'request')).toEqual([
      { level: 'info', msg: 'request', method: 'GET', path: '/faq', status: 200, ms: 3 },
    ]);
    expect(takeLogs('warn', 'request')).toEqual([]);
    expect(allLogText()).toContain('"msg":"lead could not be stored"');
  });

  it('keeps info lines quietly, for a test to read', () => {
    log.info('lead stored', { id: 'x', kind: 'contact', status: 'pending' });
    expect(unexpectedLines()).toBeNull();
    expect(allLogText()).toBe('{"level":"info","msg":"lead stored","id":"x","kind":"contact","status":"pending"}');
  });

  it('reports every unclaimed error and warn, the way it fails a test', () => {
    const message = unexpectedLines([
      entry('error', 'blog list read failed'),
      entry('info', 'request'),
      entry('warn', 'admin sign-in failed'),
      entry('warn', 'lead dropped as spam', true),
    ]);
    expect(message).toContain('Unexpected console output in this test');
    expect(message).toContain('console.error: {"level":"error","msg":"blog list read failed"}');
    expect(message).toContain('console.warn: {"level":"warn","msg":"admin sign-in failed"}');
    expect(message).not.toContain('request');
    expect(message).not.toContain('lead dropped as spam');
  });

  it('reports nothing when every warn and error was claimed', () => {
    expect(unexpectedLines([])).toBeNull();
    expect(unexpectedLines([entry('info', 'request'), entry('error', 'sitemap: post read failed', true)])).toBeNull();
  });

  it('fails a test on a live console.error or console.warn until the test claims it', () => {
    expect(unexpectedLines()).toBeNull();
    console.error('{"level":"error","msg":"render error","error":"Error: boom"}');
    console.warn('a bare warning');
    log.info('request', { method: 'GET', path: '/', status: 200, ms: 1 });
    const message = unexpectedLines();
    expect(message).toContain('console.error: {"level":"error","msg":"render error","error":"Error: boom"}');
    expect(message).toContain('console.warn: a bare warning');
    expect(message).not.toContain('"msg":"request"');
    expect(takeLogs('error', 'render error')).toEqual([{ level: 'error', msg: 'render error', error: 'Error: boom' }]);
    expect(unexpectedLines()).toContain('a bare warning');
    expect(takeLogs('warn', 'a bare warning')).toHaveLength(1);
    // Everything claimed: the guard's afterEach passes this test.
    expect(unexpectedLines()).toBeNull();
  });
});

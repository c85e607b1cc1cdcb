import { describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION, parseRetentionDays, retentionDays } from '../../src/privacy/retention-settings';

describe('parseRetentionDays', () => {
  it('takes a whole number of days, spaces around it allowed', () => {
    expect(parseRetentionDays('30', 365)).toBe(30);
    expect(parseRetentionDays(' 400 ', 365)).toBe(400);
    expect(parseRetentionDays('1', 365)).toBe(1);
    expect(parseRetentionDays('36500', 365)).toBe(36500);
  });

  it('falls back to the default for anything else', () => {
    for (const bad of [undefined, '', '  ', '0', '-5', '1.5', '1e3', '36501', '999999999', 'a year', '30 days', '0x10']) {
      expect(parseRetentionDays(bad, 365), String(bad)).toBe(365);
    }
  });

  it('reads both vars, each with its own default', () => {
    expect(retentionDays({})).toEqual(DEFAULT_RETENTION);
    expect(DEFAULT_RETENTION).toEqual({ handledDays: 365, unhandledDays: 730 });
    expect(retentionDays({ LEAD_RETENTION_DAYS_HANDLED: '90', LEAD_RETENTION_DAYS_UNHANDLED: 'never' })).toEqual({
      handledDays: 90,
      unhandledDays: 730,
    });
  });
});

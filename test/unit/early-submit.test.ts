import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_SUBMIT_WAIT_MS, startedWithin } from '../../client/early-submit';

/** A form sent before its island started waits for it briefly, then posts without it (issue 47). */
describe('startedWithin', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is true when the island starts within the wait, at once and not at its end', async () => {
    vi.useFakeTimers();
    let started!: () => void;
    const result = startedWithin(new Promise<void>((resolve) => (started = resolve)), EARLY_SUBMIT_WAIT_MS);
    await vi.advanceTimersByTimeAsync(400);
    started();
    await expect(result).resolves.toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is false when the island has not started by the end of the wait (the plain post goes ahead)', async () => {
    vi.useFakeTimers();
    const result = startedWithin(new Promise(() => {}), EARLY_SUBMIT_WAIT_MS);
    let settled: boolean | undefined;
    void result.then((value) => (settled = value));
    await vi.advanceTimersByTimeAsync(EARLY_SUBMIT_WAIT_MS - 1);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(false);
  });

  it('is false when the island fails to start', async () => {
    await expect(startedWithin(Promise.reject(new Error('chunk failed')), EARLY_SUBMIT_WAIT_MS)).resolves.toBe(false);
  });

  it('waits about a second and a half, no more', () => {
    expect(EARLY_SUBMIT_WAIT_MS).toBeLessThanOrEqual(1500);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { loadOncePer } from './load-once';

describe('loadOncePer', () => {
  it('fetches each key once and marks the promise fulfilled when loaded', async () => {
    const load = vi.fn(async (_key: string) => 'chunk');
    const once = loadOncePer(load);
    const first = once('en');
    expect(once('en')).toBe(first);
    expect(first.status).toBeUndefined();
    await first;
    expect(first.status).toBe('fulfilled');
    await once('ar');
    expect(load.mock.calls.map(([key]) => key)).toEqual(['en', 'ar']);
  });

  it('forgets a failed fetch, so the next call tries again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('chunk');
    const once = loadOncePer(load);
    await expect(once('en')).rejects.toThrow('offline');
    const again = once('en');
    await again;
    expect(again.status).toBe('fulfilled');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

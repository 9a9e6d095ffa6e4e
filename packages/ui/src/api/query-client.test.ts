import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, isTouched } from './query-client';

describe('the invalidation rule of the query layer', () => {
  it('matches query-key prefixes element by element and list paths by their beginning', () => {
    expect(isTouched(['social-express', 'tiktok', 'campaign', 5], ['social-express'])).toBe(true);
    expect(isTouched(['express', 'campaign', 'artist', 5], ['express', 'campaign'])).toBe(true);
    expect(isTouched(['express-x'], ['express'])).toBe(false);
    expect(isTouched(['express'], ['express', 'campaign'])).toBe(false);
    expect(isTouched(['list', 'express-tiktok/influencer/campaigns', 'page=1'], { list: 'express' })).toBe(
      true,
    );
    expect(isTouched(['list', 'wallet/user/transaction', ''], { list: 'express' })).toBe(false);
    expect(isTouched(['express', 'x'], { list: 'express' })).toBe(false);
  });

  it('refetches, before mutateAsync resolves, the shown queries the mutation names and only those', async () => {
    const client = createQueryClient();
    const named = vi.fn(async () => 'named');
    const other = vi.fn(async () => 'other');
    const listed = vi.fn(async () => 'list');
    const watch = (queryKey: readonly unknown[], queryFn: () => Promise<string>) =>
      new QueryObserver(client, { queryKey, queryFn }).subscribe(() => undefined);
    const stops = [
      watch(['social-express', 'tiktok', 'campaign', 5], named),
      watch(['wallet', 'balance'], other),
      watch(['list', 'express-tiktok/influencer/campaigns', ''], listed),
    ];
    await vi.waitFor(() => expect(named).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(listed).toHaveBeenCalledTimes(1));
    const mutation = client.getMutationCache().build(client, {
      mutationFn: async () => 'done',
      meta: { invalidates: [['social-express'], { list: 'express-' }] },
    });
    await mutation.execute(undefined);
    expect(named).toHaveBeenCalledTimes(2);
    expect(listed).toHaveBeenCalledTimes(2);
    expect(other).toHaveBeenCalledTimes(1);
    for (const stop of stops) stop();
  });

  it('reads again after a change even when the first read, started before it was saved, is still in flight', async () => {
    const client = createQueryClient();
    let saved = false;
    let release: () => void = () => undefined;
    const read = vi.fn(async () => {
      const seen = saved ? 'after' : 'before';
      if (seen === 'before') await new Promise<void>((resolve) => (release = resolve));
      return seen;
    });
    const observer = new QueryObserver(client, { queryKey: ['fan-finder', 'connections'], queryFn: read });
    const stop = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    // The change is saved while the first read (which saw the old state) is still in flight.
    const change = client.getMutationCache().build(client, {
      mutationFn: async () => {
        saved = true;
        return 'ok';
      },
      meta: { invalidates: [['fan-finder']] },
    });
    await change.execute(undefined);
    release();
    await vi.waitFor(() => expect(client.getQueryData(['fan-finder', 'connections'])).toBe('after'));
    stop();
  });
});

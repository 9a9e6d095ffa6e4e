import { describe, expect, it } from 'vitest';
import { runBulk } from './bulk';
import { ConflictError, NotFoundError } from './errors';

describe('runBulk', () => {
  it('runs each id once in order, reports refusals translated and goes on', async () => {
    const seen: number[] = [];
    const result = await runBulk(
      [3, 1, 3, 2],
      async (id) => {
        seen.push(id);
        if (id === 1) throw new ConflictError('payouts.not_pending');
        if (id === 2) throw new NotFoundError();
        return id === 3 ? { note: 'payouts.first_approval_recorded' } : undefined;
      },
      'fr',
    );
    expect(seen).toEqual([3, 1, 2]);
    expect(result).toEqual({
      succeeded: 1,
      refused: 2,
      results: [
        {
          id: 3,
          ok: true,
          code: 'payouts.first_approval_recorded',
          message: expect.stringContaining('Première approbation'),
        },
        { id: 1, ok: false, code: 'payouts.not_pending', message: "Cette demande n'est plus en attente" },
        { id: 2, ok: false, code: 'errors.not_found', message: expect.any(String) },
      ],
    });
  });

  it('refuses no id and more than 100 ids before running any', async () => {
    let runs = 0;
    const each = async () => {
      runs++;
      return undefined;
    };
    await expect(runBulk([], each, 'en')).rejects.toMatchObject({ status: 422, messageKey: 'bulk.none' });
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    await expect(runBulk(many, each, 'en')).rejects.toMatchObject({
      status: 422,
      messageKey: 'bulk.too_many',
    });
    expect(runs).toBe(0);
    expect((await runBulk(many.slice(0, 100), each, 'en')).succeeded).toBe(100);
  });

  it('stops on a fault that is not a refusal', async () => {
    await expect(
      runBulk(
        [1, 2],
        async () => {
          throw new Error('database gone');
        },
        'en',
      ),
    ).rejects.toThrow('database gone');
  });
});

import { describe, expect, it } from 'vitest';
import { buildListQuery, cleanFilters, parseListParams, parseOrder } from './list-query';

describe('cleanFilters', () => {
  it('sends only non-empty values, dates as YYYY-MM-DD', () => {
    expect(
      cleanFilters({
        name: '  Jane ',
        email: '',
        status: null,
        tier: undefined,
        genres: [],
        types: [1, 2],
        from: new Date(2026, 1, 3),
        to: '2026-02-10',
        count: 0,
        active: false,
      }),
    ).toEqual({
      name: 'Jane',
      types: ['1', '2'],
      from: '2026-02-03',
      to: '2026-02-10',
      count: '0',
      active: 'false',
    });
  });

  it('drops whitespace-only strings and invalid dates', () => {
    expect(cleanFilters({ a: '   ', b: new Date('nope') })).toEqual({});
  });
});

describe('buildListQuery', () => {
  it('builds page, limit, order, q and filter[field]', () => {
    const query = buildListQuery({
      page: 2,
      limit: 25,
      order: 'created_at:desc',
      q: ' hello ',
      filter: { status: '3', genre: ['1', '4'], empty: '' },
    });
    expect(query.toString()).toBe(
      'page=2&limit=25&order=created_at%3Adesc&q=hello&filter%5Bstatus%5D=3&filter%5Bgenre%5D=1&filter%5Bgenre%5D=4',
    );
  });

  it('leaves out an empty search and order', () => {
    expect(buildListQuery({ page: 1, limit: 10, q: '  ', filter: {} }).toString()).toBe('page=1&limit=10');
  });
});

describe('parseListParams', () => {
  it('reads the state back from the URL', () => {
    const params = parseListParams(
      new URLSearchParams(
        'page=3&limit=50&order=name:asc&q=x&filter[status]=1&filter[genre]=2&filter[genre]=5',
      ),
    );
    expect(params).toEqual({
      page: 3,
      limit: 50,
      order: 'name:asc',
      q: 'x',
      filter: { status: '1', genre: ['2', '5'] },
    });
  });

  it('falls back to page 1, size 10 and the default order', () => {
    expect(parseListParams(new URLSearchParams('page=-1&limit=33'), { order: 'created_at:desc' })).toEqual({
      page: 1,
      limit: 10,
      order: 'created_at:desc',
      q: undefined,
      filter: {},
    });
  });

  it('round-trips through buildListQuery', () => {
    const params = { page: 4, limit: 75, order: 'id:asc', q: 'abc', filter: { a: '1', b: ['x', 'y'] } };
    expect(parseListParams(buildListQuery(params))).toEqual(params);
  });
});

describe('parseOrder', () => {
  it('splits field and direction', () => {
    expect(parseOrder('created_at:asc')).toEqual({ columnAccessor: 'created_at', direction: 'asc' });
    expect(parseOrder('name')).toEqual({ columnAccessor: 'name', direction: 'desc' });
    expect(parseOrder(undefined)).toBeUndefined();
  });
});

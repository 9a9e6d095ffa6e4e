import { describe, expect, it } from 'vitest';
import { mergeOperations, OPERATIONS } from './index';

describe('OPERATIONS (issue 34 "The reference")', () => {
  it('refuses a key documented twice and an operationId used twice', () => {
    const doc = { id: 'a.getThing', summary: 'Read a thing', description: 'd' };
    expect(() => mergeOperations({ 'GET /api/a': doc }, { 'GET /api/a': { ...doc, id: 'a.other' } })).toThrow(
      'GET /api/a is documented twice',
    );
    expect(() => mergeOperations({ 'GET /api/a': doc }, { 'GET /api/b': doc })).toThrow(
      'operationId a.getThing is used by GET /api/a and GET /api/b',
    );
  });

  it('keeps every doc to the format: key, `[admin.]<area>.<verbNoun>` id, one-line summary, a description', () => {
    const wrong = Object.entries(OPERATIONS).flatMap(([key, doc]) => [
      ...(/^(GET|POST|PUT|PATCH|DELETE) \/api\/[^\s:]*$/.test(key) ? [] : [`${key}: key`]),
      ...(/^(admin\.)?[a-z][A-Za-z]*\.[a-z][A-Za-z0-9]*$/.test(doc.id) ? [] : [`${key}: id ${doc.id}`]),
      ...(doc.summary.length <= 80 && !doc.summary.endsWith('.') && !doc.summary.includes('\n')
        ? []
        : [`${key}: summary`]),
      ...(doc.description.trim().length > 20 ? [] : [`${key}: description`]),
    ]);
    expect(wrong).toEqual([]);
  });
});

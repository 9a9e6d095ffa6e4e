import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact';

describe('redactUrl', () => {
  it('keeps query names and hides their values', () => {
    expect(redactUrl('/api/check/reset/token?token=abc&email=a%40b.c')).toBe(
      '/api/check/reset/token?token=REDACTED&email=REDACTED',
    );
    expect(redactUrl('https://graph.instagram.com/me?fields=id&access_token=IGQ')).toBe(
      'https://graph.instagram.com/me?fields=REDACTED&access_token=REDACTED',
    );
    expect(redactUrl('access_token=IGQ&client_secret=s', true)).toBe(
      'access_token=REDACTED&client_secret=REDACTED',
    );
  });

  it('hides the token of share and CRM links, and leaves other paths as they are', () => {
    expect(redactUrl('/api/public/results/abcDEF123')).toBe('/api/public/results/:token');
    expect(redactUrl('http://h:3000/api/crm/u/tok.en?x=1')).toBe('http://h:3000/api/crm/u/:token?x=REDACTED');
    expect(redactUrl('/api/crm/c/tok')).toBe('/api/crm/c/:token');
    expect(redactUrl('/api/user/get-info/12')).toBe('/api/user/get-info/12');
  });
});

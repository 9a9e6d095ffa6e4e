import { e164PhoneSchema } from '@lm/contracts';
import { describe, expect, it } from 'vitest';
import { splitE164, toE164 } from './PhoneField';

describe('phone field (spec section 5: defaults to US, sent with a leading +)', () => {
  it('turns a national number into E.164 for the chosen country', () => {
    expect(toE164('(201) 555-0123', 'US')).toBe('+12015550123');
    expect(toE164('020 7946 0958', 'GB')).toBe('+442079460958');
    expect(toE164('', 'US')).toBe('');
  });

  it('keeps a number typed with its own + prefix', () => {
    expect(toE164('+44 20 7946 0958', 'US')).toBe('+442079460958');
  });

  it('splits a stored number into its country and national form; empty defaults to US', () => {
    expect(splitE164('+442079460958')).toEqual({ country: 'GB', national: '020 7946 0958' });
    expect(splitE164(null)).toEqual({ country: 'US', national: '' });
  });

  it('sends what the shared schema accepts, and refuses an impossible number', () => {
    expect(e164PhoneSchema.safeParse(toE164('2015550123', 'US')).success).toBe(true);
    expect(e164PhoneSchema.safeParse(toE164('12', 'US')).success).toBe(false);
  });
});

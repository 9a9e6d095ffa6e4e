import { describe, expect, it } from 'vitest';
import { profileCompleteness } from './profile-completeness';

describe('profileCompleteness', () => {
  it('counts filled optional fields', () => {
    expect(
      profileCompleteness({
        avatar: null,
        gender: 'female',
        birth_date: null,
        phone_number: '+12025550143',
        country_code: null,
      }),
    ).toEqual({ percent: 40, missing: ['avatar', 'birth_date', 'country_code'] });
    expect(
      profileCompleteness({
        avatar: 'a.png',
        gender: 'male',
        birth_date: '1990-01-01',
        phone_number: '+1',
        country_code: 'US',
      }).percent,
    ).toBe(100);
  });
});

import { describe, expect, it } from 'vitest';
import { registerSchema, updateProfileSchema } from './auth';
import { formPersonalSchema } from './forms';
import { defaultPhoneCountry, parsePhone, phoneNumberSchema } from './phone';
import { adminUserSchema } from './users';

const UK = '+44 7911 123456';

describe('one phone rule for every phone field', () => {
  it('takes an international number typed with spaces, dots, dashes, brackets or 00 and gives E.164', () => {
    expect(parsePhone(UK)).toBe('+447911123456');
    expect(parsePhone('+1 (202) 555-0143')).toBe('+12025550143');
    expect(parsePhone('0033 6.12.34.56.78')).toBe('+33612345678');
    expect(parsePhone('+447911123456')).toBe('+447911123456');
  });

  it('refuses a number without its country code, letters, and impossible numbers', () => {
    expect(parsePhone('07911 123456')).toBeNull();
    expect(parsePhone('+44 7911 12345x')).toBeNull();
    expect(parsePhone('+44 12')).toBeNull();
    expect(phoneNumberSchema.safeParse('+1 2').error?.issues[0]?.message).toBe('validation.phone_invalid');
  });

  it('accepts "+44 7911 123456" in the playlist form, the profile, registration and the user modal', () => {
    const personal = formPersonalSchema.safeParse({
      phone_number: UK,
      location_timezone: 'europe',
      track_url: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
    });
    expect(personal.error?.issues.filter((i) => i.path[0] === 'phone_number') ?? []).toEqual([]);
    expect(updateProfileSchema.parse({ phone_number: UK }).phone_number).toBe('+447911123456');
    const register = registerSchema.safeParse({ phone_number: UK });
    expect(register.error?.issues.filter((i) => i.path[0] === 'phone_number')).toEqual([]);
    const admin = adminUserSchema.safeParse({ phone_number: UK });
    expect(admin.error?.issues.filter((i) => i.path[0] === 'phone_number')).toEqual([]);
  });

  it("starts the phone country on the account's country, US when it has none", () => {
    expect(defaultPhoneCountry('GB')).toBe('GB');
    expect(defaultPhoneCountry('fr')).toBe('FR');
    expect(defaultPhoneCountry(null)).toBe('US');
    expect(defaultPhoneCountry('ZZ')).toBe('US');
  });
});

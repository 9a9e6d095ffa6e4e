// @vitest-environment jsdom
import { phoneNumberSchema } from '@lm/contracts/phone';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n, renderWithUi } from '../test/render';
import { PhoneField, splitE164, toE164 } from './PhoneField';

afterEach(cleanup);
beforeAll(initTestI18n);

describe('phone field (one rule, the account country first)', () => {
  it('turns a national number into E.164 for the chosen country', () => {
    expect(toE164('(201) 555-0123', 'US')).toBe('+12015550123');
    expect(toE164('020 7946 0958', 'GB')).toBe('+442079460958');
    expect(toE164('', 'US')).toBe('');
  });

  it('keeps a number typed with its own + prefix; the shared rule reads it, spaces allowed', () => {
    expect(phoneNumberSchema.parse(toE164('+44 7911 123456', 'US'))).toBe('+447911123456');
    expect(phoneNumberSchema.safeParse(toE164('12', 'US')).success).toBe(false);
  });

  it("splits a stored number into its country and national form; empty starts on the account's country", () => {
    expect(splitE164('+442079460958')).toEqual({ country: 'GB', national: '020 7946 0958' });
    expect(splitE164(null)).toEqual({ country: 'US', national: '' });
    expect(splitE164(null, 'GB')).toEqual({ country: 'GB', national: '' });
  });

  it("a UK account's empty phone field starts on the United Kingdom, so a UK number needs no +44", {
    timeout: 30_000,
  }, () => {
    const onChange = vi.fn();
    renderWithUi(<PhoneField label="Phone" value="" onChange={onChange} accountCountry="GB" />);
    expect((screen.getByTestId('phone-number-country') as HTMLInputElement).value).toMatch(/^United Kingdom/);
    fireEvent.change(screen.getByTestId('phone-number'), { target: { value: '07911 123456' } });
    expect(onChange).toHaveBeenLastCalledWith('+447911123456');
  });

  it('the number reads left to right in every language; the country picker keeps the page direction', () => {
    renderWithUi(<PhoneField label="Phone" value="+966501234567" onChange={vi.fn()} />);
    expect(screen.getByTestId('phone-number').closest('[dir="ltr"]')).not.toBeNull();
    expect(screen.getByTestId('phone-number-country').closest('[dir="ltr"]')).toBeNull();
  });
});

// @vitest-environment jsdom
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Settlement } from '../../hooks/use-wallet';
import { outcomeOf, PaymentResult } from './PaymentResult';

afterEach(cleanup);
beforeAll(initTestI18n);

const settlement = (over: Partial<Settlement>): Settlement => ({
  status: 'pending',
  coins: 100,
  payment_id: 1,
  invoice_id: null,
  balance: 0,
  failure: null,
  ...over,
});

describe('card page outcome (say what happened)', () => {
  it('tells a declined card from leaving the page, whichever URL brought the buyer back', () => {
    expect(outcomeOf(settlement({ status: 'failed', failure: 'card_declined' }), 'cancel')).toBe('declined');
    // Stripe keeps the session open after a decline: the payment is still pending.
    expect(outcomeOf(settlement({ status: 'pending', failure: 'card_declined' }), 'cancel')).toBe('declined');
    expect(outcomeOf(settlement({ status: 'pending' }), 'cancel')).toBe('cancelled');
    expect(outcomeOf(settlement({ status: 'pending' }), 'success')).toMatchObject({ status: 'pending' });
    expect(outcomeOf(settlement({ status: 'paid' }), 'cancel')).toMatchObject({ status: 'paid' });
  });

  it('says the card was declined and what to do, not "You left the payment page"', () => {
    renderWithUi(<PaymentResult result="declined" sandbox={false} />);
    const alert = screen.getByTestId('payment-result');
    expect(alert.getAttribute('data-status')).toBe('declined');
    expect(alert.textContent).toContain('Card declined');
    expect(alert.textContent).toContain(
      'Your bank declined the card, so nothing was charged. Try another card, or pay with PayPal.',
    );
    expect(alert.textContent).not.toContain('You left the payment page');
  });

  it('an organisation\'s purchase names the organisation\'s wallet, never "your balance"', () => {
    renderWithUi(
      <PaymentResult
        result={settlement({ status: 'paid', coins: 300, balance: 450 })}
        sandbox={false}
        transactionsLink={false}
        paidText="org.billing.paid_text"
        paidParams={{ name: 'Northern Lights Records' }}
      />,
    );
    const alert = screen.getByTestId('payment-result');
    expect(alert.textContent).toContain(
      'We added 300 coins to the wallet of Northern Lights Records. Its balance is now 450 coins.',
    );
    expect(alert.textContent).not.toContain('Your balance');
  });
});

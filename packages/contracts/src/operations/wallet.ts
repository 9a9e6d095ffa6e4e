import type { OperationDocs } from './types';

const W = 'Spec section 7, "Wallet".';
const P = 'Spec section 7, "Payments".';

/** Coins: packages, balance, purchases, transactions, invoices, rates and the payment webhooks (tags `wallet`, `currency`). */
export const walletOperations: OperationDocs = {
  'GET /api/wallet/user/get/all-packages': {
    id: 'wallet.listPackages',
    summary: 'List the coin packages on sale',
    description: `Active packages by position: coins, bonus coins, price (minor units of \`currency\`) and the saving against the coin price; with \`convert=1\` and \`currency\` each price also converted at today's rate (an unknown currency answers 422). Names in the request language. ${W}`,
    examples: {
      response: {
        data: [
          {
            id: 2,
            name: 'Starter',
            coins: 500,
            bonus_coins: 50,
            total_coins: 550,
            price: 4500,
            currency: 'GBP',
            min_followers: null,
            duration_days: null,
            is_active: true,
            position: 1,
            list_price: 5500,
            saving: 1000,
            saving_percent: 18,
            converted: null,
          },
        ],
      },
    },
  },
  'GET /api/wallet/user/current/balance': {
    id: 'wallet.getBalance',
    summary: 'The coin balance and its value',
    description: `The signed-in user's balance in coins (integers) and its value: \`total_minor\` in minor units of \`currency\` (default GBP; another currency converted at today's rate, an unknown one answers 422) valued at the coin price or at the payout rate (\`basis\`, with its pence per coin). ${W} Spec section 3 "Wallet balance".`,
    examples: {
      response: {
        data: {
          balance: 1200,
          total: 12,
          total_minor: 1200,
          currency: 'GBP',
          basis: 'coin_price',
          pence_per_coin: 1,
        },
      },
    },
  },
  'GET /api/wallet/user/transaction': {
    id: 'wallet.listTransactions',
    summary: "List one's coin transactions",
    description: `The signed-in user's ledger lines, newest first, paged and filtered: coins, amount, credit or debit, description (1 coin purchase, 2 campaign purchase, 3 refund, 4 payout request, 5 deducted, 6 withdraw credits, 7 Fan Finder), the campaign or invoice it concerns. ${W} Spec section 4 "Transaction descriptions".`,
  },
  'GET /api/wallet/user/transaction/{id}': {
    id: 'wallet.getTransaction',
    summary: "Read one of one's transactions",
    description: `One ledger line of the signed-in user with its campaign, invoice or payout; another user's answers 404. ${W}`,
  },
  'POST /api/stripe/create/checkout': {
    id: 'wallet.startCardCheckout',
    summary: 'Start buying a coin package by card',
    description: `Opens a card checkout (Stripe Checkout; the sandbox provider by default) for package \`package_id\` and answers its hosted page \`url\` and \`session_id\`; after paying, call \`POST /api/stripe/checkout/check/pay\` with the session id. An unknown or inactive package answers 422; a provider failure 502; the card provider off on this site 503. ${P}`,
    errors: [502],
    examples: {
      request: { package_id: 2 },
      response: {
        data: {
          url: 'https://checkout.stripe.com/c/pay/cs_test_a1…',
          session_id: 'cs_test_a1…',
          sandbox: false,
        },
      },
    },
  },
  'POST /api/stripe/checkout/check/pay': {
    id: 'wallet.confirmCardPayment',
    summary: 'Confirm a card payment and credit the coins',
    description: `Asks the provider for the checkout's state and, once paid, credits the package's coins exactly once (however often it is called, and whether or not the provider's webhook came first); answers \`status\` (\`paid\`, \`pending\`, \`failed\`) and the coins. An amount differing from the order answers 409; someone else's payment 404. ${P}`,
    errors: [409, 502],
    examples: {
      request: { session_id: 'cs_test_a1…' },
      response: {
        data: { status: 'paid', coins: 550, payment_id: 17, invoice_id: 9, balance: 1750, failure: null },
        message: '550 coins added to your wallet',
      },
    },
  },
  'POST /api/payments/paypal/checkout/url': {
    id: 'wallet.startPayPalCheckout',
    summary: 'Start buying a coin package with PayPal',
    description: `Creates a PayPal order (Orders v2; the sandbox by default) for package \`package_id\` and answers the approval \`url\` and \`order_id\`; \`return_to\` picks where PayPal sends the buyer back (web or mobile). Then call \`POST /api/payments/paypal/callback/url\`. ${P}`,
    errors: [502],
  },
  'POST /api/payments/paypal/callback/url': {
    id: 'wallet.confirmPayPalPayment',
    summary: 'Capture a PayPal order and credit the coins',
    description: `Captures the approved order and credits its coins exactly once (a repeat answers the same settlement). An order not approved yet or with another amount answers 409; someone else's order 404; PayPal failing 502. ${P}`,
    errors: [409, 502],
  },
  'GET /api/wallet/user/coin-price': {
    id: 'wallet.getCoinPrice',
    summary: 'The price of one coin',
    description: `The coin price in pence (GBP) and the range of a custom amount (10 to 100,000 coins). ${W}`,
  },
  'POST /api/wallet/user/recharge/coins': {
    id: 'wallet.buyCoins',
    summary: 'Start buying a custom number of coins',
    description: `Starts a card or PayPal checkout for \`coins\` (10 to 100,000) at the coin price and answers the hosted page, the provider reference (\`session_id\` or \`order_id\`) and the amount in minor units; confirm it like a package purchase. The mobile return (\`return_to: mobile\`) takes PayPal only (422 otherwise). In the sandbox, the hosted page completes the payment without a real card. ${W}`,
    errors: [502],
    examples: {
      request: { coins: 1000, method: 'card', return_to: 'web' },
      response: {
        data: {
          url: 'https://…/api/sandbox/checkout/17',
          session_id: 'sbx_17',
          order_id: null,
          sandbox: true,
          amount_minor: 1000,
          currency: 'GBP',
        },
      },
    },
  },
  'POST /api/stripe/checkout/check/cancel': {
    id: 'wallet.returnFromCardCheckout',
    summary: 'Settle a card checkout the buyer came back from',
    description: `Called when the buyer leaves the hosted card page (paid, failed or cancelled): reads the provider's state and credits the coins once if it was paid after all, otherwise records the cancellation. Someone else's payment answers 404. ${P}`,
    errors: [409, 502],
  },
  'GET /api/artist/invoices': {
    id: 'wallet.listInvoices',
    summary: "List one's invoices",
    description: `The signed-in artist's invoices (coin purchases and custom campaigns), paged, with paid state and PDF link when made. ${P}`,
  },
  'GET /api/artist/invoices/{id}': {
    id: 'wallet.getInvoice',
    summary: "Read one of one's invoices",
    description: `One invoice of the signed-in artist; another's answers 404. ${P}`,
  },
  'POST /api/artist/invoice/{id}': {
    id: 'wallet.makeInvoicePdf',
    summary: "Make an invoice's PDF and answer its link",
    description: `Renders the invoice's PDF once (later calls reuse it) and answers the invoice with \`attachment_link\`. Another artist's invoice answers 404. ${P}`,
  },
  'POST /api/stripe/webhook': {
    id: 'webhooks.receiveStripe',
    summary: 'Card payment events from Stripe',
    description: `Stripe's events (checkout completed, expired, refunded) for card payments. **Authenticated by the \`Stripe-Signature\` header** (HMAC of the raw body with the endpoint secret, timestamp within tolerance), not by a token: a bad signature answers 400. Each event is recorded and applied once (a payment credited only once, even with the confirm call). Outside the rate limit. ${P}`,
    errors: [400],
  },
  'POST /api/payments/paypal/webhook': {
    id: 'webhooks.receivePayPal',
    summary: 'Payment events from PayPal',
    description: `PayPal's order and capture events. **Authenticated by PayPal's transmission headers** (\`PAYPAL-TRANSMISSION-SIG\` and companions, verified with PayPal against the configured webhook id), not by a token: a bad signature answers 400. Recorded and applied once. Outside the rate limit. ${P}`,
    errors: [400],
  },
  'GET /api/wallet/admin/transaction/user/{id}': {
    id: 'wallet.listUserTransactions',
    summary: "A user's coin transactions (staff)",
    description: `The ledger lines of user \`id\`, paged and filtered as the user's own list. ${W}`,
  },
  'GET /api/payments/wise/gbp/usd/{amount}': {
    id: 'currency.convertGbpToUsd',
    summary: 'Convert a GBP amount to USD',
    description: `\`amount\` pounds (up to 100,000,000, decimals allowed) at today's GBP→USD rate. ${P}`,
  },
  'GET /api/payments/wise/currencies': {
    id: 'currency.listCurrencies',
    summary: 'List currencies payouts can be sent in',
    description: `Currencies of the rates provider, paged (default 30 a page), searchable by code; \`isTargetCurrency\` false only for GBP, the source. ${P} Spec section 3 "Currency".`,
  },
  'GET /api/payments/wise/currency-get': {
    id: 'currency.getRate',
    summary: "Today's rate between two currencies",
    description: `The rate from \`source\` to \`target\` (ISO codes); an unsupported currency answers 422. ${P}`,
  },
};

/** Keys of the user's wallet: coin packages, balance, coin price and invoices. */
export const walletKeys = {
  all: ['wallet'] as const,
  packages: ['wallet', 'packages'] as const,
  balance: ['wallet', 'balance'] as const,
  coinPrice: ['wallet', 'coin-price'] as const,
  invoice: (id: number) => ['wallet', 'invoice', id] as const,
};

/** Keys of the back-office's wallet screens: the main wallet, packages, one transaction or invoice. */
export const adminWalletKeys = {
  all: ['admin-wallet'] as const,
  main: ['admin-wallet', 'main'] as const,
  packages: ['admin-wallet', 'packages'] as const,
  transaction: (id: number) => ['admin-wallet', 'transaction', id] as const,
  invoice: (id: number) => ['admin-wallet', 'invoice', id] as const,
};

/** Every table of every domain, for drizzle and drizzle-kit. */
export * from '../modules/accounts/accounts.schema';
export * from '../modules/activities/activities.schema';
export * from '../modules/admins/admins.schema';
export * from '../modules/audit/audit.schema';
export * from '../modules/express-spotify/express.schema';
export * from '../modules/files/files.schema';
export * from '../modules/lookups/lookups.schema';
export * from '../modules/mail/mail.schema';
export * from '../modules/notifications/notifications.schema';
export * from '../modules/payouts/payouts.schema';
export * from '../modules/rbac/rbac.schema';
export * from '../modules/settings/settings.schema';
export * from '../modules/wallet/payments.schema';
export * from '../modules/wallet/wallet.schema';
export * from '../providers/payments/sandbox.schema';
export * from '../providers/spotify/sandbox.schema';
export * from '../providers/wise/sandbox.schema';

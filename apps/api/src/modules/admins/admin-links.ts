import { LANGUAGES, type Language, LIMITS } from '@lm/contracts';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../platform/app';
import { issueResetLink } from '../accounts';

/** What a link to set an admin's password is: a new admin's invitation, or a reset for one who has a password. */
export type AdminLinkKind = 'invite' | 'reset';

/** Language of the mails an admin receives: their back-office language at their last sign-in, else en. */
export const adminLanguage = (admin: { language: string }): Language =>
  (LANGUAGES as readonly string[]).includes(admin.language) ? (admin.language as Language) : 'en';

/**
 * Store a new single-use link for the admin to set their password and mail it, in the admin's language,
 * to their address, inside the caller's transaction. The link opens the back-office page
 * `/admin/reset-password`; an invitation is valid LIMITS.adminInviteTtlDays (7) days, a reset
 * LIMITS.resetTokenTtlMinutes (60) minutes; a new link voids the earlier ones.
 */
export async function mailAdminPasswordLink(
  deps: Pick<AppDeps, 'config' | 'mail' | 'clock'>,
  tx: Tx,
  admin: { id: number; name: string; email: string; language: string },
  kind: AdminLinkKind,
): Promise<void> {
  const ttlMs =
    kind === 'invite' ? LIMITS.adminInviteTtlDays * 86_400_000 : LIMITS.resetTokenTtlMinutes * 60_000;
  const token = await issueResetLink(tx, { adminId: admin.id }, deps.clock.now(), ttlMs);
  const query = new URLSearchParams({
    token,
    email: admin.email,
    ...(kind === 'invite' ? { invite: '1' } : {}),
  });
  const link = `${deps.config.appUrl}/admin/reset-password?${query}`;
  await deps.mail.send(
    {
      to: admin.email,
      language: adminLanguage(admin),
      key: `admins.mail.${kind}`,
      params: {
        name: admin.name,
        link,
        days: LIMITS.adminInviteTtlDays,
        minutes: LIMITS.resetTokenTtlMinutes,
      },
    },
    tx,
  );
}

import type { Language } from '@lm/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../platform/app';
import { t } from '../../platform/i18n';
import { users } from '../accounts/accounts.schema';
import { notify } from '../notifications/notifications.service';

type Deps = Pick<AppDeps, 'config' | 'mail' | 'clock'>;

/**
 * Tell a user about a campaign step, in their language: an in-app notification and an email, both in
 * the caller's transaction (texts `express.notify.<key>.title|body` of the shared catalog).
 */
export async function tellUser(
  deps: Deps,
  tx: Tx,
  userId: number,
  key: string,
  params: Record<string, unknown>,
  campaignId: number | null,
  link: string,
): Promise<void> {
  const [user] = await tx.db
    .select({ email: users.email, language: users.language, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  const lang = user.language as Language;
  const title = t(lang, `express.notify.${key}.title`, params);
  const body = t(lang, `express.notify.${key}.body`, params);
  await notify(tx, {
    userId,
    type: `express.${key}`,
    title,
    body,
    link,
    data: campaignId ? { campaign_id: campaignId } : {},
    createdAt: deps.clock.now(),
  });
  await deps.mail.send(
    {
      to: user.email,
      subject: title,
      text: `${t(lang, 'express.notify.greeting', { name: user.firstName })}\n\n${body}\n\n${deps.config.appUrl}${link}`,
    },
    tx,
  );
}

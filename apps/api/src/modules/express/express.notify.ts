import type { Language } from '@lm/contracts';
import type { NotificationMessage } from '@lm/contracts/messages';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../platform/app';
import { users } from '../accounts/accounts.schema';
import { type NotificationParam, notify } from '../notifications/notifications.service';

type Deps = Pick<AppDeps, 'config' | 'mail' | 'clock'>;

/** The campaign steps a user is told about: `express.notify.<step>` of the shared catalog. */
export type ExpressNotice = StepOf<NotificationMessage>;
type StepOf<M> = M extends `express.notify.${infer Step}` ? Step : never;

/**
 * Tell a user about a campaign step, both in the caller's transaction: an in-app notification (stored
 * as `express.notify.<step>` with its parameters, written in the reader's language when read) and an
 * email in the user's language (`users.language`). Parameters are raw: coins and days as numbers,
 * dates as `YYYY-MM-DD`.
 */
export async function tellUser(
  deps: Deps,
  tx: Tx,
  userId: number,
  step: ExpressNotice,
  params: Record<string, NotificationParam>,
  campaignId: number | null,
  link: string,
): Promise<void> {
  const [user] = await tx.db
    .select({ email: users.email, language: users.language, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  const message = `express.notify.${step}` as const;
  await notify(tx, {
    userId,
    type: `express.${step}`,
    message,
    params,
    link,
    data: campaignId ? { campaign_id: campaignId } : {},
    createdAt: deps.clock.now(),
  });
  await deps.mail.send(
    {
      to: user.email,
      language: user.language as Language,
      notification: message,
      params,
      name: user.firstName,
      link: `${deps.config.appUrl}${link}`,
    },
    tx,
  );
}

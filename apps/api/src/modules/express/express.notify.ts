import type { Language } from '@lm/contracts';
import { NOTIFICATION_MESSAGES, type NotificationMessage } from '@lm/contracts/messages';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import type { AppDeps } from '../../platform/app';
import { type NotificationParam, notifyLater } from '../notifications';
import type { ExpressRecipient } from './platforms/adapter';
import { findAdapter } from './platforms/index';

type Deps = Pick<AppDeps, 'config' | 'mail' | 'clock'>;

/** The campaign steps a user is told about: `express.notify.<step>` of the shared catalog. */
export type ExpressNotice = StepOf<NotificationMessage>;
type StepOf<M> = M extends `express.notify.${infer Step}` ? Step : never;

const KEYS: ReadonlySet<string> = new Set(NOTIFICATION_MESSAGES);
/** Whether the campaign type's promise is a video (TikTok, Instagram), not a playlist placement. */
const promisesVideo = (campaignTypeId: number) => findAdapter(campaignTypeId)?.promise === 'video';

/**
 * The wording of a step for a campaign type: TikTok and Instagram campaigns speak of
 * a video and an account where Spotify's speak of a playlist, through the `<step>_video` variant when
 * the catalog has one.
 * @param campaignTypeId 1 Spotify, 2 TikTok, 3 Instagram; absent: the step as given
 */
export function noticeFor(step: ExpressNotice, campaignTypeId?: number): ExpressNotice {
  if (campaignTypeId === undefined || !promisesVideo(campaignTypeId)) return step;
  const video = `${step}_video`;
  return KEYS.has(`express.notify.${video}`) ? (video as ExpressNotice) : step;
}

/**
 * A timeline note's message key for a campaign type, chosen when the timeline is read: the
 * `<key>_video` variant for TikTok and Instagram when the catalog has one (`has` answers whether a
 * key exists in the catalog).
 */
export function timelineKeyFor(key: string, campaignTypeId: number, has: (key: string) => boolean): string {
  if (!promisesVideo(campaignTypeId)) return key;
  const video = `${key}_video`;
  return has(video) ? video : key;
}

/**
 * Tell a user about a campaign step, both in the caller's transaction (queued with its other writes,
 * `writeLater`): an in-app notification (stored
 * as `express.notify.<step>` with its parameters, written in the reader's language when read) and an
 * email in the user's language (`users.language`). Parameters are raw: coins and days as numbers,
 * dates as `YYYY-MM-DD`. `campaignTypeId` picks the video wording of TikTok and Instagram
 * ({@link noticeFor}). `to` is a user id, or the user's contact already read with the target (no
 * statement to find it).
 */
export async function tellUser(
  deps: Deps,
  tx: Tx,
  to: number | ExpressRecipient,
  notice: ExpressNotice,
  params: Record<string, NotificationParam>,
  campaignId: number | null,
  link: string,
  campaignTypeId?: number,
): Promise<void> {
  const step = noticeFor(notice, campaignTypeId);
  const userId = typeof to === 'number' ? to : to.id;
  const [user] =
    typeof to === 'number'
      ? await tx.db
          .select({ email: users.email, language: users.language, firstName: users.firstName })
          .from(users)
          .where(eq(users.id, userId))
      : [to];
  if (!user) return;
  const message = `express.notify.${step}` as const;
  notifyLater(tx, {
    userId,
    type: `express.${notice}`,
    message,
    params,
    link,
    data: campaignId ? { campaign_id: campaignId } : {},
    createdAt: deps.clock.now(),
  });
  await deps.mail.queue(
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

import { describe, expect, it } from 'vitest';
import { createInstagramProvider, INSTAGRAM_ENDPOINTS } from '../../../providers/instagram/instagram';
import insightsReel from '../../../providers/instagram/recorded/insights-reel.json' with { type: 'json' };
import mediaPage from '../../../providers/instagram/recorded/media-page.json' with { type: 'json' };
import mediaPageDisclosed from '../../../providers/instagram/recorded/media-page-disclosed.json' with {
  type: 'json',
};
import oembed from '../../../providers/tiktok/recorded/oembed.json' with { type: 'json' };
import videoQuery from '../../../providers/tiktok/recorded/video-query.json' with { type: 'json' };
import videoQueryDisclosed from '../../../providers/tiktok/recorded/video-query-disclosed.json' with {
  type: 'json',
};
import { createTikTokProvider, TIKTOK_ENDPOINTS } from '../../../providers/tiktok/tiktok';
import { testAppForFile } from '../../../test/harness';
import { replayFetch } from '../../../test/replay-fetch';
import { connectedAccount, createSocialTestApp } from '../express.fixture';
import type { ExpressCampaignRow, ExpressPlatformAdapter } from './adapter';
import { instagramAdapter } from './instagram.adapter';
import { tiktokAdapter } from './tiktok.adapter';

/**
 * The paid-promotion disclosure of a submitted video, read by the real TikTok and Instagram clients
 * from recorded answers of the documented APIs (Display API `/v2/video/query/`, IG Media `/me/media`):
 * a caption with a disclosure proves (`caption`), one without fails with the reason the creator reads.
 * Neither API exposes a branded-content field, so `flag` never comes from them (docs/decisions.md).
 */

const ctx = testAppForFile(createSocialTestApp);
const DAY = 86_400_000;
/** The music id the recorded TikTok embed links (`oembed.json`). */
const EMBED_MUSIC = '6689804660171082501';

/** A campaign row waiting for the influencer's video `mediaId` on `accountId`, accepted before the recorded posts. */
function waiting(adapter: ExpressPlatformAdapter, accountId: number, mediaId: string, trackId: string) {
  return {
    id: 1,
    campaignTypeId: adapter.typeId,
    accountId,
    trackId,
    submittedMediaId: mediaId,
    playlistSubmissionDays: 7,
    submissionDeadline: new Date(Date.UTC(2025, 10, 1) + 7 * DAY),
  } as ExpressCampaignRow;
}

describe('TikTok: the submitted video discloses the paid promotion', () => {
  const proof = async (answer: unknown, mediaId: string) => {
    const { account } = await connectedAccount(ctx, 'tiktok', 'disclose');
    const { fetchImpl } = replayFetch({
      [TIKTOK_ENDPOINTS.videoQuery]: { status: 200, body: answer },
      [TIKTOK_ENDPOINTS.oembed]: oembed as never,
    });
    const tiktok = createTikTokProvider({ clientKey: 'k', clientSecret: 's', fetchImpl });
    const deps = { ...ctx.deps, providers: { ...ctx.deps.providers, tiktok } };
    return tiktokAdapter.proveSubmission(deps, waiting(tiktokAdapter, account.id, mediaId, EMBED_MUSIC));
  };

  it('a description with #Anzeige proves it, by the caption', async () => {
    expect(await proof(videoQueryDisclosed, '7575000000000000002')).toEqual({
      ok: true,
      position: null,
      views: 64018,
      likes: 5702,
      comments: 230,
      shares: 91,
      disclosure: 'caption',
    });
  });

  it('a description without a disclosure fails with the reason telling how to fix it', async () => {
    expect(await proof(videoQuery, '7575000000000000001')).toEqual({
      ok: false,
      position: null,
      views: 64018,
      likes: 5702,
      comments: 230,
      shares: 91,
      disclosure: 'missing',
      reason: 'express.disclosure_missing',
    });
  });
});

describe('Instagram: the submitted reel discloses the paid promotion', () => {
  const proof = async (page: unknown, mediaId: string) => {
    const { account } = await connectedAccount(ctx, 'instagram', 'disclose');
    const { fetchImpl } = replayFetch({
      [`${INSTAGRAM_ENDPOINTS.graph}/me/media`]: { status: 200, body: page },
      [`${INSTAGRAM_ENDPOINTS.graph}/${mediaId}/insights`]: { status: 200, body: insightsReel },
    });
    const instagram = createInstagramProvider({ appId: 'a', appSecret: 's', fetchImpl });
    const deps = { ...ctx.deps, providers: { ...ctx.deps.providers, instagram } };
    return instagramAdapter.proveSubmission(
      deps,
      waiting(instagramAdapter, account.id, mediaId, 'DRecorded'),
    );
  };

  it('a caption with #publicité proves it, by the caption', async () => {
    expect(await proof(mediaPageDisclosed, '18060000000000003')).toEqual({
      ok: true,
      position: null,
      views: 15230,
      likes: 1204,
      comments: 87,
      shares: 41,
      disclosure: 'caption',
    });
  });

  it('a caption without a disclosure fails with the reason telling how to fix it', async () => {
    expect(await proof(mediaPage, '18060000000000001')).toEqual({
      ok: false,
      position: null,
      views: 15230,
      likes: 1204,
      comments: 87,
      shares: 41,
      disclosure: 'missing',
      reason: 'express.disclosure_missing',
    });
  });
});

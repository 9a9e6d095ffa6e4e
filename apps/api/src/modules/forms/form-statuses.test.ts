import { BULK_MAX_ITEMS } from '@lm/contracts/bulk';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminTestAppForFile } from '../../test/admin-app';
import { MP3, PNG, uploadFile } from '../../test/uploads';

// Issue 36 "Form statuses": Needs information and Rejected with staff's message to the artist, the
// status history, the transitions, the artist's resubmission, the row lock, and the bulk status.

let superToken: string;
let genreId: number;
const ctx = adminTestAppForFile((signedIn) => {
  superToken = signedIn.token;
});
beforeAll(async () => {
  const [g] = (
    await ctx.deps.database.pool.query(
      `insert into genres (name) values ('Form Status Genre') on conflict (name) do update set is_active = true returning id`,
    )
  ).rows as { id: number }[];
  genreId = g!.id;
});

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await ctx.deps.database.pool.query(text, values)).rows as T[];

/** An approved artist reading in `language`, signed in, with a track and a cover of their own. */
async function makeArtist(language = 'en') {
  const user = await ctx.makeUser({ userTypeId: 1, status: 'approved', language });
  const token = await ctx.loginUser(user.email);
  const track = await uploadFile(ctx, token, MP3, 'song.mp3');
  const cover = await uploadFile(ctx, token, PNG, 'cover.png');
  return { user, token, track, cover };
}
type Artist = Awaited<ReturnType<typeof makeArtist>>;

function formBody(a: Artist, extra: Record<string, unknown> = {}) {
  return {
    phone_number: '+14155552671',
    location_timezone: 'us',
    track_url: 'https://open.spotify.com/track/11dFghVXANMlKmJXsNCbNl',
    type: 'Single',
    release_date: '2026-03-01',
    genre_id: genreId,
    track_mood: 'Happy',
    track_bio: 'A song about summer.',
    cover_image: a.cover,
    track_file: a.track,
    promotion: 'Radio and blogs',
    previous_achievements: '1M streams',
    distributor: 'DistroKid',
    upc_code: '123456789012',
    reference: [],
    apple_track_id: '1440858075',
    agree: true,
    ...extra,
  };
}

/** A new Pending form of `a`; answers its id. */
async function newForm(a: Artist): Promise<number> {
  const res = await ctx.call('POST', '/api/user/new_form', { token: a.token, body: formBody(a) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

const setStatus = (id: number, status: number, message?: string, token = superToken, lang = 'en') =>
  ctx.call('PUT', `/api/change_form_status/${id}/${status}`, {
    token,
    headers: { 'accept-language': lang },
    ...(message === undefined ? {} : { body: { message } }),
  });
const statusOf = async (id: number) =>
  (await q<{ status_id: number }>('select status_id from playlist_forms where id = $1', [id]))[0]?.status_id;
const historyOf = (id: number) =>
  q<{
    from_status: number;
    to_status: number;
    message: string | null;
    admin_id: number | null;
    user_id: number | null;
  }>(
    'select from_status, to_status, message, admin_id, user_id from playlist_form_status_changes where form_id = $1 order by id',
    [id],
  );
const notesOf = (userId: number, type: string) =>
  q<{ message_key: string; params: Record<string, unknown>; link: string }>(
    'select message_key, params, link from notifications where user_id = $1 and type = $2 order by id',
    [userId, type],
  );
const mailsTo = (email: string) =>
  q<{ subject: string; text: string }>(
    'select subject, text from mail_outbox where to_address = $1 order by id',
    [email],
  );

describe('Needs information (issue 36)', () => {
  it('needs staff’s message, keeps it in the history, tells the artist in their language, and shows it on the form', async () => {
    const a = await makeArtist('fr');
    const id = await newForm(a);

    const none = await setStatus(id, 3);
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.message).toEqual([
      'Write a message to the artist: what is needed, or why the form is rejected',
    ]);
    const blank = await setStatus(id, 3, '   ');
    expect(blank.statusCode).toBe(422);
    const long = await setStatus(id, 3, 'x'.repeat(2001));
    expect(long.statusCode).toBe(422);
    expect(await statusOf(id)).toBe(1);
    expect(await historyOf(id)).toEqual([]);

    const message = 'Please add the ISRC of the single and a link to the music video.';
    const ok = await setStatus(id, 3, `  ${message}  `);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await statusOf(id)).toBe(3);
    const [change] = await historyOf(id);
    expect(change).toMatchObject({ from_status: 1, to_status: 3, message, user_id: null });
    expect(change!.admin_id).toBeGreaterThan(0);

    const [note] = await notesOf(a.user.id, 'forms.needs_info');
    expect(note).toEqual({
      message_key: 'forms.notify.needs_info',
      params: { id, message },
      link: `/forms/${id}`,
    });
    const [mail] = await mailsTo(a.user.email);
    expect(mail!.subject).toBe('Votre formulaire playlist demande des informations');
    expect(mail!.text).toContain(message);
    expect(mail!.text).toContain(`/forms/${id}`);

    // The artist reads the status, the message and who (the team, not the staff member's name).
    const read = await ctx.call('GET', `/api/forms/${id}`, { token: a.token, headers: { 'x-lang': 'de' } });
    const form = read.json().data;
    expect(form.status).toEqual({ id: 3, name: 'Informationen benötigt', kind: 'waiting' });
    expect(form.status_history).toEqual([
      expect.objectContaining({
        from: { id: 1, name: 'Ausstehend', kind: 'waiting' },
        to: { id: 3, name: 'Informationen benötigt', kind: 'waiting' },
        message,
        by: { kind: 'staff', name: null },
      }),
    ]);
    const staffRead = (await ctx.call('GET', `/api/forms/${id}`, { token: superToken })).json().data;
    expect(staffRead.status_history[0].by.name).toMatch(/^Admin /);
  });

  it('lets the artist edit and resubmit: Pending again, kept in the history, the staff who handle forms told', async () => {
    const handler = await ctx.makeAdmin({ permissions: ['VIEW_FORM', 'CHANGE_STATUS'] });
    const a = await makeArtist();
    const id = await newForm(a);
    expect((await setStatus(id, 3, 'Which label released it?')).statusCode).toBe(200);

    const res = await ctx.call('POST', `/api/forms/${id}`, {
      token: a.token,
      body: formBody(a, { label: 'Indie Records' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Your form was sent to the team again');
    expect(await statusOf(id)).toBe(1);
    const history = await historyOf(id);
    expect(history[1]).toEqual({
      from_status: 3,
      to_status: 1,
      message: null,
      admin_id: null,
      user_id: a.user.id,
    });
    const told = await q<{ link: string; message_key: string }>(
      `select link, message_key from notifications where admin_id = $1 and type = 'todos.pending_forms' and data ->> 'form_id' = $2`,
      [handler.id, String(id)],
    );
    expect(told).toContainEqual({ link: `/forms/${id}`, message_key: 'todos.notify.form_resubmitted' });
    const audit = await q<{ action: string }>(
      `select action from audit_logs where target_type = 'playlist_form' and target_id = $1 order by id`,
      [String(id)],
    );
    expect(audit.map((r) => r.action)).toEqual(['forms.create', 'forms.status', 'forms.resubmitted']);
    const read = (await ctx.call('GET', `/api/forms/${id}`, { token: a.token })).json().data;
    expect(read.status_history[0]).toMatchObject({
      from: { id: 3 },
      to: { id: 1 },
      by: { kind: 'artist', name: null },
    });
  });
});

describe('Rejected and the transitions (issue 36)', () => {
  it('Rejected is final: no status change, no edit by the artist or staff, refused in the reader’s language', async () => {
    const a = await makeArtist('ar');
    const id = await newForm(a);
    expect((await setStatus(id, 4)).statusCode).toBe(422);
    expect((await setStatus(id, 4, 'The track is already on our playlists.')).statusCode).toBe(200);
    const [note] = await notesOf(a.user.id, 'forms.rejected');
    expect(note!.params).toEqual({ id, message: 'The track is already on our playlists.' });
    expect((await mailsTo(a.user.email)).at(-1)!.subject).toBe('رُفض نموذج قائمة التشغيل الخاص بك');

    for (const status of [1, 2, 3]) {
      const res = await setStatus(id, status, status === 1 ? undefined : 'Changed my mind', superToken, 'fr');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'Ce formulaire a été refusé : cette décision est définitive et le formulaire ne peut plus changer',
      );
    }
    const artistEdit = await ctx.call('POST', `/api/forms/${id}`, { token: a.token, body: formBody(a) });
    expect(artistEdit.statusCode).toBe(409);
    const staffEdit = await ctx.call('POST', `/api/forms/${id}`, { token: superToken, body: formBody(a) });
    expect(staffEdit.statusCode).toBe(409);
    expect(await statusOf(id)).toBe(4);
    expect(await historyOf(id)).toHaveLength(1);
  });

  it('Completed only reopens to Pending; Pending takes no message; the spec path still works without a body', async () => {
    const a = await makeArtist();
    const id = await newForm(a);
    expect((await setStatus(id, 2)).statusCode).toBe(200);
    const needs = await setStatus(id, 3, 'More please');
    expect(needs.statusCode).toBe(409);
    expect(needs.json().message).toBe(
      'A completed form must be reopened (set back to Pending) before any other status',
    );
    expect((await setStatus(id, 4, 'No')).statusCode).toBe(409);
    const withMessage = await setStatus(id, 1, 'Reopened');
    expect(withMessage.statusCode).toBe(422);
    expect(withMessage.json().errors.message).toEqual([
      'The artist is not told when a form goes back to Pending: leave the message empty',
    ]);
    expect((await setStatus(id, 1)).statusCode).toBe(200);
    expect((await setStatus(id, 9)).statusCode).toBe(422);
    // Completed with a message: the artist reads it.
    expect((await setStatus(id, 2, 'Pitched to 12 playlists.')).statusCode).toBe(200);
    const [note] = await notesOf(a.user.id, 'forms.completed_message');
    expect(note!.params).toEqual({ id, message: 'Pitched to 12 playlists.' });
    expect((await historyOf(id)).map((h) => [h.from_status, h.to_status])).toEqual([
      [1, 2],
      [2, 1],
      [1, 2],
    ]);
  });

  it('lists the statuses with their names, message rules and next statuses; filters by the new ones', async () => {
    const res = await ctx.call('GET', '/api/forms/statuses', {
      token: superToken,
      headers: { 'x-lang': 'tr' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: 1,
        name: 'Beklemede',
        kind: 'waiting',
        needs_message: false,
        takes_message: false,
        next: [2, 3, 4],
      },
      { id: 2, name: 'Tamamlandı', kind: 'success', needs_message: false, takes_message: true, next: [1] },
      {
        id: 3,
        name: 'Bilgi gerekiyor',
        kind: 'waiting',
        needs_message: true,
        takes_message: true,
        next: [1, 2, 4],
      },
      { id: 4, name: 'Reddedildi', kind: 'failure', needs_message: true, takes_message: true, next: [] },
    ]);
    const a = await makeArtist();
    const id = await newForm(a);
    await setStatus(id, 3, 'Need the UPC');
    const mine = await ctx.call('GET', '/api/forms?filter[status_id]=3', { token: a.token });
    expect(mine.json().data.map((f: { id: number }) => f.id)).toEqual([id]);
    expect((await ctx.call('GET', '/api/forms?filter[status_id]=5', { token: a.token })).statusCode).toBe(
      422,
    );
  });
});

describe('two staff at once (row lock)', () => {
  it('ten identical changes fired together write one history entry, one notification and one mail', async () => {
    const a = await makeArtist();
    const id = await newForm(a);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => setStatus(id, 3, 'Send the master file please')),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await historyOf(id)).toHaveLength(1);
    expect(await notesOf(a.user.id, 'forms.needs_info')).toHaveLength(1);
    expect(await mailsTo(a.user.email)).toHaveLength(1);
  });

  it('Completed and Rejected fired together: exactly one wins, the other is refused', async () => {
    for (let round = 0; round < 5; round += 1) {
      const a = await makeArtist();
      const id = await newForm(a);
      const [completed, rejected] = await Promise.all([setStatus(id, 2), setStatus(id, 4, 'Not a fit')]);
      const codes = [completed.statusCode, rejected.statusCode].sort();
      expect(codes).toEqual([200, 409]);
      expect(await historyOf(id)).toHaveLength(1);
      expect(await statusOf(id)).toBe(completed.statusCode === 200 ? 2 : 4);
    }
  });
});

describe('bulk status (POST /api/admin/forms/bulk/status)', () => {
  const bulk = (body: unknown, token = superToken, lang = 'en') =>
    ctx.call('POST', '/api/admin/forms/bulk/status', { token, body, headers: { 'accept-language': lang } });

  it('runs each form through the single change: same refusals (translated), audit and notifications per item', async () => {
    const a = await makeArtist();
    const b = await makeArtist();
    const pending = await newForm(a);
    const other = await newForm(b);
    const rejected = await newForm(a);
    await setStatus(rejected, 4, 'Duplicate');
    const already = await newForm(b);
    await setStatus(already, 3, 'Earlier question');

    const res = await bulk(
      { ids: [pending, other, rejected, already, 999_999], status_id: 3, message: 'Add your press kit link' },
      superToken,
      'de',
    );
    expect(res.statusCode, res.body).toBe(200);
    const { results, succeeded, refused } = res.json().data;
    expect([succeeded, refused]).toEqual([3, 2]);
    expect(results).toEqual([
      { id: pending, ok: true, code: null, message: null },
      { id: other, ok: true, code: null, message: null },
      {
        id: rejected,
        ok: false,
        code: 'forms.status_final',
        message:
          'Dieses Formular wurde abgelehnt: Die Entscheidung ist endgültig, das Formular kann nicht mehr geändert werden',
      },
      {
        id: already,
        ok: true,
        code: 'forms.status_already',
        message: 'Das Formular hatte diesen Status bereits: Nichts wurde geändert oder gesendet',
      },
      { id: 999_999, ok: false, code: 'errors.not_found', message: expect.any(String) },
    ]);
    expect(await statusOf(pending)).toBe(3);
    expect(await statusOf(other)).toBe(3);
    expect(await statusOf(rejected)).toBe(4);
    for (const id of [pending, other]) {
      const audit = await q(
        `select 1 from audit_logs where action = 'forms.status' and target_type = 'playlist_form' and target_id = $1`,
        [String(id)],
      );
      expect(audit).toHaveLength(1);
      expect((await historyOf(id))[0]).toMatchObject({ to_status: 3, message: 'Add your press kit link' });
    }
    expect(await notesOf(a.user.id, 'forms.needs_info')).toHaveLength(1);
    // The form that already needed information got nothing new.
    expect(await notesOf(b.user.id, 'forms.needs_info')).toHaveLength(2);
    expect(await historyOf(already)).toHaveLength(1);
  });

  it('refuses what the single change refuses before touching any form; same permission; at most 100 ids', async () => {
    const a = await makeArtist();
    const id = await newForm(a);
    const noMessage = await bulk({ ids: [id], status_id: 4 });
    expect(noMessage.statusCode).toBe(422);
    expect(noMessage.json().errors.message).toBeDefined();
    expect((await bulk({ ids: [id], status_id: 7 })).statusCode).toBe(422);
    expect((await bulk({ ids: [id], status_id: 1, message: 'hi' })).statusCode).toBe(422);
    expect(await statusOf(id)).toBe(1);

    const viewer = await ctx.makeAdmin({ permissions: ['VIEW_FORM', 'EDIT_FORM'] });
    const viewerToken = await ctx.loginAdmin(viewer.email);
    expect((await bulk({ ids: [id], status_id: 2 }, viewerToken)).statusCode).toBe(403);
    const changer = await ctx.makeAdmin({ permissions: ['CHANGE_STATUS'] });
    const changerToken = await ctx.loginAdmin(changer.email);

    const tooMany = await bulk(
      { ids: Array.from({ length: BULK_MAX_ITEMS + 1 }, (_, i) => i + 1), status_id: 2 },
      changerToken,
    );
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.ids).toBeDefined();
    expect((await bulk({ ids: [], status_id: 2 }, changerToken)).statusCode).toBe(422);

    const done = await bulk({ ids: [id], status_id: 2 }, changerToken);
    expect(done.statusCode).toBe(200);
    expect(await statusOf(id)).toBe(2);
    const [change] = await historyOf(id);
    expect(change!.admin_id).toBe(changer.id);
  });
});

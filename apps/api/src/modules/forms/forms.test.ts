import { playlistFormSchema } from '@lm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestContext, testAppForFile } from '../../test/harness';
import { MP3, PDF, PNG, uploadFile, WAV } from '../../test/uploads';
import { todosFor } from '../todos/todos.service';
import { artistHasForm, artistsWithForms } from './forms.service';

let superToken: string;
let genreId: number;
const ctx = testAppForFile();
beforeAll(async () => {
  const admin = await ctx.makeAdmin();
  superToken = await ctx.loginAdmin(admin.email);
  const [g] = (
    await ctx.deps.database.pool.query(
      `insert into genres (name) values ('Forms Test Genre') on conflict (name) do update set is_active = true returning id`,
    )
  ).rows as { id: number }[];
  genreId = g!.id;
});

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await ctx.deps.database.pool.query(text, values)).rows as T[];

/** Upload `bytes` as `token`'s caller; answers the stored key. */
const upload = (token: string, bytes: Buffer, name: string) => uploadFile(ctx, token, bytes, name);

/** An approved artist (or `overrides`) with a token and their own uploaded track and cover. */
async function makeArtist(overrides: Parameters<TestContext['makeUser']>[0] = {}) {
  const user = await ctx.makeUser({ userTypeId: 1, status: 'approved', ...overrides });
  const token = await ctx.loginUser(user.email);
  return { user, token };
}

/** A valid body of the five steps, with the given uploads. */
function formBody(files: { track?: string | null; cover: string }, extra: Record<string, unknown> = {}) {
  return {
    phone_number: '+14155552671',
    location_timezone: 'us',
    track_url: 'https://open.spotify.com/track/11dFghVXANMlKmJXsNCbNl',
    instagram_link: '',
    type: 'Single',
    release_date: '2026-03-01',
    genre_id: genreId,
    track_mood: 'Happy',
    track_bio: 'A song about summer.',
    cover_image: files.cover,
    track_file: files.track ?? null,
    promotion: 'Radio and blogs',
    previous_achievements: '1M streams',
    distributor: 'DistroKid',
    upc_code: '123456789012',
    isrc_code: 'us-rc1-76-07839',
    reference: ['https://example.com/a', 'https://example.com/b'],
    apple_track_id: '1440858075',
    soundcloud_link: '',
    label: 'Indie',
    extra_info: '',
    agree: true,
    ...extra,
  };
}

async function newForm(token: string, body: unknown) {
  return ctx.call('POST', '/api/user/new_form', { token, body });
}

describe('playlist form rules (spec sections 5 and 6)', () => {
  it('an approved artist submits the five steps: status 1 Pending, references kept in order, ISRC normalised', async () => {
    const { user, token } = await makeArtist();
    const track = await upload(token, MP3, 'song.mp3');
    const cover = await upload(token, PNG, 'cover.png');
    const res = await newForm(token, formBody({ track, cover }));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your playlist form was submitted');
    const id = res.json().data.id as number;

    const one = await ctx.call('GET', `/api/forms/${id}`, { token });
    expect(one.statusCode).toBe(200);
    const form = one.json().data;
    expect(form).toMatchObject({
      user_id: user.id,
      status_id: 1,
      status: { id: 1, name: 'Pending', kind: 'waiting' },
      created_by: user.id,
      created_by_admin: null,
      isrc_code: 'USRC17607839',
      instagram_link: null,
      type: 'Single',
      release_date: '2026-03-01',
      track_file: track,
      cover_image: cover,
    });
    expect(form.reference.map((r: { reference: string }) => r.reference)).toEqual([
      'https://example.com/a',
      'https://example.com/b',
    ]);
    const refs = await ctx.call('GET', `/api/references/${id}`, { token });
    expect(refs.json().data).toHaveLength(2);
    expect(await artistHasForm(ctx.deps.database, user.id)).toBe(true);
  });

  it("refuses a form for an artist who is not approved: 'Artist Should Be Approved', nothing stored", async () => {
    for (const overrides of [
      { status: 'pending_approval' },
      { status: 'declined' },
      { userTypeId: 2 as const, status: 'approved' },
    ]) {
      const { user, token } = await makeArtist(overrides);
      const track = await upload(token, MP3, 'a.mp3');
      const cover = await upload(token, PNG, 'c.png');
      const res = await newForm(token, formBody({ track, cover }));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Artist Should Be Approved');
      expect(await artistHasForm(ctx.deps.database, user.id)).toBe(false);
      const auto = await ctx.call('GET', '/api/apple_autofill/1440858075', { token });
      expect(auto.statusCode).toBe(409);
    }
  });

  it('checks the files by content: mp3 and wav tracks, png/jpg/gif covers; anything else is refused', async () => {
    const { token } = await makeArtist();
    const wav = await upload(token, WAV, 'song.wav');
    const png = await upload(token, PNG, 'cover.png');
    const pdf = await upload(token, PDF, 'notes.pdf');
    expect((await newForm(token, formBody({ track: wav, cover: png }))).statusCode).toBe(200);

    const wrongCover = await newForm(token, formBody({ track: wav, cover: pdf }));
    expect(wrongCover.statusCode).toBe(422);
    expect(wrongCover.json().errors.cover_image).toEqual(['You can only upload allowed Files!.']);
    const wrongTrack = await newForm(token, formBody({ track: png, cover: png }));
    expect(wrongTrack.json().errors.track_file).toEqual(['You can only upload allowed Files!.']);

    const noTrack = await newForm(token, formBody({ track: null, cover: png }));
    expect(noTrack.statusCode).toBe(422);
    expect(noTrack.json().errors.track_file).toEqual(['Please upload track file and cover image']);
    const noCover = await newForm(token, { ...formBody({ track: wav, cover: png }), cover_image: '' });
    expect(noCover.json().errors.cover_image).toEqual(['Please upload track file and cover image']);
  });

  it("takes only the artist's own uploads", async () => {
    const a = await makeArtist();
    const b = await makeArtist();
    const track = await upload(a.token, MP3, 'a.mp3');
    const cover = await upload(a.token, PNG, 'c.png');
    const res = await newForm(b.token, formBody({ track, cover }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.cover_image).toEqual([
      'This file was not found among your uploads. Please upload it again',
    ]);
  });

  it("refuses a sixth reference ('You cannot add more than 5 references') and takes five", async () => {
    const { token } = await makeArtist();
    const track = await upload(token, MP3, 'a.mp3');
    const cover = await upload(token, PNG, 'c.png');
    const six = Array.from({ length: 6 }, (_, i) => `ref ${i + 1}`);
    const res = await newForm(token, formBody({ track, cover }, { reference: six }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.reference).toEqual(['You cannot add more than 5 references']);
    const ok = await newForm(token, formBody({ track, cover }, { reference: six.slice(0, 5) }));
    expect(ok.statusCode).toBe(200);
    // The database refuses a sixth row too (position 1..5).
    await expect(
      q(`insert into playlist_form_references (form_id, position, reference) values ($1, 6, 'x')`, [
        ok.json().data.id,
      ]),
    ).rejects.toThrow(/playlist_form_references_position_check/);
  });

  it('states every step rule with its message (phone, location, track URL, UPC, Apple ID, I agree)', async () => {
    const { token } = await makeArtist();
    const track = await upload(token, MP3, 'a.mp3');
    const cover = await upload(token, PNG, 'c.png');
    const res = await newForm(
      token,
      formBody(
        { track, cover },
        {
          phone_number: '',
          location_timezone: 'mars',
          track_url: 'not a link',
          type: 'Mixtape',
          upc_code: '12ab',
          apple_track_id: 'abc',
          promotion: '',
          agree: false,
        },
      ),
    );
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors.phone_number).toEqual(['Field is required']);
    expect(errors.location_timezone).toEqual(['Field is required']);
    expect(errors.track_url).toEqual(['Please enter a valid link starting with http:// or https://']);
    expect(errors.type).toEqual(['Field is required']);
    expect(errors.upc_code).toEqual(['The UPC code is a number of 8 to 14 digits']);
    expect(errors.apple_track_id).toEqual(['The Apple track ID is a number']);
    expect(errors.promotion).toEqual(['Field is required']);
    expect(errors.agree).toEqual(['Please tick “I agree” to submit the form']);
  });

  it('takes a phone typed with spaces ("+44 7911 123456"), stores it as E.164, refuses one without its country code', async () => {
    const { user, token } = await makeArtist();
    const track = await upload(token, MP3, 'a.mp3');
    const cover = await upload(token, PNG, 'c.png');
    const refused = await newForm(token, formBody({ track, cover }, { phone_number: '07911 123456' }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.phone_number).toHaveLength(1);
    const res = await newForm(token, formBody({ track, cover }, { phone_number: '+44 7911 123456' }));
    expect(res.statusCode).toBe(200);
    const [row] = await q<{ phone_number: string }>('select phone_number from playlist_forms where id = $1', [
      res.json().data.id,
    ]);
    expect(row!.phone_number).toBe('+447911123456');
    const profile = await ctx.call('POST', `/api/user/update-user/${user.id}`, {
      token,
      body: { phone_number: '+44 7911 123456' },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.phone_number).toBe('+447911123456');
  });

  it('the shared schema refuses a value out of range instead of cutting it', () => {
    const parsed = playlistFormSchema.safeParse({ track_bio: 'x'.repeat(2_001) });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.find((i) => i.path[0] === 'track_bio')?.message).toBe('validation.too_long');
  });
});

describe('object-level access and staff actions', () => {
  it("a user never reaches another user's form; lists hold only their own", async () => {
    const a = await makeArtist();
    const b = await makeArtist();
    const track = await upload(a.token, MP3, 'a.mp3');
    const cover = await upload(a.token, PNG, 'c.png');
    const id = (await newForm(a.token, formBody({ track, cover }))).json().data.id;

    for (const [method, url] of [
      ['GET', `/api/forms/${id}`],
      ['GET', `/api/references/${id}`],
    ] as const) {
      expect((await ctx.call(method, url, { token: b.token })).statusCode).toBe(404);
    }
    const edit = await ctx.call('POST', `/api/forms/${id}`, {
      token: b.token,
      body: formBody({ track, cover }),
    });
    expect(edit.statusCode).toBe(404);
    const list = await ctx.call('GET', '/api/forms', { token: b.token });
    expect(list.json().data).toEqual([]);
    const own = await ctx.call('GET', '/api/forms', { token: a.token });
    expect(own.json().data.map((f: { id: number }) => f.id)).toEqual([id]);
    // Users have no staff calls.
    expect((await ctx.call('PUT', `/api/change_form_status/${id}/2`, { token: a.token })).statusCode).toBe(
      401,
    );
    expect((await ctx.call('DELETE', `/api/delete-forms/${id}`, { token: a.token })).statusCode).toBe(401);
  });

  it('status changes need CHANGE_STATUS; Completed tells the artist; the artist may no longer edit', async () => {
    const a = await makeArtist();
    const track = await upload(a.token, MP3, 'a.mp3');
    const cover = await upload(a.token, PNG, 'c.png');
    const id = (await newForm(a.token, formBody({ track, cover }))).json().data.id;

    const viewer = await ctx.makeAdmin({ permissions: ['VIEW_FORM', 'EDIT_FORM'] });
    const viewerToken = await ctx.loginAdmin(viewer.email);
    expect((await ctx.call('GET', `/api/forms/${id}`, { token: viewerToken })).statusCode).toBe(200);
    expect(
      (await ctx.call('PUT', `/api/change_form_status/${id}/2`, { token: viewerToken })).statusCode,
    ).toBe(403);

    const changer = await ctx.makeAdmin({ permissions: ['CHANGE_STATUS'] });
    const changerToken = await ctx.loginAdmin(changer.email);
    const bad = await ctx.call('PUT', `/api/change_form_status/${id}/3`, { token: changerToken });
    expect(bad.statusCode).toBe(422);
    const ok = await ctx.call('PUT', `/api/change_form_status/${id}/2`, { token: changerToken });
    expect(ok.statusCode).toBe(200);
    const [row] = await q<{ status_id: number; updated_by_admin: number }>(
      'select status_id, updated_by_admin from playlist_forms where id = $1',
      [id],
    );
    expect(row).toEqual({ status_id: 2, updated_by_admin: changer.id });
    const notes = await q(
      `select message_key from notifications where user_id = $1 and type = 'forms.completed'`,
      [a.user.id],
    );
    expect(notes).toHaveLength(1);
    // Same status again: nothing changes, no second note.
    await ctx.call('PUT', `/api/change_form_status/${id}/2`, { token: changerToken });
    expect(
      await q(`select 1 from notifications where user_id = $1 and type = 'forms.completed'`, [a.user.id]),
    ).toHaveLength(1);
    const audit = await q(
      `select action from audit_logs where target_type = 'playlist_form' and target_id = $1`,
      [String(id)],
    );
    expect(audit.map((r) => r.action)).toEqual(['forms.create', 'forms.status']);

    const edit = await ctx.call('POST', `/api/forms/${id}`, {
      token: a.token,
      body: formBody({ track, cover }),
    });
    expect(edit.statusCode).toBe(409);
    // Staff with EDIT_FORM still may, keeping the stored track file when none is sent.
    const staffEdit = await ctx.call('POST', `/api/forms/${id}`, {
      token: viewerToken,
      body: formBody({ track: null, cover }, { label: 'New Label' }),
    });
    expect(staffEdit.statusCode).toBe(200);
    const after = (await ctx.call('GET', `/api/forms/${id}`, { token: viewerToken })).json().data;
    expect(after).toMatchObject({ label: 'New Label', track_file: track, updated_by_admin: viewer.id });
  });

  it('staff create a form for an approved artist only (INFLUENCER_ADD_FORM) and delete it (DELETE_FORM)', async () => {
    const artist = await makeArtist();
    const pending = await makeArtist({ status: 'pending_approval' });
    const track = await upload(superToken, MP3, 'a.mp3');
    const cover = await upload(superToken, PNG, 'c.png');
    const refused = await ctx.call('POST', '/api/new_form', {
      token: superToken,
      body: { ...formBody({ track, cover }), user_id: pending.user.id },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Artist Should Be Approved');
    const created = await ctx.call('POST', '/api/new_form', {
      token: superToken,
      body: { ...formBody({ track, cover }), user_id: artist.user.id },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id;
    const own = await ctx.call('GET', `/api/indexAllForms/${artist.user.id}`, { token: superToken });
    expect(own.json().data).toEqual([
      expect.objectContaining({ id, created_by: null, created_by_admin: { name: expect.any(String) } }),
    ]);

    const noDelete = await ctx.makeAdmin({ permissions: ['VIEW_FORM'] });
    const noDeleteToken = await ctx.loginAdmin(noDelete.email);
    expect((await ctx.call('DELETE', `/api/delete-forms/${id}`, { token: noDeleteToken })).statusCode).toBe(
      403,
    );
    expect((await ctx.call('DELETE', `/api/delete-forms/${id}`, { token: superToken })).statusCode).toBe(200);
    expect(await q('select 1 from playlist_form_references where form_id = $1', [id])).toHaveLength(0);
    expect((await ctx.call('GET', `/api/forms/${id}`, { token: superToken })).statusCode).toBe(404);
  });

  it('the staff list filters by status and text, and refuses an unknown status', async () => {
    const a = await makeArtist({ firstName: 'Zelda', lastName: 'Formsfilter' });
    const track = await upload(a.token, MP3, 'a.mp3');
    const cover = await upload(a.token, PNG, 'c.png');
    await newForm(a.token, formBody({ track, cover }));
    const res = await ctx.call('GET', '/api/forms?filter[status_id]=1&q=Formsfilter', { token: superToken });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(1);
    expect(res.json().data[0]).toMatchObject({
      form_type: { id: 1, name: 'Playlist Form' },
      user: { name: 'Zelda Formsfilter' },
      status_id: { id: 1, name: 'Pending' },
    });
    const bad = await ctx.call('GET', '/api/forms?filter[status_id]=7', { token: superToken });
    expect(bad.statusCode).toBe(422);
  });

  it('counts forms waiting on the dashboard for staff with VIEW_FORM only, and tells them of a new one', async () => {
    const holder = await ctx.makeAdmin({ permissions: ['VIEW_FORM'] });
    const other = await ctx.makeAdmin({ permissions: ['tickets.show'] });
    const before = (await todosFor(ctx.deps.database, new Set(['VIEW_FORM']))).find(
      (t) => t.kind === 'pending_forms',
    );
    const a = await makeArtist();
    const track = await upload(a.token, MP3, 'a.mp3');
    const cover = await upload(a.token, PNG, 'c.png');
    await newForm(a.token, formBody({ track, cover }));
    const after = (await todosFor(ctx.deps.database, new Set(['VIEW_FORM']))).find(
      (t) => t.kind === 'pending_forms',
    );
    expect(after).toEqual({
      kind: 'pending_forms',
      count: before!.count + 1,
      link: '/forms/list?filter[status_id]=1',
    });
    expect(
      (await todosFor(ctx.deps.database, new Set(['tickets.show']))).some((t) => t.kind === 'pending_forms'),
    ).toBe(false);
    expect(
      await q(`select 1 from notifications where admin_id = $1 and type = 'todos.pending_forms'`, [
        holder.id,
      ]),
    ).not.toHaveLength(0);
    expect(
      await q(`select 1 from notifications where admin_id = $1 and type = 'todos.pending_forms'`, [other.id]),
    ).toHaveLength(0);
  });

  it('artistsWithForms answers for a page of artists at once', async () => {
    const a = await makeArtist();
    const b = await makeArtist();
    const track = await upload(a.token, MP3, 'a.mp3');
    const cover = await upload(a.token, PNG, 'c.png');
    await newForm(a.token, formBody({ track, cover }));
    expect(await artistsWithForms(ctx.deps.database, [a.user.id, b.user.id])).toEqual(new Set([a.user.id]));
    expect(await artistsWithForms(ctx.deps.database, [])).toEqual(new Set());
  });
});

describe("staff's new form for an artist (session 6)", () => {
  it('the artist picker needs INFLUENCER_ADD_FORM and offers approved artists only', async () => {
    const approved = await makeArtist({ firstName: 'Pickme', lastName: 'Approved' });
    const pending = await ctx.makeUser({
      userTypeId: 1,
      firstName: 'Pickme',
      lastName: 'Pending',
      status: 'pending_approval',
    });
    const curator = await ctx.makeUser({ userTypeId: 2, firstName: 'Pickme', lastName: 'Curator' });
    const res = await ctx.call('GET', '/api/admin/forms/artists?q=Pickme', { token: superToken });
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((u: { id: number }) => u.id);
    expect(ids).toEqual([approved.user.id]);
    expect(ids).not.toContain(pending.id);
    expect(ids).not.toContain(curator.id);
    const byId = await ctx.call('GET', `/api/admin/forms/artists?id=${approved.user.id}`, {
      token: superToken,
    });
    expect(byId.json().data).toEqual([
      expect.objectContaining({ id: approved.user.id, name: 'Pickme Approved' }),
    ]);
    const viewer = await ctx.makeAdmin({ permissions: ['VIEW_FORM'] });
    const refused = await ctx.call('GET', '/api/admin/forms/artists?q=Pickme', {
      token: await ctx.loginAdmin(viewer.email),
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('autofill (Apple and Spotify, sandbox providers)', () => {
  it('Apple: an id or an Apple Music link fills the Apple track ID, the release date and the type', async () => {
    const { token } = await makeArtist();
    const res = await ctx.call(
      'GET',
      `/api/apple_autofill/${encodeURIComponent('https://music.apple.com/us/album/x/1?i=1234567')}`,
      { token },
    );
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.found).toBe(true);
    expect(data.fields.apple_track_id).toBe('1234567');
    expect(data.fields.release_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(['Single', 'EP', 'Album']).toContain(data.fields.type);
    const missing = await ctx.call('GET', '/api/apple_autofill/9000', { token });
    expect(missing.json()).toMatchObject({ data: { found: false }, message: 'Nothing was found to fill in' });
  });

  it('Spotify: a track link fills the track URL; something else is refused', async () => {
    const { token } = await makeArtist();
    const link = 'https://open.spotify.com/track/11dFghVXANMlKmJXsNCbNl?si=x';
    const res = await ctx.call('GET', `/api/spotify_autofill/${encodeURIComponent(link)}`, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.fields).toEqual({
      track_url: 'https://open.spotify.com/track/11dFghVXANMlKmJXsNCbNl',
    });
    expect(res.json().data.track.name).toEqual(expect.any(String));
    const bad = await ctx.call('GET', '/api/spotify_autofill/hello', { token });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Paste the link of a Spotify track');
  });
});

import { type APIRequestContext, expect, test } from '@playwright/test';
import { createVerifiedUser, DEMO_PASSWORD, getAdminToken, signedInPage, TINY_PNG } from './helpers';

// Issue 36 "Form statuses": staff ask the artist for more information with a message; the artist reads
// it on their form page, edits and resubmits; the form is Pending again. Each attempt makes its own
// artist and form, so a retry never counts what the first attempt created.

const MP3 = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(2048)]);

/** A new approved artist with one Pending playlist form (through the API); answers its id and email. */
async function artistWithForm(request: APIRequestContext, lang: string) {
  const email = await createVerifiedUser(request, `form-status-${lang}`);
  const login = await request.post('/api/user/login', { data: { email, password: DEMO_PASSWORD } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const auth = { Authorization: `Bearer ${token}` };
  const info = await request.get('/api/user/info', { headers: auth });
  const userId = ((await info.json()) as { data: { id: number } }).data.id;
  const admin = await getAdminToken(request);
  const approve = await request.post(`/api/admin/users/${userId}/approve`, {
    headers: { Authorization: `Bearer ${admin}` },
  });
  expect(approve.ok(), await approve.text()).toBeTruthy();
  const upload = async (name: string, mimeType: string, buffer: Buffer) => {
    const res = await request.post('/api/file/upload', {
      headers: auth,
      multipart: { file: { name, mimeType, buffer } },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
    return ((await res.json()) as { data: { file: string } }).data.file;
  };
  const genres = await request.get('/api/user/genre/getAllGenresWithQ', { headers: auth });
  const genreList = ((await genres.json()) as { data: { id: number }[] | { data: { id: number }[] } }).data;
  const genreId = (Array.isArray(genreList) ? genreList : genreList.data)[0]!.id;
  const created = await request.post('/api/user/new_form', {
    headers: auth,
    data: {
      phone_number: '+14155552671',
      location_timezone: 'us',
      track_url: 'https://open.spotify.com/track/11dFghVXANMlKmJXsNCbNl',
      type: 'Single',
      release_date: '2026-03-01',
      genre_id: genreId,
      track_mood: 'Happy',
      track_bio: 'A song about summer.',
      cover_image: await upload('cover.png', 'image/png', TINY_PNG),
      track_file: await upload('song.mp3', 'audio/mpeg', MP3),
      promotion: 'Radio and blogs',
      previous_achievements: '1M streams',
      distributor: 'DistroKid',
      upc_code: '123456789012',
      reference: [],
      apple_track_id: '1440858075',
      agree: true,
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  return { email, formId: ((await created.json()) as { data: { id: number } }).data.id };
}

const WORDS = {
  en: { needsInfo: 'Needs information', pending: 'Pending', next: 'Next', submit: 'Submit' },
  ar: { needsInfo: 'بحاجة إلى معلومات', pending: 'قيد الانتظار', next: /التالي/, submit: /إرسال/ },
} as const;

for (const lang of ['en', 'ar'] as const) {
  test(`staff ask for more information, the artist reads the message and resubmits (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const w = WORDS[lang];
    const { email, formId } = await artistWithForm(request, lang);
    const message = `Please add the ISRC of the single (${lang} ${Date.now()})`;

    // Staff: the side panel offers Needs information and asks for the message first.
    const staff = await signedInPage(browser, 'admin', 'admin@demo.test', lang);
    await staff.goto(`/admin/forms/${formId}`);
    await staff.getByTestId('form-edit-status').click();
    await staff.getByTestId('form-status-select').click();
    await staff.getByRole('option', { name: w.needsInfo }).click();
    await staff.getByTestId('form-status-save').click();
    await expect(staff.getByTestId('form-status-message')).toHaveAttribute('aria-invalid', 'true');
    await staff.getByTestId('form-status-message').fill(message);
    await staff.getByTestId('form-status-save').click();
    await expect(staff.getByTestId('form-status')).toHaveText(w.needsInfo);
    await expect(staff.getByTestId('form-status-history')).toContainText(message);
    await staff.context().close();

    // The artist reads the status, the message and what to do, then edits and resubmits.
    const artist = await signedInPage(browser, 'web', email, lang, lang === 'ar' ? 390 : 1366);
    await artist.goto(`/forms/${formId}`);
    await expect(artist.getByTestId('form-team-message')).toHaveText(message);
    await expect(artist.getByTestId('form-status-notice')).toContainText(w.needsInfo);
    await artist.getByTestId('form-edit').click();
    await expect(artist.getByTestId('playlist-form-wizard')).toBeVisible();
    const next = artist.getByRole('button', { name: w.next });
    for (let step = 0; step < 4; step += 1) await next.click();
    await artist.getByTestId('form-agree').check();
    await artist.getByRole('button', { name: w.submit }).click();
    await expect(artist.getByTestId('playlist-form-wizard')).toBeHidden({ timeout: 20_000 });
    await expect(artist.getByTestId('form-status-notice')).toContainText(w.pending);
    await expect(artist.getByTestId('form-history')).toContainText(message);
    await artist.context().close();
  });
}

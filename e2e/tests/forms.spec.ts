import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { createVerifiedUser, DEMO_PASSWORD, getAdminToken, signedInPage, TINY_PNG } from './helpers';

/** Screenshots of the journey, looked at by hand. */
const SHOTS = process.env.FORMS_SHOTS_DIR ?? '/tmp/h-forms-shots';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

const MP3 = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(2048)]);

/** A new artist, verified and approved by staff (forms are for approved artists only). */
async function approvedArtist(request: APIRequestContext, lang: string): Promise<string> {
  const email = await createVerifiedUser(request, `forms-${lang}`);
  const login = await request.post('/api/user/login', { data: { email, password: DEMO_PASSWORD } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const info = await request.get('/api/user/info', { headers: { Authorization: `Bearer ${token}` } });
  const id = ((await info.json()) as { data: { id: number } }).data.id;
  const admin = await getAdminToken(request);
  const approve = await request.post(`/api/admin/users/${id}/approve`, {
    headers: { Authorization: `Bearer ${admin}` },
  });
  expect(approve.ok(), await approve.text()).toBeTruthy();
  return email;
}

async function choose(page: Page, testId: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option').first().click();
}

for (const lang of ['en', 'ar'] as const) {
  test(`an approved artist submits a playlist form, staff complete it, the artist connects Spotify (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const email = await approvedArtist(request, lang);
    const artist = await signedInPage(browser, 'web', email, lang);

    // The 5-step wizard.
    await artist.goto('/forms');
    await expect(artist.getByTestId('empty-state')).toBeVisible();
    await artist.getByTestId('new-form').first().click();
    await expect(artist.getByTestId('playlist-form-wizard')).toBeVisible();
    await shot(artist, `wizard-personal-${lang}-1366`);
    const next = artist.getByRole('button', { name: lang === 'en' ? 'Next' : /التالي/ });
    // Next refuses an empty step.
    await next.click();
    await expect(artist.getByTestId('form-phone')).toHaveAttribute('aria-invalid', 'true');
    // Spaces are fine (the playlist form refused them).
    await artist.getByTestId('form-phone').fill('+44 7911 123456');
    await choose(artist, 'form-location');
    await artist
      .getByTestId('autofill-spotify')
      .fill('https://open.spotify.com/track/11dFghVXANMlKmJXsNCbNl');
    await artist.getByTestId('autofill-spotify-run').click();
    await expect(artist.getByTestId('form-track-url')).toHaveValue(
      'https://open.spotify.com/track/11dFghVXANMlKmJXsNCbNl',
    );
    await next.click();

    // Song: Apple fills type and release date; the files are picked (one each).
    await artist.getByTestId('autofill-apple').fill('1234567');
    await artist.getByTestId('autofill-apple-run').click();
    await expect(artist.getByTestId('autofill-found')).toBeVisible();
    await choose(artist, 'form-genre');
    await artist.getByTestId('form-mood').fill('Uplifting');
    await artist.getByTestId('form-bio').fill('A summer song written in one night.');
    await next.click();
    await expect(artist.getByTestId('files-error')).toBeVisible();
    const inputs = artist.locator('[data-testid="file-drop-zone"] input[type="file"]');
    await inputs.nth(0).setInputFiles({ name: 'song.mp3', mimeType: 'audio/mpeg', buffer: MP3 });
    await inputs.nth(1).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect(artist.getByTestId('track-file-name')).toHaveText('song.mp3');
    await expect(artist.getByTestId('cover-file-name')).toHaveText('cover.png');
    await shot(artist, `wizard-song-${lang}-1366`);
    await next.click();

    // Artist details with one reference.
    await artist.getByTestId('form-promotion').fill('Blogs and local radio');
    await artist.getByTestId('form-achievements').fill('Opened for a national tour');
    await artist.getByTestId('form-distributor').fill('DistroKid');
    await artist.getByTestId('form-upc').fill('123456789012');
    await artist.getByTestId('add-reference').click();
    await artist
      .getByRole('textbox', { name: lang === 'en' ? 'Reference 1' : 'المرجع 1' })
      .fill('https://blog.example/review');
    await next.click();

    // Extra info: the Apple track ID came from the autofill.
    await expect(artist.getByTestId('form-apple-id')).toHaveValue('1234567');
    await next.click();

    // About: Submit waits for 'I agree'.
    const submit = artist.getByRole('button', { name: lang === 'en' ? 'Submit' : /إرسال/ });
    await expect(submit).toBeDisabled();
    await artist.getByTestId('form-agree').check();
    await expect(submit).toBeEnabled();
    await shot(artist, `wizard-about-${lang}-1366`);
    await submit.click();
    await expect(artist.getByTestId('playlist-form-wizard')).toBeHidden({ timeout: 20_000 });
    const row = artist.getByRole('row').filter({ hasText: 'open.spotify.com/track/11dFghVXANMlKmJXsNCbNl' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(lang === 'en' ? 'Pending' : 'قيد الانتظار');
    const formId = Number(/#(\d+)/.exec((await row.textContent()) ?? '')![1]);
    await expectAccessible(artist);
    await shot(artist, `forms-list-${lang}-1366`);

    // Staff open it and complete it in the Edit Form side panel.
    const staff = await signedInPage(browser, 'admin', 'admin@demo.test', lang);
    await staff.goto('/admin/forms/list');
    await staff
      .getByRole('row')
      .filter({ hasText: `#${formId}` })
      .click();
    await expect(staff).toHaveURL(new RegExp(`/admin/forms/${formId}$`));
    await expect(staff.getByTestId('form-references')).toContainText('https://blog.example/review');
    await staff.getByTestId('form-edit-status').click();
    await expect(staff.getByRole('dialog')).toBeVisible();
    await staff.getByTestId('form-status-select').click();
    await staff.getByRole('option', { name: lang === 'en' ? 'Completed' : 'مكتمل' }).click();
    await staff.getByTestId('form-status-save').click();
    await expect(staff.getByTestId('form-status')).toHaveText(lang === 'en' ? 'Completed' : 'مكتمل');
    await expectAccessible(staff);
    await shot(staff, `admin-form-${lang}-1366`);
    await staff.context().close();

    await artist.reload();
    await expect(
      artist.getByRole('row').filter({ hasText: 'open.spotify.com/track/11dFghVXANMlKmJXsNCbNl' }),
    ).toContainText(lang === 'en' ? 'Completed' : 'مكتمل');

    // Connections: the artist connects their Spotify artist profile and sees its tracks.
    await artist.goto('/connections');
    await artist.getByTestId('artist-link').fill('https://open.spotify.com/track/11dFghVXANMlKmJXsNCbNl');
    await artist.getByTestId('connect-artist').click();
    await expect(artist.getByTestId('artist-link')).toHaveAttribute('aria-invalid', 'true');
    await expect(
      artist
        .getByText(lang === 'en' ? /Paste the link of your Spotify artist page/ : /الصق رابط صفحتك/)
        .first(),
    ).toBeVisible();
    const artistId = `E2e${lang}${Date.now().toString(36)}`.padEnd(22, 'Q').slice(0, 22);
    await artist.getByTestId('artist-link').fill(`https://open.spotify.com/artist/${artistId}`);
    await artist.getByTestId('connect-artist').click();
    await expect(artist.getByTestId('artist-profile')).toHaveCount(1);
    await expect(artist.getByTestId('artist-track').first()).toBeVisible();
    expect(await artist.getByTestId('artist-track').count()).toBeGreaterThanOrEqual(3);
    await expectAccessible(artist);
    await shot(artist, `connections-${lang}-1366`);

    // The express wizard offers those tracks instead of a pasted link.
    await artist.goto('/create/express/campaign');
    await artist.getByTestId('own-track-picker').click();
    await artist.getByRole('option').first().click();
    await expect(artist.getByTestId('track-link')).toHaveValue(/^https:\/\/open\.spotify\.com\/track\//);

    await artist.context().close();

    // Phones: the same screens at 390 px.
    const phone = await signedInPage(browser, 'web', email, lang, 390);
    await phone.goto('/forms');
    await expect(phone.getByTestId('list-card').first()).toBeVisible({ timeout: 30_000 });
    await shot(phone, `forms-list-${lang}-390`);
    await phone.getByTestId('new-form').first().click();
    await expect(phone.getByTestId('playlist-form-wizard')).toBeVisible();
    await shot(phone, `wizard-personal-${lang}-390`);
    await phone.goto('/connections');
    await expect(phone.getByTestId('artist-track').first()).toBeVisible({ timeout: 30_000 });
    await shot(phone, `connections-${lang}-390`);
    const staffPhone = await signedInPage(browser, 'admin', 'admin@demo.test', lang, 390);
    await staffPhone.goto(`/admin/forms/${formId}`);
    await expect(staffPhone.getByTestId('form-status')).toBeVisible({ timeout: 30_000 });
    await shot(staffPhone, `admin-form-${lang}-390`);
    await staffPhone.goto('/admin/forms/list');
    await expect(staffPhone.getByTestId('list-card').first()).toBeVisible({ timeout: 30_000 });
    await shot(staffPhone, `admin-forms-list-${lang}-390`);
  });
}

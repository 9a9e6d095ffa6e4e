import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  createVerifiedUser,
  DEMO_PASSWORD,
  getAdminToken,
  shotWithoutOverflow,
  signInAdmin,
} from './helpers';

// Issue 36 "Lists": staff select tickets on the desk, set their status in bulk, and see per ticket what
// was done and what was refused and why. Every attempt opens its own tickets with a subject tag of its
// own and finds them by it (a retry never counts what the first attempt created).

/** A fresh user opens `count` tickets whose subjects carry `tag`; answers their ids. */
async function openTickets(request: APIRequestContext, tag: string, count: number): Promise<number[]> {
  const email = await createVerifiedUser(request, tag, 1);
  const login = await request.post('/api/user/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBeTruthy();
  const headers = {
    Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`,
  };
  const departments = await request.get('/api/tickets_department_q', { headers });
  const departmentId = ((await departments.json()) as { data: { id: number }[] }).data[0]!.id;
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const opened = await request.post('/api/tickets', {
      headers,
      data: {
        ticket_subject: `Bulk ${tag} ${i}`,
        initial_message: 'My campaign has not started.',
        department_id: departmentId,
      },
    });
    expect(opened.ok(), await opened.text()).toBeTruthy();
    ids.push(((await opened.json()) as { data: { id: number } }).data.id);
  }
  return ids;
}

const CASES = [
  { language: 'en' as const, width: 1366, height: 900, refusal: /not found/i, refused: 'Refused' },
  { language: 'ar' as const, width: 390, height: 844, refusal: /./, refused: /.+/ },
];

for (const { language, width, height, refusal, refused } of CASES) {
  test(`staff resolve selected tickets in bulk and see which one was refused and why (${language}, ${width} px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const tag = `tb${randomUUID().slice(0, 8)}`;
    const [gone, ...kept] = (await openTickets(request, tag, 3)) as [number, number, number];
    const headers = { Authorization: `Bearer ${await getAdminToken(request)}` };

    await page.setViewportSize({ width, height });
    await signInAdmin(page, language);
    await page.goto(`/admin/tickets/list?q=${tag}`);
    // Phones show the list as cards, each with its own selection checkbox.
    const rows = width < 600 ? page.getByTestId('list-card') : page.locator('table tbody tr');
    await expect(rows).toHaveCount(3);
    for (let i = 0; i < 3; i++) await rows.nth(i).getByRole('checkbox').check();
    await expect(page.getByTestId('bulk-count')).toContainText(/3|٣/);
    // The status is chosen in the bar; the button waits for it.
    await expect(page.getByTestId('bulk-status')).toBeDisabled();
    await page.getByTestId('bulk-status-pick').click();
    // Statuses staff may set: In Progress, Resolved, Closed, Waiting on User.
    await page.getByRole('option').nth(1).click();
    await shotWithoutOverflow(page, test.info().outputPath('shots'), `bar-${language}-${width}`);

    // Another agent deletes one of them meanwhile: the bulk refuses it and resolves the others.
    const deleted = await request.delete(`/api/ticket/${gone}`, { headers });
    expect(deleted.ok(), await deleted.text()).toBeTruthy();

    await page.getByTestId('bulk-status').click();
    await expect(page.getByRole('dialog')).toContainText(language === 'en' ? '3 tickets' : '3');
    await page.getByTestId('bulk-confirm').click();
    const result = page.getByTestId('bulk-result');
    await expect(result).toBeVisible();
    await expect(result.getByTestId(`bulk-result-${gone}`)).toContainText(refusal);
    await expect(result.getByTestId(`bulk-result-${gone}`).locator('.mantine-Badge-root')).toHaveText(
      refused,
    );
    for (const id of kept) await expect(result.getByTestId(`bulk-result-${id}`)).toBeVisible();
    await shotWithoutOverflow(page, test.info().outputPath('shots'), `result-${language}-${width}`);
    await page.getByTestId('bulk-result-close').click();
    await expect(rows).toHaveCount(2);

    const list = await request.get(`/api/admin/tickets?q=${tag}`, { headers });
    const data = ((await list.json()) as { data: { id: number; status_id: number }[] }).data;
    expect(data.map((t) => [t.id, t.status_id]).sort()).toEqual(kept.map((id) => [id, 3]).sort());
  });
}

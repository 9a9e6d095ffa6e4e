import { beforeAll, describe, expect, it } from 'vitest';
import { seedWalletDemo } from '../modules/wallet/wallet.demo';
import { testAppForFile } from '../test/harness';
import { seedReferenceTranslations } from './reference-translations';

/**
 * reference records (coin packages, Fan Finder plans, tiers, ticket departments,
 * decline reasons) have a text per language, edited by staff, shown in the reader's language with
 * English as the fallback; the response fields old clients read stay.
 */
let admin: string;

const ctx = testAppForFile();
beforeAll(async () => {
  await seedWalletDemo(ctx.deps.database);
  await seedReferenceTranslations(ctx.deps.database);
  const a = await ctx.makeAdmin();
  admin = await ctx.loginAdmin(a.email);
});

async function userToken(userTypeId: 1 | 2 | 3) {
  const user = await ctx.makeUser({ userTypeId });
  return ctx.loginUser(user.email);
}
const get = (url: string, token: string, lang: string) =>
  ctx.call('GET', url, { token, headers: { 'x-lang': lang } });

describe('reference data in the reader’s language', () => {
  it('answers the seeded records in each language, English for English readers', async () => {
    const artist = await userToken(1);
    const names = async (url: string, lang: string, field = 'name') =>
      ((await get(url, artist, lang)).json().data as Record<string, string>[]).map((r) => r[field]);

    expect(await names('/api/wallet/user/get/all-packages', 'en')).toEqual([
      'Starter',
      'Growth',
      'Pro',
      'Label',
    ]);
    expect(await names('/api/wallet/user/get/all-packages', 'fr')).toEqual([
      'Découverte',
      'Croissance',
      'Professionnel',
      'Label',
    ]);
    expect(await names('/api/wallet/user/get/all-packages', 'ar')).toContain('باقة النمو');
    expect(await names('/api/fan/finder/get/all-plans', 'de', 'plan_name')).toEqual([
      'Monatlich',
      'Vierteljährlich',
    ]);
    expect(await names('/api/fan/finder/get/all-plans', 'tr', 'plan_name')).toEqual(['Aylık', 'Üç aylık']);

    const tiers = (await get('/api/express/curator/all-tiers', artist, 'fr')).json().data;
    expect(tiers[0]).toMatchObject({
      tier_name: 'Débutant',
      name: 'Débutant',
      description: 'Playlists jusqu’à 10 k abonnés',
    });
    expect(tiers[0].translations).toBeUndefined();
    const tiktok = (await get('/api/express-tiktok/user/get-tiers', artist, 'de')).json().data;
    expect(tiktok.map((t: { name: string }) => t.name)).toEqual(['Nano', 'Mikro', 'Mittel', 'Makro']);
    const userTiers = (await get('/api/tier/getAllTiersWithQ', artist, 'tr')).json().data;
    expect(userTiers.map((t: { name: string }) => t.name)).toContain('Altın');
    const departments = (await get('/api/tickets_department_q', artist, 'ar')).json().data;
    expect(departments.map((d: { department_name: string }) => d.department_name)).toContain('الحملات');

    const curator = await userToken(2);
    const reasons = (await get('/api/express/curator/campaign/reasons', curator, 'fr')).json().data;
    expect(reasons[0]).toEqual({
      id: expect.any(Number),
      reason: 'Ne correspond pas au genre de la playlist',
    });
  });

  it('lets staff edit the texts side by side and falls back to English where one is missing', async () => {
    const created = await ctx.call('POST', '/api/admin/wallet/packages', {
      token: admin,
      body: {
        name: 'Boost',
        coins: 50,
        price: 4500,
        translations: { name: { fr: 'Coup de pouce', ar: '  ', de: '' } },
      },
    });
    expect(created.statusCode).toBe(201);
    // Blank texts are not stored: those languages read English.
    expect(created.json().data).toMatchObject({
      name: 'Boost',
      translations: { name: { fr: 'Coup de pouce' } },
    });
    const id = created.json().data.id;
    const artist = await userToken(1);
    const shown = async (lang: string) =>
      (
        (await get('/api/wallet/user/get/all-packages', artist, lang)).json().data as {
          id: number;
          name: string;
        }[]
      ).find((p) => p.id === id)?.name;
    expect(await shown('fr')).toBe('Coup de pouce');
    expect(await shown('ar')).toBe('Boost');
    expect(await shown('de')).toBe('Boost');

    // An edit without `translations` keeps them; one with them replaces them.
    const kept = await ctx.call('PUT', `/api/admin/wallet/packages/${id}`, {
      token: admin,
      body: { name: 'Boost', coins: 50, price: 4500 },
    });
    expect(kept.json().data.translations).toEqual({ name: { fr: 'Coup de pouce' } });
    await ctx.call('PUT', `/api/admin/wallet/packages/${id}`, {
      token: admin,
      body: { name: 'Boost', coins: 50, price: 4500, translations: { name: { de: 'Schub', tr: 'Destek' } } },
    });
    expect(await shown('de')).toBe('Schub');
    expect(await shown('fr')).toBe('Boost');

    const plan = await ctx.call('POST', '/api/admin/fan-finder/plans', {
      token: admin,
      body: {
        plan_name: 'Weekly',
        plan_days: 7,
        price: 90,
        features: [],
        translations: { plan_name: { fr: 'Hebdomadaire', ar: 'أسبوعي' } },
      },
    });
    expect(plan.statusCode).toBe(201);
    const plans = (await get('/api/fan/finder/get/all-plans', artist, 'ar')).json().data;
    expect(plans.map((p: { plan_name: string }) => p.plan_name)).toContain('أسبوعي');

    const reason = await ctx.call('POST', '/api/admin/express/reasons', {
      token: admin,
      body: { reason: 'Too short', translations: { reason: { tr: 'Çok kısa' } } },
    });
    expect(reason.statusCode).toBe(201);
    const tier = await ctx.call('PUT', '/api/admin/tiers/1', {
      token: admin,
      body: {
        name: 'Bronze',
        translations: { name: { fr: 'Bronze clair' }, description: { fr: 'Petits comptes' } },
      },
    });
    expect(tier.statusCode).toBe(200);
    expect(tier.json().data.translations).toEqual({
      name: { fr: 'Bronze clair' },
      description: { fr: 'Petits comptes' },
    });
    const department = await ctx.call('POST', '/api/tickets_departments', {
      token: admin,
      body: { department_name: 'Partnerships', translations: { department_name: { fr: 'Partenariats' } } },
    });
    expect(department.statusCode).toBe(200);
    const listed = (await ctx.call('GET', '/api/tickets_departments', { token: admin })).json().data;
    expect(
      listed.find((d: { department_name: string }) => d.department_name === 'Partnerships').translations,
    ).toEqual({
      department_name: { fr: 'Partenariats' },
    });
    const staffTiers = (await ctx.call('GET', '/api/admin/express/tiers', { token: admin })).json().data;
    expect(staffTiers[0]).toMatchObject({
      tier_name: 'Starter',
      translations: { tier_name: { fr: 'Débutant' } },
    });
  });

  it('refuses unknown languages or fields and too long texts with translated errors, changing nothing', async () => {
    const before = (await ctx.call('GET', '/api/admin/wallet/packages', { token: admin })).json().data.length;
    const unknown = await ctx.call('POST', '/api/admin/wallet/packages', {
      token: admin,
      headers: { 'x-lang': 'fr' },
      body: { name: 'Odd', coins: 10, price: 900, translations: { name: { es: 'Raro' } } },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors['translations.name']).toEqual([
      'Seuls des textes en français, allemand, arabe et turc des champs de cet élément peuvent être donnés',
    ]);
    const field = await ctx.call('POST', '/api/admin/fan-finder/plans', {
      token: admin,
      headers: { 'x-lang': 'de' },
      body: { plan_name: 'Odd', plan_days: 7, price: 10, features: [], translations: { name: { fr: 'x' } } },
    });
    expect(field.statusCode).toBe(422);
    expect(field.json().errors.translations[0]).toMatch(/^Nur französische/);
    const long = await ctx.call('POST', '/api/admin/express/reasons', {
      token: admin,
      headers: { 'x-lang': 'ar' },
      body: { reason: 'Odd', translations: { reason: { ar: 'ا'.repeat(201) } } },
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors['translations.reason.ar']).toHaveLength(1);
    expect(long.json().errors['translations.reason.ar'][0]).not.toBe('validation.too_long');
    const genre = await ctx.call('POST', '/api/admin/genres', {
      token: admin,
      body: { name: 'odd-genre', translations: { name: { fr: 'x' } } },
    });
    expect(genre.statusCode).toBe(422);
    expect((await ctx.call('GET', '/api/admin/wallet/packages', { token: admin })).json().data).toHaveLength(
      before,
    );
  });
});

import { idNameSchema, lookupEntrySchema, sliderSchema, userTypeCountSchema } from '@lm/contracts/staff';
import { translationsSchema } from '@lm/contracts/translations';
import { z } from 'zod';
import { adminAccess, adminActor, PUBLIC } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope, idParams, messageOnly, updateSchema } from '../../platform/http';
import { t } from '../../platform/i18n';
import { listPage, listPaging, listSchema } from '../../platform/list-routes';
import * as service from './admin-lookups.service';

/**
 * Permission of the lookup screens. Spec section 2 names none for /genres/list, /interests/list,
 * /userTypes/list, /tiers/list; view.main.genres.tab.list (the reference-data area of section 6)
 * covers them all and the sliders (docs/decisions.md).
 */
export const LOOKUPS_PERMISSION = 'view.main.genres.tab.list';

const name = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(100, 'validation.too_long');
const namedBody = z.object({
  name,
  description: z.string().trim().max(1000, 'validation.too_long').nullable().optional(),
  /** Tiers only: name and description in French, German, Arabic and Turkish. */
  translations: translationsSchema({ name: 100, description: 1000 }).optional(),
  is_active: z.boolean().default(true),
});
const sliderBody = z.object({
  title: z.string().trim().max(150, 'validation.too_long').nullable().optional(),
  image: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(300),
  link: z
    .union([
      z.literal(''),
      z.null(),
      z.url({ protocol: /^https?$/, error: 'validation.url_invalid' }).max(500),
    ])
    .optional(),
  position: z.number().int().min(0).max(10_000).default(0),
  is_active: z.boolean().default(true),
});
const tags = ['lookups'];

/**
 * Back-office CRUD of the lookups (spec section 2 lists and section 7 "Admin: CRUD for genres, tiers,
 * userTypes, interests, sliders"), and the user app's `user/slider`.
 */
export const adminLookupsRoutes: RouteModule = (app, deps) => {
  const access = adminAccess(LOOKUPS_PERMISSION);
  const entryPage = listPaging(['id', 'name'] as const, { column: 'name', dir: 'asc' });
  for (const kind of service.NAMED_LOOKUPS) {
    const base = `/api/admin/${kind}`;
    app.get(
      base,
      {
        config: { access },
        schema: { tags, ...listSchema(lookupEntrySchema) },
      },
      async (req) => {
        const { q, filter = {} } = req.query;
        const active = Array.isArray(filter.is_active) ? filter.is_active[0] : filter.is_active;
        const page = await service.listNamed(deps.database, kind, {
          ...entryPage(req.query),
          q,
          active:
            active === '1' || active === 'true'
              ? true
              : active === '0' || active === 'false'
                ? false
                : undefined,
        });
        return listPage(page, req.query);
      },
    );
    app.post(
      base,
      {
        config: { access },
        schema: { tags, body: namedBody, response: { 201: envelope(lookupEntrySchema) } },
      },
      async (req, reply) => {
        const data = await service.saveNamed(deps, adminActor(req), kind, req.body);
        return reply.status(201).send({ data, message: t(req.lang, 'common.created') });
      },
    );
    app.put(
      `${base}/:id`,
      {
        config: { access },
        schema: { tags, ...updateSchema(namedBody, lookupEntrySchema) },
      },
      async (req) => ({
        data: await service.saveNamed(deps, adminActor(req), kind, req.body, req.params.id),
        message: t(req.lang, 'common.saved'),
      }),
    );
    app.delete(
      `${base}/:id`,
      { config: { access }, schema: { tags, params: idParams, response: { 200: messageOnly } } },
      async (req) => {
        await service.deleteNamed(deps, adminActor(req), kind, req.params.id);
        return { message: t(req.lang, 'common.deleted') };
      },
    );
  }

  app.get(
    '/api/admin/user-types',
    {
      config: { access },
      schema: {
        tags,
        response: {
          200: envelope(z.array(userTypeCountSchema)),
        },
      },
    },
    async () => ({ data: await service.listUserTypesWithUsage(deps.database) }),
  );
  app.put(
    '/api/admin/user-types/:id',
    {
      config: { access },
      schema: {
        tags,
        params: idParams,
        body: z.object({ name: name.max(50, 'validation.too_long') }),
        response: { 200: envelope(idNameSchema) },
      },
    },
    async (req) => ({
      data: await service.renameUserType(deps, adminActor(req), req.params.id, req.body.name),
      message: t(req.lang, 'common.saved'),
    }),
  );

  app.get(
    '/api/user/slider',
    { config: { access: PUBLIC }, schema: { tags, response: { 200: envelope(z.array(sliderSchema)) } } },
    async () => ({ data: await service.listSliders(deps, true) }),
  );
  app.get(
    '/api/admin/sliders',
    { config: { access }, schema: { tags, response: { 200: envelope(z.array(sliderSchema)) } } },
    async () => ({ data: await service.listSliders(deps, false) }),
  );
  app.post(
    '/api/admin/sliders',
    { config: { access }, schema: { tags, body: sliderBody, response: { 201: envelope(sliderSchema) } } },
    async (req, reply) => {
      const data = await service.saveSlider(deps, adminActor(req), {
        ...req.body,
        link: req.body.link || null,
      });
      return reply.status(201).send({ data, message: t(req.lang, 'common.created') });
    },
  );
  app.put(
    '/api/admin/sliders/:id',
    {
      config: { access },
      schema: { tags, ...updateSchema(sliderBody, sliderSchema) },
    },
    async (req) => ({
      data: await service.saveSlider(
        deps,
        adminActor(req),
        { ...req.body, link: req.body.link || null },
        req.params.id,
      ),
      message: t(req.lang, 'common.saved'),
    }),
  );
  app.delete(
    '/api/admin/sliders/:id',
    { config: { access }, schema: { tags, params: idParams, response: { 200: messageOnly } } },
    async (req) => {
      await service.deleteSlider(deps, adminActor(req), req.params.id);
      return { message: t(req.lang, 'common.deleted') };
    },
  );
};

import {
  resultTrackSchema,
  S4A_UPLOAD_MAX_BYTES,
  statUploadAnswer,
  statUploadSchema,
} from '@lm/contracts/results';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser, forArtist, userAccess } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { ValidationError } from '../../platform/errors';
import { envelope, idParams, messageOnly } from '../../platform/http';
import { t } from '../../platform/i18n';
import { listPage, listSchema } from '../../platform/list-routes';
import { deleteUpload, listUploads, resultTracks, uploadStats } from './results.uploads';

const ARTIST = 'ARTIST_PERMISSION';
const tags = ['results'];
/** Room for the multipart framing and the `track_id` field around a file of the largest size. */
const MULTIPART_OVERHEAD = 16 * 1024;

const uploadBody = z.object({ track_id: z.string().trim().max(40).optional() });

/** The file part of each upload request, read before validation (the body schema holds the fields). */
const files = new WeakMap<FastifyRequest, { bytes: Buffer; filename: string }>();

const tooLarge = () =>
  new ValidationError({
    file: [{ key: 'results.csv.too_large', params: { maximum: S4A_UPLOAD_MAX_BYTES / 1024 } }],
  });

/**
 * Reads the multipart upload (`file`, `track_id`) with the export's own size limit: a request whose
 * declared length is already too large is refused before a byte is read, and a file growing past the
 * limit while streaming is refused there (422 `results.csv.too_large`, never 413 or 500). A request
 * that is not multipart passes with an empty body (the handler then asks for the file).
 */
async function readUpload(req: FastifyRequest) {
  if (Number(req.headers['content-length'] ?? 0) > S4A_UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD)
    throw tooLarge();
  if (!req.isMultipart()) {
    req.body = {};
    return;
  }
  const body: Record<string, string> = {};
  const parts = req.parts({ limits: { fileSize: S4A_UPLOAD_MAX_BYTES, files: 1, fields: 4 } });
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file') files.set(req, { bytes, filename: part.filename });
      } else if (part.fieldname === 'track_id') {
        body.track_id = String(part.value);
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code?.startsWith('FST_')) throw new ValidationError({ file: ['results.upload.file_required'] });
    throw err;
  }
  req.body = body;
}

/**
 * The artist's Spotify for Artists uploads (issue "Results"): upload an export, list and delete them,
 * and the tracks a song timeline can be uploaded for. Thin: `results.uploads.ts` holds the rules.
 */
export const resultsUploadRoutes: RouteModule = (app, deps) => {
  app.post(
    '/api/results/uploads',
    {
      config: { access: forArtist(userAccess(ARTIST), 'manage') },
      preValidation: readUpload,
      schema: {
        tags,
        description:
          'Multipart: `file` (a Spotify for Artists CSV export, at most 1 MiB) and `track_id` (a Spotify track ' +
          'of one of the artist’s Spotify campaigns; needed for a song timeline). 201 with the new upload, ' +
          '200 with `created: false` when the same file was uploaded before.',
        consumes: ['multipart/form-data'],
        body: uploadBody,
        response: { 200: statUploadAnswer, 201: statUploadAnswer },
      },
    },
    async (req, reply) => {
      const file = files.get(req);
      if (!file) throw new ValidationError({ file: ['results.upload.file_required'] });
      const { upload, created } = await uploadStats(deps, {
        artistId: currentUser(req).id,
        trackId: req.body.track_id || null,
        fileName: file.filename,
        bytes: file.bytes,
      });
      return reply.status(created ? 201 : 200).send({ data: upload, created });
    },
  );

  app.get(
    '/api/results/uploads',
    {
      config: { access: forArtist(userAccess(ARTIST), 'read') },
      schema: { tags, ...listSchema(statUploadSchema) },
    },
    async (req) => {
      const paging = { page: req.query.page, limit: req.query.limit };
      return listPage(await listUploads(deps, currentUser(req).id, paging), paging);
    },
  );

  app.delete(
    '/api/results/uploads/:id',
    {
      config: { access: forArtist(userAccess(ARTIST), 'manage') },
      schema: { tags, params: idParams, response: { 200: messageOnly } },
    },
    async (req) => {
      await deleteUpload(deps, currentUser(req).id, req.params.id);
      return { message: t(req.lang, 'results.upload.deleted') };
    },
  );

  app.get(
    '/api/results/tracks',
    {
      config: { access: forArtist(userAccess(ARTIST), 'read') },
      schema: { tags, response: { 200: envelope(z.array(resultTrackSchema)) } },
    },
    async (req) => ({ data: await resultTracks(deps, currentUser(req).id) }),
  );
};

import fastifyStatic from '@fastify/static';
import { z } from 'zod';
import { clientInfo } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { AppError, ValidationError } from '../../platform/errors';
import { envelope } from '../../platform/http';
import { storeUpload } from './files.service';
import { isPrivateKey } from './storage';

/**
 * File kinds accepted by upload (type checked by content, not by the name): images for avatars and
 * covers, audio/video for tracks and media (spec section 5: mp3/wav audio, png/jpg/jpeg/gif images,
 * mp3/mp4 media up to 50 MB), PDF for attachments.
 */
export const ALLOWED_UPLOADS: Record<string, { ext: string; maxBytes: number }> = {
  'image/png': { ext: 'png', maxBytes: 10 * 1024 * 1024 },
  'image/jpeg': { ext: 'jpg', maxBytes: 10 * 1024 * 1024 },
  'image/gif': { ext: 'gif', maxBytes: 10 * 1024 * 1024 },
  'audio/mpeg': { ext: 'mp3', maxBytes: 50 * 1024 * 1024 },
  'audio/wav': { ext: 'wav', maxBytes: 50 * 1024 * 1024 },
  'audio/x-wav': { ext: 'wav', maxBytes: 50 * 1024 * 1024 },
  'video/mp4': { ext: 'mp4', maxBytes: 50 * 1024 * 1024 },
  'application/pdf': { ext: 'pdf', maxBytes: 10 * 1024 * 1024 },
};

const uploadAnswer = envelope(
  z.object({ file: z.string(), url: z.string(), mime: z.string(), size: z.number() }),
);

/** `file/upload`, `file/new-upload` (spec section 7 "Files"), for users and admins; local files at /storage. */
export const filesRoutes: RouteModule = async (app, { database, storage }) => {
  if (storage.localRoot) {
    await app.register(fastifyStatic, {
      root: storage.localRoot,
      prefix: '/storage/',
      decorateReply: false,
      serve: true,
      // Private keys (ticket attachments) are read only through their access-checked routes.
      allowedPath: (pathName) => !isPrivateKey(decodeURIComponent(pathName)),
      // Uploaded files are served as downloads with their detected type only.
      setHeaders: (res) => {
        res.header('x-content-type-options', 'nosniff');
        res.header('content-security-policy', "default-src 'none'");
      },
    });
  }

  const handler = async (req: import('fastify').FastifyRequest) => {
    const part = await req.file();
    if (!part) throw new ValidationError({ file: ['validation.file_required'] });
    const bytes = await part.toBuffer().catch((err: { code?: string }) => {
      if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'errors.payload_too_large');
      throw err;
    });
    const principal = req.principal;
    const { key, mime, size } = await storeUpload(
      { database, storage },
      {
        field: 'file',
        bytes,
        filename: part.filename,
        allowed: ALLOWED_UPLOADS,
        uploader: principal ? { kind: principal.kind, id: principal.id } : null,
        info: clientInfo(req),
      },
    );
    return { data: { file: key, url: storage.url(key), mime, size } };
  };

  for (const url of ['/api/file/upload', '/api/file/new-upload']) {
    app.post(
      url,
      {
        config: { access: { kind: 'any' } },
        schema: { response: { 200: uploadAnswer }, tags: ['files'], consumes: ['multipart/form-data'] },
      },
      handler,
    );
  }
};

import { randomUUID } from 'node:crypto';
import { UPLOAD_KEY_PATTERN } from '@lm/contracts';
import { and, eq, type SQL } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Database, Tx } from '../../db/client';
import { ValidationError } from '../../platform/errors';
import { audit } from '../audit';
import { files } from './files.schema';
import type { Storage } from './storage';

/** A new storage key for an upload made at `now` with extension `ext` (`2026/05/<uuid>.png`). */
export function newUploadKey(now: Date, ext: string): string {
  return `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.${ext}`;
}

/** Whether `value` has the shape of a key `file/upload` answers (never a URL or a path elsewhere). */
export function isUploadKey(value: string): boolean {
  return UPLOAD_KEY_PATTERN.test(value);
}

/** What an image field must be: allowed types, the message for another type, and whose upload. */
export interface UploadedImageRule {
  mimes: readonly string[];
  typeMessage: string;
  /** A user's own profile takes only that user's uploads; staff forms take any upload. */
  uploader?: { userId: number } | { adminId: number };
}

/**
 * Why `key` is not acceptable in an image field, or null when it names an image stored through
 * `file/upload` (image fields take only our own stored files, so no browser is sent
 * to another site by a profile picture).
 * @returns 'validation.upload_key' (not an upload key), 'validation.upload_not_yours' (no such upload
 *   by that uploader), `rule.typeMessage` (another type), or null
 */
export async function uploadedImageProblem(
  db: Database | Tx,
  key: string,
  rule: UploadedImageRule,
): Promise<string | null> {
  if (!isUploadKey(key)) return 'validation.upload_key';
  const owner: SQL | undefined = !rule.uploader
    ? undefined
    : 'userId' in rule.uploader
      ? eq(files.userId, rule.uploader.userId)
      : eq(files.adminId, rule.uploader.adminId);
  const [file] = await db.db
    .select({ mime: files.mime })
    .from(files)
    .where(and(eq(files.path, key), owner))
    .limit(1);
  if (!file) return 'validation.upload_not_yours';
  return rule.mimes.includes(file.mime) ? null : rule.typeMessage;
}

/**
 * `uploadedImageProblem` as a guard.
 * @throws ValidationError 422 on `field` with the problem's message
 */
export async function assertUploadedImage(
  db: Database | Tx,
  field: string,
  key: string,
  rule: UploadedImageRule,
): Promise<void> {
  const problem = await uploadedImageProblem(db, key, rule);
  if (problem) throw new ValidationError({ [field]: [problem] });
}

/** Who uploads a file: the signed-in user or admin, or null for a guest upload. */
export type Uploader = { kind: 'user' | 'admin'; id: number } | null;

/**
 * The one upload path (`file/upload`, `file/new-upload`, a campaign's `media_link`...): checks the
 * file's type by its content against `allowed` (mime → extension and largest size in bytes), stores
 * the bytes under a new upload key, records the file in `files` (original name cut to 255) for its
 * uploader, and audits an admin's upload.
 * @returns the storage key, the detected type and the size in bytes
 * @throws ValidationError 422 on `field`: 'validation.file_type' or 'validation.file_too_large'
 */
export async function storeUpload(
  deps: { database: Database; storage: Storage },
  input: {
    field: string;
    bytes: Buffer;
    filename: string | undefined;
    allowed: Record<string, { ext: string; maxBytes: number }>;
    uploader: Uploader;
    info: { ip: string; userAgent: string | null };
  },
): Promise<{ key: string; mime: string; size: number }> {
  const detected = await fileTypeFromBuffer(input.bytes);
  const rule = detected ? input.allowed[detected.mime] : undefined;
  if (!detected || !rule) throw new ValidationError({ [input.field]: [{ key: 'validation.file_type' }] });
  if (input.bytes.length > rule.maxBytes) {
    throw new ValidationError({
      [input.field]: [
        { key: 'validation.file_too_large', params: { max: `${Math.round(rule.maxBytes / 1048576)} MB` } },
      ],
    });
  }
  const key = newUploadKey(new Date(), rule.ext);
  await deps.storage.put(key, input.bytes, detected.mime);
  await deps.database.db.insert(files).values({
    path: key,
    originalName: (input.filename || 'file').slice(0, 255),
    mime: detected.mime,
    sizeBytes: input.bytes.length,
    driver: deps.storage.driver,
    userId: input.uploader?.kind === 'user' ? input.uploader.id : null,
    adminId: input.uploader?.kind === 'admin' ? input.uploader.id : null,
  });
  if (input.uploader?.kind === 'admin') {
    await audit(
      deps.database,
      { type: 'admin', id: input.uploader.id, ...input.info },
      { action: 'files.upload', targetType: 'file', targetId: key },
    );
  }
  return { key, mime: detected.mime, size: input.bytes.length };
}

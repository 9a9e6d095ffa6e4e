import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config/env';

/** Where uploaded bytes go: local disk (default) or an S3-compatible bucket. */
export interface Storage {
  driver: 'local' | 's3';
  /** Store `bytes` under `key` (a safe generated name). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Public URL of a stored key (never of a PRIVATE_PREFIX key: /storage refuses those). */
  url(key: string): string;
  /** The stored bytes of `key` as a stream, or null when nothing is stored there. */
  read(key: string): Promise<Readable | null>;
  /**
   * Move a stored object under PRIVATE_PREFIX (served only through an access-checked route) and
   * answer its new key; a key already private, or already moved, answers the same key again.
   */
  makePrivate(key: string): Promise<string>;
  /**
   * Every stored key (public and private), in no particular order: what `npm run backup` copies and
   * what `npm run restore` checks is empty (issue 33).
   */
  list(): AsyncIterable<string>;
  /** Local directory served at /storage (local driver only). */
  localRoot?: string;
}

/**
 * Keys under this prefix are never served at /storage (local driver) and must be left out of the
 * bucket's public-read policy (S3): ticket attachments live there.
 */
export const PRIVATE_PREFIX = 'private/';

/** Whether a key (or a /storage path) names a private object. */
export const isPrivateKey = (key: string): boolean => key.replace(/^\/+/, '').startsWith(PRIVATE_PREFIX);

const privateKeyOf = (key: string) => (isPrivateKey(key) ? key : `${PRIVATE_PREFIX}${key}`);

/**
 * Build the storage for `config.STORAGE_DRIVER`. With `s3`, the AWS SDK (about 6 MiB of heap once
 * loaded) is imported and its client built on the first call that needs it, not at start: most
 * requests never touch a file (resident memory under 300 MB; docs/decisions.md "Memory
 * under load (session 8)"). `url` needs no client.
 */
export function createStorage(config: Config): Storage {
  if (config.STORAGE_DRIVER === 's3') {
    let loaded: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined;
    /** The SDK and one client, created on first use (a failed import is retried by the next call). */
    const s3 = () => {
      loaded ??= import('@aws-sdk/client-s3').then(
        (sdk) => ({
          sdk,
          client: new sdk.S3Client({
            region: config.S3_REGION,
            endpoint: config.S3_ENDPOINT,
            forcePathStyle: Boolean(config.S3_ENDPOINT),
            credentials:
              config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
                : undefined,
          }),
        }),
        (err: unknown) => {
          loaded = undefined;
          throw err;
        },
      );
      return loaded;
    };
    const bucket = config.S3_BUCKET ?? '';
    const base = (config.S3_PUBLIC_URL ?? `https://${bucket}.s3.${config.S3_REGION}.amazonaws.com`).replace(
      /\/$/,
      '',
    );
    return {
      driver: 's3',
      async put(key, bytes, contentType) {
        const { sdk, client } = await s3();
        await client.send(
          new sdk.PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }),
        );
      },
      url: (key) => `${base}/${key}`,
      async read(key) {
        const { sdk, client } = await s3();
        try {
          const out = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
          return out.Body instanceof Readable ? out.Body : null;
        } catch (err) {
          if ((err as { name?: string }).name === 'NoSuchKey') return null;
          throw err;
        }
      },
      async makePrivate(key) {
        const target = privateKeyOf(key);
        if (target === key) return key;
        const { sdk, client } = await s3();
        try {
          await client.send(
            new sdk.CopyObjectCommand({ Bucket: bucket, Key: target, CopySource: `${bucket}/${key}` }),
          );
        } catch (err) {
          // Already moved by an earlier message that used the same upload.
          if ((err as { name?: string }).name === 'NoSuchKey') return target;
          throw err;
        }
        await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
        return target;
      },
      async *list() {
        const { sdk, client } = await s3();
        for await (const page of sdk.paginateListObjectsV2({ client }, { Bucket: bucket }))
          for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      },
    };
  }
  const root = config.uploadDir;
  // The static file route needs the folder to exist before the first upload.
  fsSync.mkdirSync(root, { recursive: true });
  const inside = (key: string) => {
    const target = path.join(root, key);
    if (!target.startsWith(root + path.sep)) throw new Error('storage key escapes the upload directory');
    return target;
  };
  return {
    driver: 'local',
    localRoot: root,
    async put(key, bytes) {
      const target = inside(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, bytes, { flag: 'wx' });
    },
    url: (key) => `${config.appUrl}/storage/${key}`,
    async read(key) {
      const target = inside(key);
      const stat = await fs.stat(target).catch(() => null);
      return stat?.isFile() ? fsSync.createReadStream(target) : null;
    },
    async makePrivate(key) {
      const target = privateKeyOf(key);
      if (target === key) return key;
      await fs.mkdir(path.dirname(inside(target)), { recursive: true });
      try {
        await fs.rename(inside(key), inside(target));
      } catch (err) {
        // Already moved by an earlier message that used the same upload.
        if (
          (err as { code?: string }).code !== 'ENOENT' ||
          !(await fs.stat(inside(target)).catch(() => null))
        )
          throw err;
      }
      return target;
    },
    async *list() {
      const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
      for (const entry of entries)
        if (entry.isFile())
          yield path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    },
  };
}

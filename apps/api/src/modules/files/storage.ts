import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config/env';

/** Where uploaded bytes go: local disk (default) or an S3-compatible bucket. */
export interface Storage {
  driver: 'local' | 's3';
  /** Store `bytes` under `key` (a safe generated name). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Public URL of a stored key. */
  url(key: string): string;
  /** Local directory served at /storage (local driver only). */
  localRoot?: string;
}

/** Build the storage for `config.STORAGE_DRIVER`. */
export function createStorage(config: Config): Storage {
  if (config.STORAGE_DRIVER === 's3') {
    const client = new S3Client({
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: Boolean(config.S3_ENDPOINT),
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
    const bucket = config.S3_BUCKET ?? '';
    const base = (config.S3_PUBLIC_URL ?? `https://${bucket}.s3.${config.S3_REGION}.amazonaws.com`).replace(
      /\/$/,
      '',
    );
    return {
      driver: 's3',
      async put(key, bytes, contentType) {
        await client.send(
          new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }),
        );
      },
      url: (key) => `${base}/${key}`,
    };
  }
  const root = config.uploadDir;
  // The static file route needs the folder to exist before the first upload.
  fsSync.mkdirSync(root, { recursive: true });
  return {
    driver: 'local',
    localRoot: root,
    async put(key, bytes) {
      const target = path.join(root, key);
      if (!target.startsWith(root + path.sep)) throw new Error('storage key escapes the upload directory');
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, bytes, { flag: 'wx' });
    },
    url: (key) => `${config.appUrl}/storage/${key}`,
  };
}

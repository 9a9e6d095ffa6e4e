import { expect } from 'vitest';
import type { TestContext } from './harness';

/** The smallest valid PNG (1x1 pixel): passes the upload's check of the content, not only the name. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** A minimal PDF: a document, allowed where attachments are, refused where an image or audio is asked. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** An MP3 frame header and silence: sniffed as audio/mpeg. */
export const MP3 = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(400)]);
/** A RIFF/WAVE header: sniffed as audio/wav. */
export const WAV = (() => {
  const b = Buffer.alloc(64);
  b.write('RIFF', 0);
  b.writeUInt32LE(56, 4);
  b.write('WAVE', 8);
  b.write('fmt ', 12);
  return b;
})();

/**
 * A multipart/form-data body carrying `bytes` as the field `file` named `name` with the declared `type`,
 * and the content-type header that goes with it (the declared type is what a browser would send; the
 * server checks the bytes themselves).
 */
export function multipartFile(
  name: string,
  bytes: Buffer,
  type = 'application/octet-stream',
): { body: Buffer; headers: { 'content-type': string } } {
  const boundary = '----lmtest';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * Uploads `bytes` as `name` through `POST /api/file/upload` as the caller of `token` (a user's or an
 * admin's), expects 200 and answers the stored key (`data.file`), which other requests then cite.
 */
export async function uploadFile(
  ctx: TestContext,
  token: string,
  bytes: Buffer,
  name: string,
): Promise<string> {
  const { body, headers } = multipartFile(name, bytes);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/file/upload',
    headers: { ...headers, authorization: `Bearer ${token}` },
    payload: body,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.file;
}

import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../config/env';
import { createDatabase } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { adminTestAppForFile } from '../../test/admin-app';
import { withDatabase } from '../../test/global-setup';
import { PDF, PNG, uploadFile } from '../../test/uploads';
import { pendingSpotifyRequest } from '../express/express.fixture';
import { seedExpressDemo } from '../express/express.seed';
import { createStorage, type Storage } from '../files';
import { BackupError, createBackup, type Manifest, readJournal, restoreBackup } from '.';

/**
 * The restore drill (issue 33, "Backups that restore"): data made through the real services (an
 * express campaign paid with coins, so a coin purchase, a hold and their ledger transfers; a ticket
 * with a private attachment and a public upload), backed up with pg_dump, restored into a new
 * database on the same PostgreSQL and a new storage folder, then compared table by table, ledger by
 * ledger and file by file. Then each refusal, with the target left as it was.
 */

let superToken: string;
const ctx = adminTestAppForFile((signedIn) => {
  superToken = signedIn.token;
});
const adminUrl = () => inject('pgAdminUrl');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-backup-test-'));
const made: string[] = [];

/** A new empty database on the test server; dropped after the file. */
async function emptyDatabase(): Promise<string> {
  const name = `lm_restore_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  made.push(name);
  return withDatabase(adminUrl(), name);
}

/** A local storage on a new folder under the file's temporary folder. */
function freshStorage(): Storage {
  const dir = fs.mkdtempSync(path.join(tmp, 'data-'));
  return createStorage(loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://unused/db', DATA_DIR: dir }));
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** Rows per table of every schema but the system's (public, drizzle, pgboss), by `schema.table`. */
async function rowCounts(url: string): Promise<Record<string, number>> {
  const tables = await query<{ name: string }>(
    url,
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const counts = await query<Record<string, string>>(
    url,
    `select ${tables.map((t, i) => `(select count(*) from ${t.name}) as c${i}`).join(', ')}`,
  );
  return Object.fromEntries(tables.map((t, i) => [t.name, Number(counts[0]![`c${i}`])]));
}

/** The ledger in numbers: accounts' balances, transfers, entries and holds, and every balance by account. */
async function ledgerSums(url: string) {
  return (
    await query(
      url,
      `select (select count(*) from ledger_accounts) as accounts,
              (select coalesce(sum(balance), 0) from ledger_accounts) as balances,
              (select string_agg(id || ':' || balance, ',' order by id) from ledger_accounts) as by_account,
              (select count(*) from ledger_transfers) as transfers,
              (select coalesce(sum(amount), 0) from ledger_transfers) as transferred,
              (select count(*) from ledger_entries) as entries,
              (select coalesce(sum(amount), 0) from ledger_entries) as entry_total,
              (select coalesce(sum(amount), 0) from ledger_holds) as held`,
    )
  )[0]!;
}

/** SHA-256 of every stored object, by key. */
async function storedChecksums(storage: Storage): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const key of storage.list()) {
    const stream = await storage.read(key);
    const hash = createHash('sha256');
    for await (const chunk of stream!) hash.update(chunk as Buffer);
    out[key] = hash.digest('hex');
  }
  return out;
}

/** Whether the database at `url` has any table (a refused restore must leave an empty one empty). */
const tableCount = async (url: string) =>
  Number(
    (
      await query<{ n: string }>(
        url,
        "select count(*) as n from pg_tables where schemaname not like 'pg\\_%' and schemaname <> 'information_schema'",
      )
    )[0]!.n,
  );

/** Run `promise`, expecting a BackupError of `reason`; answers its message. */
async function refusal(promise: Promise<unknown>, reason: BackupError['reason']): Promise<string> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BackupError);
  expect((err as BackupError).reason, (err as Error).message).toBe(reason);
  return (err as Error).message;
}

let sourceUrl: string;
let backupDir: string;
let manifest: Manifest;

beforeAll(async () => {
  sourceUrl = withDatabase(adminUrl(), ctx.dbName);
  // A Spotify express campaign paid with coins: a coin purchase, then the campaign's hold.
  await ctx.makeUser({ userTypeId: 2, email: 'curator@demo.test' });
  await seedExpressDemo(ctx.deps.database);
  const [playlist] = (
    await ctx.deps.database.pool.query<{ id: number }>('select id from express_playlists order by id')
  ).rows;
  const campaign = await pendingSpotifyRequest(ctx, playlist!.id);
  // A ticket with a PDF attachment (moved to private storage) and a public image upload.
  const dept = await ctx.call('POST', '/api/tickets_departments', {
    token: superToken,
    body: { department_name: 'Backups' },
  });
  expect(dept.statusCode).toBe(200);
  const pdf = await uploadFile(ctx, campaign.artistToken, PDF, 'invoice.pdf');
  await uploadFile(ctx, campaign.artistToken, PNG, 'cover.png');
  const ticket = await ctx.call('POST', '/api/tickets', {
    token: campaign.artistToken,
    body: {
      ticket_subject: 'Restore drill',
      initial_message: 'With an attachment.',
      department_id: dept.json().data.id,
      attachments: [pdf],
    },
  });
  expect(ticket.statusCode, ticket.body).toBe(200);
});

afterAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  for (const name of made) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('restore drill', () => {
  it('backs up and restores into an empty database and storage: same rows, same ledger, same files', async () => {
    // The source's pg-boss stops first: its cron monitor adds scheduled jobs (minute jobs) at any time,
    // and the drill compares the source's rows before and after the backup, not a running scheduler.
    await ctx.deps.jobs.stop();
    const started = performance.now();
    const before = { rows: await rowCounts(sourceUrl), ledger: await ledgerSums(sourceUrl) };
    const files = await storedChecksums(ctx.deps.storage);
    expect(Object.keys(files).some((k) => k.startsWith('private/'))).toBe(true);
    expect(Object.keys(files).length).toBeGreaterThanOrEqual(2);
    expect(Number(before.ledger.transfers)).toBeGreaterThanOrEqual(2);
    expect(Number(before.ledger.held)).toBeGreaterThan(0);
    expect(before.rows['public.ticket_attachments']).toBe(1);
    expect(before.rows['public.express_campaigns']).toBe(1);

    backupDir = path.join(tmp, 'backup');
    ({ manifest } = await createBackup({ databaseUrl: sourceUrl, storage: ctx.deps.storage }, backupDir));
    expect(manifest.migration.tag).toBe(readJournal().at(-1)!.tag);
    expect(Object.fromEntries(manifest.files.map((f) => [f.key, f.sha256]))).toEqual(files);
    expect(fs.existsSync(`${backupDir}.partial`)).toBe(false);
    const backedUp = performance.now();

    const targetUrl = await emptyDatabase();
    const targetStorage = freshStorage();
    await restoreBackup({ databaseUrl: targetUrl, storage: targetStorage }, backupDir);
    const restored = performance.now();

    expect(await rowCounts(targetUrl)).toEqual(before.rows);
    expect(await ledgerSums(targetUrl)).toEqual(before.ledger);
    expect(await storedChecksums(targetStorage)).toEqual(files);
    // The source did not move meanwhile (the comparison is with the moment of the backup).
    expect(await rowCounts(sourceUrl)).toEqual(before.rows);
    // The product takes the restored database as it is: no migration left to apply.
    // Two connections: one holds the migrations' advisory lock while drizzle works on the other.
    const database = createDatabase(targetUrl, 2);
    await runMigrations(database);
    await database.pool.end();
    expect(await rowCounts(targetUrl)).toEqual(before.rows);
    console.info(
      `restore drill: backup ${Math.round(backedUp - started)} ms, restore ${Math.round(restored - backedUp)} ms, ` +
        `${Object.keys(before.rows).length} tables, ${manifest.files.length} files, dump ${manifest.database.size} bytes`,
    );
  });

  it('refuses a target database that is not empty, and changes nothing', async () => {
    const storage = freshStorage();
    const message = await refusal(
      restoreBackup({ databaseUrl: sourceUrl, storage }, backupDir),
      'database_not_empty',
    );
    expect(message).toMatch(
      /is not empty: it holds \d+ tables, views or sequences \(.+\) and the schemas drizzle, pgboss\./,
    );
    expect(await storedChecksums(storage)).toEqual({});
  });

  it('refuses a storage that is not empty, and changes nothing', async () => {
    const targetUrl = await emptyDatabase();
    const storage = freshStorage();
    await storage.put('left-over.png', PNG, 'image/png');
    const message = await refusal(
      restoreBackup({ databaseUrl: targetUrl, storage }, backupDir),
      'storage_not_empty',
    );
    expect(message).toContain('left-over.png');
    expect(await tableCount(targetUrl)).toBe(0);
  });

  it('refuses a backup with a file whose checksum differs, before writing anything', async () => {
    const damaged = path.join(tmp, 'damaged');
    fs.cpSync(backupDir, damaged, { recursive: true });
    const key = manifest.files.find((f) => f.key.startsWith('private/'))!.key;
    const file = path.join(damaged, 'files', ...key.split('/'));
    const bytes = fs.readFileSync(file);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
    fs.writeFileSync(file, bytes);
    const targetUrl = await emptyDatabase();
    const storage = freshStorage();
    const message = await refusal(restoreBackup({ databaseUrl: targetUrl, storage }, damaged), 'checksum');
    expect(message).toContain(`files/${key} (checksum differs)`);
    expect(await tableCount(targetUrl)).toBe(0);
    expect(await storedChecksums(storage)).toEqual({});
  });

  it('refuses a backup of a newer schema (a migration this code does not know), before writing anything', async () => {
    // The source as a later release leaves it: one migration more than this code's journal.
    const last = readJournal().at(-1)!;
    await ctx.deps.database.pool.query(
      `insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-release', $1)`,
      [last.when + 60_000],
    );
    const newer = path.join(tmp, 'newer');
    const { manifest: newerManifest } = await createBackup(
      { databaseUrl: sourceUrl, storage: ctx.deps.storage },
      newer,
    );
    expect(newerManifest.migration).toMatchObject({ tag: null, createdAt: last.when + 60_000 });
    const targetUrl = await emptyDatabase();
    const storage = freshStorage();
    const message = await refusal(restoreBackup({ databaseUrl: targetUrl, storage }, newer), 'newer_schema');
    expect(message).toContain(`after this release's last (${last.tag})`);
    expect(await tableCount(targetUrl)).toBe(0);
    expect(await storedChecksums(storage)).toEqual({});
  });
});

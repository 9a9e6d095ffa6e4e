import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';

/**
 * Development mail: outside production, new users read their verification code
 * without staff. Every mail is printed to the server log in a readable block, and the mails sent while
 * handling a request of one browser session (a session cookie, `lm_dev_mail`) are kept in memory for
 * that session, read back by `GET /api/dev/mail?to=` (modules/dev). Production registers none of it:
 * no cookie, no hook, no route, nothing kept or printed.
 */

/** The browser session's cookie (a session cookie: gone when the browser closes). */
export const DEV_MAIL_COOKIE = 'lm_dev_mail';
/** Mails kept per browser session, newest kept. */
const PER_SESSION = 50;
/** Browser sessions kept, the least recently used dropped first. */
const SESSIONS = 1_000;

/** One mail as the development mail page shows it. */
export interface DevMail {
  to: string;
  subject: string;
  text: string;
  /** ISO 8601. */
  created_at: string;
}

/** The browser session a request belongs to, for the mailer (set by the request hook). */
const requestSession = new AsyncLocalStorage<string>();
const sessions = new Map<string, DevMail[]>();

/** A new browser session id (random, 128 bits, base64url). */
export function newDevMailSession(): string {
  return randomBytes(16).toString('base64url');
}

/** The session id of a `Cookie` header, or null (ids other than 22 base64url characters are ignored). */
export function devMailSessionOf(cookieHeader: string | undefined): string | null {
  const match = new RegExp(`(?:^|;\\s*)${DEV_MAIL_COOKIE}=([A-Za-z0-9_-]{22})(?:;|$)`).exec(
    cookieHeader ?? '',
  );
  return match?.[1] ?? null;
}

/** Runs `next` (the rest of a request) as part of browser session `session`. */
export function inDevMailSession(session: string, next: () => void): void {
  requestSession.run(session, next);
}

/** Keeps a mail for the browser session of the request being handled, if any. */
export function keepDevMail(mail: Omit<DevMail, 'created_at'>, at = new Date()): void {
  const session = requestSession.getStore();
  if (!session) return;
  const list = sessions.get(session) ?? [];
  sessions.delete(session);
  list.push({ ...mail, created_at: at.toISOString() });
  if (list.length > PER_SESSION) list.splice(0, list.length - PER_SESSION);
  sessions.set(session, list);
  if (sessions.size > SESSIONS) sessions.delete(sessions.keys().next().value as string);
}

/** Mails to `to` (case-insensitive) sent during browser session `session`, newest first. */
export function devMailsOf(session: string | null, to: string): DevMail[] {
  if (!session) return [];
  const address = to.trim().toLowerCase();
  return (sessions.get(session) ?? []).filter((m) => m.to.toLowerCase() === address).reverse();
}

/**
 * A mail as a readable block for the server log: a rule with the recipient, the subject, then the
 * text as it reads, then a closing rule.
 */
export function formatDevMail(mail: { to: string; from?: string; subject: string; text: string }): string {
  const rule = '─'.repeat(72);
  return [
    `┌${rule}`,
    `│ Development mail to ${mail.to}${mail.from ? ` from ${mail.from}` : ''}`,
    `│ Subject: ${mail.subject}`,
    `├${rule}`,
    ...mail.text.split('\n').map((line) => `│ ${line}`),
    `└${rule}`,
  ].join('\n');
}

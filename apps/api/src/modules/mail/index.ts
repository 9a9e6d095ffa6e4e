/**
 * Public surface of the mail module: other modules, the route table, the jobs and the seeds import
 * from here and never from the files behind it, so the module can change its insides freely.
 * The boundaries test (apps/api/src/test/boundaries.test.ts) keeps it so.
 */

export { devMailSessionOf, devMailsOf } from './dev-mail';
export { DEV_MAILBOX_PERMISSION, mailRoutes } from './mail.routes';
export {
  createMailer,
  type OutboxBacklog,
  outboxBacklog,
  outboxMail,
  type RawMail,
  senderFor,
} from './mail.service';

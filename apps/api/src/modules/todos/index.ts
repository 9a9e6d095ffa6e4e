/**
 * Public surface of the todos module: other modules, the route table, the jobs and the seeds import
 * from here and never from the files behind it, so the module can change its insides freely.
 * The boundaries test (apps/api/src/test/boundaries.test.ts) keeps it so.
 */

export { todosRoutes } from './todos.routes';
export {
  notifyStaffDisputeOpened,
  notifyStaffFailedJob,
  notifyStaffFormResubmitted,
  notifyStaffNewForm,
  notifyStaffPayoutRequest,
  notifyStaffPendingPlaylist,
  notifyStaffPendingUser,
  staffHolding,
} from './todos.service';

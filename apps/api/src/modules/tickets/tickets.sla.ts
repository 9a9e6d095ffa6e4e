import { TICKET_DUE_SETTINGS, TICKET_RUNNING_STATUSES, type TicketPriorityId } from '@lm/contracts/tickets';
import type { SettingsMap } from '../settings';

/**
 * The time promises of a ticket, pure so the rules are testable without a
 * database. Hours come from the settings of the ticket's priority; the resolution promise moves by
 * the time the ticket spent not waiting on staff (Waiting on User, Resolved, Closed).
 */
export interface TicketClock {
  createdAt: Date;
  priorityId: number;
  statusId: number;
  pausedAt: Date | null;
  pausedSeconds: number;
}

const HOUR = 3_600_000;

/** Hours promised for a first answer and for resolution at `priorityId` (1 High, 2 Medium, 3 Low). */
export function promisedHours(
  settings: SettingsMap,
  priorityId: number,
): { response: number; resolution: number } {
  const keys = TICKET_DUE_SETTINGS[(priorityId in TICKET_DUE_SETTINGS ? priorityId : 3) as TicketPriorityId];
  return { response: settings[keys.response], resolution: settings[keys.resolution] };
}

/**
 * Due times of a ticket: first response `created_at + response hours`; resolution `created_at +
 * resolution hours + paused seconds` (the paused time so far, not the pause still running).
 */
export function dueTimes(
  settings: SettingsMap,
  t: Pick<TicketClock, 'createdAt' | 'priorityId' | 'pausedSeconds'>,
): { firstResponseDueAt: Date; resolutionDueAt: Date } {
  const hours = promisedHours(settings, t.priorityId);
  const created = t.createdAt.getTime();
  return {
    firstResponseDueAt: new Date(created + hours.response * HOUR),
    resolutionDueAt: new Date(created + hours.resolution * HOUR + t.pausedSeconds * 1000),
  };
}

/** Whether staff owe an answer in this status (the promises run): 1 Open, 2 In Progress. */
export const isRunning = (statusId: number): boolean => TICKET_RUNNING_STATUSES.includes(statusId);

/**
 * The clock columns after a status change at `now`: entering a paused status starts a pause; leaving
 * it for a running one adds the pause to `paused_seconds` and moves the resolution due time.
 * @returns the columns to write (empty when the change keeps running or paused as it was)
 */
export function clockOnStatus(
  settings: SettingsMap,
  t: TicketClock,
  nextStatusId: number,
  now: Date,
): { pausedAt?: Date | null; pausedSeconds?: number; resolutionDueAt?: Date } {
  const wasRunning = isRunning(t.statusId);
  const willRun = isRunning(nextStatusId);
  if (wasRunning && !willRun) return { pausedAt: now };
  if (!wasRunning && willRun) {
    const paused = t.pausedAt ? Math.max(0, Math.floor((now.getTime() - t.pausedAt.getTime()) / 1000)) : 0;
    const pausedSeconds = t.pausedSeconds + paused;
    return {
      pausedAt: null,
      pausedSeconds,
      resolutionDueAt: dueTimes(settings, { ...t, pausedSeconds }).resolutionDueAt,
    };
  }
  return {};
}

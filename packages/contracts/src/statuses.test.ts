import { describe, expect, it } from 'vitest';
import {
  CUSTOM_CAMPAIGN_FILTER_STATUSES,
  EXPRESS_CAMPAIGN_STATUSES,
  EXPRESS_PLAYLIST_STATUSES,
  FAN_RATING_STATUSES,
  formStatus,
  JOB_STATE_KINDS,
  PAYOUT_STATUSES,
  paymentBadge,
  releaseBadge,
  STATUS_KIND_COLORS,
  STATUS_KINDS,
  STATUS_LABEL_KINDS,
  type StatusEntry,
  spotifyConnectionStatus,
  statusColor,
  statusKindOf,
  USER_STATUS_LABELS,
} from './statuses';
import { TICKET_STATUSES } from './tickets';

const MAPS: Record<string, readonly StatusEntry[]> = {
  express: EXPRESS_CAMPAIGN_STATUSES,
  expressPlaylist: EXPRESS_PLAYLIST_STATUSES,
  custom: CUSTOM_CAMPAIGN_FILTER_STATUSES,
  user: Object.values(USER_STATUS_LABELS),
  payout: PAYOUT_STATUSES,
  tickets: TICKET_STATUSES,
  fanRating: FAN_RATING_STATUSES,
  badges: [
    formStatus(1),
    formStatus(2),
    formStatus(3),
    formStatus(4),
    spotifyConnectionStatus(1),
    spotifyConnectionStatus(2),
    paymentBadge(true),
    paymentBadge(false),
    releaseBadge(true),
    releaseBadge(false),
  ],
};

describe('one status palette', () => {
  it('gives each semantic kind its colour: waiting yellow, in progress blue, success green, failure red, neutral grey', () => {
    expect(STATUS_KIND_COLORS).toEqual({
      waiting: 'yellow',
      in_progress: 'blue',
      success: 'green',
      failure: 'red',
      neutral: 'gray',
    });
    expect(new Set(Object.values(STATUS_KIND_COLORS)).size).toBe(STATUS_KINDS.length);
    expect(statusColor('nope')).toBe('gray');
  });

  it('lists every status of every map in the label dictionary, with a semantic kind', () => {
    for (const [name, map] of Object.entries(MAPS)) {
      for (const s of map) {
        expect(STATUS_LABEL_KINDS[s.label.toLowerCase()], `${name}: ${s.label}`).toBeDefined();
        expect(STATUS_KINDS, `${name}: ${s.label}`).toContain(s.kind);
      }
    }
    for (const kind of Object.values(JOB_STATE_KINDS)) expect(STATUS_KINDS).toContain(kind);
    // Payment (deposit) statuses are shown by their label too.
    for (const status of ['pending', 'paid', 'failed', 'cancelled', 'mismatch'])
      expect(STATUS_LABEL_KINDS[status], status).toBeDefined();
  });

  it('gives the same status name the same colour in every map', () => {
    const seen = new Map<string, string>();
    for (const [name, map] of Object.entries(MAPS)) {
      for (const s of map) {
        const label = s.label.toLowerCase();
        const colour = statusColor(s.kind);
        expect(seen.get(label) ?? colour, `${name}: ${s.label}`).toBe(colour);
        seen.set(label, colour);
      }
    }
    // The cases of one colour in lists, details and timelines.
    expect(statusColor(statusKindOf('Pending for Approval'))).toBe('yellow');
    expect(statusColor(statusKindOf('Pending For Approval'))).toBe('yellow');
    expect(statusColor(statusKindOf('Completed'))).toBe('green');
  });

  it('colours the express campaign states by meaning', () => {
    expect(Object.fromEntries(EXPRESS_CAMPAIGN_STATUSES.map((s) => [s.id, statusColor(s.kind)]))).toEqual({
      1: 'yellow',
      2: 'yellow',
      3: 'blue',
      4: 'blue',
      5: 'blue',
      6: 'green',
      7: 'red',
      8: 'red',
    });
    expect(PAYOUT_STATUSES.map((s) => statusColor(s.kind))).toEqual([
      'yellow',
      'blue',
      'green',
      'red',
      'red',
    ]);
    expect(statusColor(USER_STATUS_LABELS.invited.kind)).toBe('blue');
    expect(statusColor(USER_STATUS_LABELS.not_registered.kind)).toBe('gray');
  });
});

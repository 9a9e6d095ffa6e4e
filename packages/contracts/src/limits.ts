/** Business constants and limits of spec section 9. */
export const LIMITS = {
  requestTimeoutMs: 120_000,
  uploadTimeoutMs: 3_600_000,
  toastMs: 5_000,
  reviewThankYouMs: 7_000,
  pitchMax: 140,
  /** The longest staff note on a user, in characters (the database checks it too; issue 36). */
  userNoteMax: 2_000,
  referencesMax: 5,
  genresPerUserMax: 5,
  mediaMaxBytes: 50 * 1024 * 1024,
  pageSizes: [10, 25, 50, 75, 100] as const,
  defaultPageSize: 10,
  showAll: 100_000,
  /** Hard server-side cap for "show all". */
  listHardMax: 1_000,
  lookupPageSize: 20,
  currencyPageSize: 30,
  genrePageSize: 40,
  bigLookupPageSize: 100,
  /** Languages in one answer at most: the whole ISO 639-1 list (183 codes), so a picker can hold them all. */
  languageLookupMax: 200,
  /** Genres in one answer at most: the whole seed list (127 Spotify genre seeds), so a picker holds them all. */
  genreLookupMax: 200,
  roleSearchLimit: 20,
  defaultDurations: { playlistSubmissionDays: 3, onGoingDays: 28, auditingDays: 3 },
  emailCode: { digits: 6, ttlMinutes: 10, maxAttempts: 5 },
  passwordMin: 8,
  resetTokenTtlMinutes: 60,
  /** Validity of the link a new admin receives to choose their password. */
  adminInviteTtlDays: 7,
  /**
   * Failed sign-ins in `windowMinutes` that make the next attempts answer 429: per account and source
   * address together, and per source address (IPv6 per /64). Never per account alone, so a stranger
   * cannot lock the owner out (OWASP Authentication Cheat Sheet).
   */
  login: { maxFailuresPerAccountAndIp: 5, maxFailuresPerIp: 20, windowMinutes: 15 },
  /**
   * Working days within which the team usually decides on a new account Pending For Approval, as the
   * user app tells the user (a service target of the team, not enforced by a job).
   */
  accountReviewWorkingDays: 2,
  /**
   * The conversation of a campaign between its artist and its seller (docs/decisions.md "Campaign
   * messages"): a message's length as typed, messages one sender may send in a minute (all campaigns
   * together), days after a campaign ended during which its thread still takes messages, and the
   * messages of one page of a thread.
   */
  campaignMessages: { bodyMax: 2000, perMinute: 10, daysAfterEnd: 30, pageSize: 50 },
} as const;

/**
 * Shape of a stored file's key as `file/upload` answers it (`2026/05/<uuid>.png`). Image fields take
 * only such keys, never a link to another site.
 */
export const UPLOAD_KEY_PATTERN =
  /^\d{4}\/\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{2,4}$/;

import { z } from 'zod';
import { LIMITS } from './limits';

/** Most characters of the artist's pitch for the curator (spec sections 5 and 9: max 140, counter n/140). */
export const PITCH_MAX = LIMITS.pitchMax;

/**
 * The artist's optional pitch for the curator on an express campaign: trimmed, at most
 * {@link PITCH_MAX} characters, refused (never cut) with 'Pitch too long' (`express.pitch_too_long`);
 * an empty pitch is none (null).
 */
export const pitchSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.string().trim().max(PITCH_MAX, 'express.pitch_too_long').nullable().optional(),
);

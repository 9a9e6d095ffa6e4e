import { createHash } from 'node:crypto';
import wavefile from 'wavefile';

/**
 * The sandbox's playable previews: every sandbox track (Spotify) and sound
 * (TikTok, Instagram) has a short melody derived from its id, so a seller can really play a request
 * offline and in the browser tests. A WAV file (8 kHz, 8-bit mono, written by `wavefile`): a phrase of
 * eight notes of a pentatonic scale, 0.4 s each, repeated to the length asked (the listening minimum
 * and some), never silence. Served by `sandbox-audio.routes.ts` only while a provider is its sandbox.
 */

/** Sample rate of the previews (Hz): enough for tones up to 1 kHz, small files. */
const RATE = 8_000;
const NOTE_SECONDS = 0.4;
/** Longest preview served (seconds): the longest listening minimum (300) and some. */
export const SANDBOX_PREVIEW_MAX_SECONDS = 320;
/** A preview's length unless asked otherwise (seconds). */
export const SANDBOX_PREVIEW_DEFAULT_SECONDS = 60;
/** C major pentatonic, two octaves from C4 (Hz). */
const SCALE = [261.63, 293.66, 329.63, 392.0, 440.0, 523.25, 587.33, 659.25, 783.99, 880.0];

/** The eight notes (Hz) of an id's phrase: the same id always plays the same melody. */
export function sandboxMelody(id: string): number[] {
  const d = createHash('sha256').update(`preview:${id}`).digest();
  return Array.from({ length: 8 }, (_, i) => SCALE[d[i]! % SCALE.length]!);
}

/**
 * The WAV bytes of an id's preview, `seconds` long (1..{@link SANDBOX_PREVIEW_MAX_SECONDS}): the phrase
 * repeated, each note faded in and out so that notes do not click.
 */
export function sandboxPreviewWav(id: string, seconds: number): Uint8Array {
  const length = Math.max(1, Math.min(SANDBOX_PREVIEW_MAX_SECONDS, Math.round(seconds)));
  const notes = sandboxMelody(id);
  const perNote = Math.round(RATE * NOTE_SECONDS);
  const samples = new Uint8Array(RATE * length);
  for (let i = 0; i < samples.length; i++) {
    const n = Math.floor(i / perNote);
    const t = (i % perNote) / RATE;
    const freq = notes[n % notes.length]!;
    const edge = Math.min(1, t / 0.02, (NOTE_SECONDS - t) / 0.05);
    // 8-bit WAV samples are unsigned, silence at 128.
    samples[i] = Math.round(128 + 80 * Math.max(0, edge) * Math.sin(2 * Math.PI * freq * t));
  }
  const wav = new wavefile.WaveFile();
  wav.fromScratch(1, RATE, '8', samples);
  return wav.toBuffer();
}

/** The address of an id's preview on platform `platform` (spotify, tiktok, instagram), `seconds` long. */
export function sandboxPreviewUrl(appUrl: string, platform: string, id: string, seconds: number): string {
  const length = Math.max(1, Math.min(SANDBOX_PREVIEW_MAX_SECONDS, Math.ceil(seconds)));
  return `${appUrl}/api/sandbox/audio/${platform}/${encodeURIComponent(id)}.wav?seconds=${length}`;
}

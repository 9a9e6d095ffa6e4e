import { describe, expect, it } from 'vitest';
import {
  APPLE_GENRES,
  APPLE_MOODS,
  COUNTRIES,
  GENRES,
  INTERESTS,
  LANGUAGES,
  SPOTIFY_CULTURES,
  SPOTIFY_INSTRUMENTS,
  SPOTIFY_LANGUAGES,
  SPOTIFY_MOODS,
  SPOTIFY_RECORD_TYPES,
  SPOTIFY_SONG_STYLES,
} from './index';

const stringLists: Record<string, readonly string[]> = {
  GENRES,
  INTERESTS,
  SPOTIFY_RECORD_TYPES,
  SPOTIFY_CULTURES,
  SPOTIFY_MOODS,
  SPOTIFY_INSTRUMENTS,
  SPOTIFY_LANGUAGES,
  SPOTIFY_SONG_STYLES,
  APPLE_GENRES,
  APPLE_MOODS,
};

function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const dups = new Set<string>();
  for (const value of values) {
    const normalized = value.toLowerCase();
    if (seen.has(normalized)) dups.add(value);
    seen.add(normalized);
  }
  return [...dups];
}

describe('seed reference data', () => {
  it.each(Object.entries(stringLists))('%s has no duplicates or blank entries', (_name, list) => {
    expect(list.length).toBeGreaterThan(0);
    expect(duplicates(list)).toEqual([]);
    for (const value of list) expect(value.trim()).toBe(value);
    for (const value of list) expect(value).not.toBe('');
  });

  it('LANGUAGES and COUNTRIES have no duplicate codes or names', () => {
    expect(duplicates(LANGUAGES.map((l) => l.code))).toEqual([]);
    expect(duplicates(LANGUAGES.map((l) => l.name))).toEqual([]);
    expect(duplicates(COUNTRIES.map((c) => c.code))).toEqual([]);
    expect(duplicates(COUNTRIES.map((c) => c.name))).toEqual([]);
  });

  it('GENRES are Spotify genre seeds', () => {
    expect(GENRES.length).toBeGreaterThanOrEqual(120);
    expect(GENRES).toEqual(expect.arrayContaining(['hip-hop', 'k-pop', 'r-n-b']));
    for (const genre of GENRES) expect(genre).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it('LANGUAGES cover ISO 639-1', () => {
    expect(LANGUAGES.length).toBeGreaterThanOrEqual(180);
    for (const { code, name } of LANGUAGES) {
      expect(code).toMatch(/^[a-z]{2}$/);
      expect(name.length).toBeGreaterThan(0);
    }
    expect(new Set(LANGUAGES.map((l) => l.code)).size).toBe(LANGUAGES.length);
    expect(LANGUAGES).toContainEqual({ code: 'ar', name: 'Arabic' });
    expect(LANGUAGES).toContainEqual({ code: 'tr', name: 'Turkish' });
    expect(LANGUAGES).toContainEqual({ code: 'fr', name: 'French' });
    expect(LANGUAGES).toContainEqual({ code: 'de', name: 'German' });
    expect(LANGUAGES).toContainEqual({ code: 'en', name: 'English' });
  });

  it('COUNTRIES cover ISO 3166-1 alpha-2', () => {
    expect(COUNTRIES).toHaveLength(249);
    for (const { code, name } of COUNTRIES) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(name.length).toBeGreaterThan(0);
    }
    const codes = new Set(COUNTRIES.map((c) => c.code));
    expect(codes.size).toBe(COUNTRIES.length);
    for (const code of ['GB', 'US', 'TR', 'FR', 'DE']) expect(codes.has(code)).toBe(true);
  });

  it('Spotify pitch vocabularies have the expected entries', () => {
    expect(SPOTIFY_RECORD_TYPES).toEqual(['Single', 'EP', 'Album', 'Compilation']);
    expect(SPOTIFY_LANGUAGES).toContain('Instrumental');
    expect(SPOTIFY_CULTURES).toEqual(expect.arrayContaining(['Latin', 'K-Pop', 'Afro', 'Arabic', 'Turkish']));
  });
});

/** Reference data used to seed the lookup tables (genres, languages, countries, pitch vocabularies). */

export { APPLE_GENRES, APPLE_MOODS } from './apple-vocab';
export { COUNTRIES } from './countries';
export { GENRES } from './genres';
export { INTERESTS } from './interests';
export { LANGUAGES } from './languages';
export {
  SPOTIFY_CULTURES,
  SPOTIFY_INSTRUMENTS,
  SPOTIFY_LANGUAGES,
  SPOTIFY_MOODS,
  SPOTIFY_RECORD_TYPES,
  SPOTIFY_SONG_STYLES,
} from './spotify-vocab';

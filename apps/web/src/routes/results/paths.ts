/** Where the artist uploads Spotify for Artists exports (its own screen, built apart; issue "Results"). */
export const RESULT_UPLOADS_PATH = '/results/uploads';

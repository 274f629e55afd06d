/** The flags that make a printing an "extra" (not a real card), as Scryfall counts them. */
export const EXTRAS = ['token', 'emblem', 'art_series', 'planar', 'scheme', 'vanguard'] as const;

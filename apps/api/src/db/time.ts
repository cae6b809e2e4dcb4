/** Timestamps are stored as ISO 8601 UTC text, so they sort and compare as strings on both databases. */
export const nowIso = (): string => new Date().toISOString();
export const isoIn = (ms: number): string => new Date(Date.now() + ms).toISOString();
export const bool = (value: boolean): number => (value ? 1 : 0);

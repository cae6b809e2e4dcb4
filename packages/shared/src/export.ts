/** Header of a list's CSV export sent as it is written: how many rows will come (for progress). */
export const EXPORT_TOTAL_HEADER = 'X-Total-Count';

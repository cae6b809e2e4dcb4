/**
 * The search key of a name: lower case, accents removed ("Café crème" → "cafe creme"). Written
 * next to the name on every write, so that "cafe" finds "Café" the same way on both databases.
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/g, 'oe')
    .replace(/Œ/g, 'OE')
    .replace(/æ/g, 'ae')
    .replace(/Æ/g, 'AE')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

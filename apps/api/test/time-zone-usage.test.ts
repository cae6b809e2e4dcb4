import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server runs in UTC and serves shops in several time zones: every date it formats must name
 * its zone (the shop's, or 'UTC' for a plain calendar day). Without one, shared/format/french.ts
 * would use the server's own clock. A call with a single argument is refused here.
 */
const SRC = path.resolve(import.meta.dirname, '../src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : full.endsWith('.ts') ? [full] : [];
  });
}

/** The argument text of each call `name(…)`, parentheses balanced. */
function callsOf(source: string, name: RegExp): string[] {
  const out: string[] = [];
  for (const match of source.matchAll(name)) {
    let depth = 0;
    const start = match.index + match[0].length;
    for (let i = start; i < source.length; i++) {
      const c = source[i];
      if (c === '(') depth++;
      else if (c === ')') {
        if (depth === 0) {
          out.push(source.slice(start, i));
          break;
        }
        depth--;
      }
    }
  }
  return out;
}

/** True when the argument list has a comma outside nested parentheses, brackets and template literals. */
function hasSecondArgument(args: string): boolean {
  let depth = 0;
  let template = false;
  for (const c of args) {
    if (c === '`') template = !template;
    else if (template) continue;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ',' && depth === 0) return true;
  }
  return false;
}

describe('fuseaux horaires côté serveur', () => {
  it('chaque date formatée par le serveur nomme son fuseau', () => {
    const missing: string[] = [];
    let seen = 0;
    for (const file of files(SRC)) {
      const source = readFileSync(file, 'utf8');
      for (const args of callsOf(source, /\bformat(?:Date|DateTime|LongDate)\(/g)) {
        seen++;
        if (!hasSecondArgument(args)) missing.push(`${path.relative(SRC, file)} : ${args}`);
      }
    }
    expect(seen).toBeGreaterThan(3);
    expect(missing).toEqual([]);
  });

  it('le contrôle reconnaît un appel sans fuseau', () => {
    expect(
      callsOf(
        'formatDate(v.createdAt) + formatDateTime(f(a, b))',
        /\bformat(?:Date|DateTime)\(/g,
      ).map(hasSecondArgument),
    ).toEqual([false, false]);
    expect(
      callsOf('formatDate(`${d}T00:00:00Z`, "UTC")', /\bformatDate\(/g).map(hasSecondArgument),
    ).toEqual([true]);
  });
});

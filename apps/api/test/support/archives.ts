import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { TestServer } from './test-app.js';

/** A command's exit code and output (stdout and stderr together). */
export function run(
  cmd: string,
  args: string[],
  cwd: string,
): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { cwd }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, out: stdout + stderr }),
    );
  });
}

/**
 * The commands of an archive's LISEZMOI.txt (its lines indented by three spaces), run by bash
 * in the unzipped folder: what an auditor types, with openssl and sha256sum, none of the
 * server's code.
 */
export const verifierCommeLisezmoi = (dir: string) =>
  run(
    'bash',
    [
      '-c',
      readFileSync(path.join(dir, 'LISEZMOI.txt'), 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('   '))
        .join('\n'),
    ],
    dir,
  );

/** Downloads an archive (`…/journal/archives/:id/zip`) and unzips it, by `unzip`, in a fresh folder. */
export async function deballer(
  server: TestServer,
  shopUrl: string,
  id: number,
  token: { token: string },
): Promise<string> {
  const zip = await server.client().get(`${shopUrl}/journal/archives/${id}/zip`, token);
  expect(zip.status).toBe(200);
  expect(zip.headers.get('content-type')).toBe('application/zip');
  expect(zip.headers.get('content-disposition')).toMatch(/^attachment; filename="journal-/);
  const dir = mkdtempSync(path.join(tmpdir(), 'archive-'));
  writeFileSync(path.join(dir, 'archive.zip'), zip.body as Buffer);
  const unzip = await run('unzip', ['-q', 'archive.zip'], dir);
  expect(unzip.code, unzip.out).toBe(0);
  return dir;
}

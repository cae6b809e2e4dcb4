import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Lines of a failed test's page snapshot printed in the log (the rest stays in the file). */
const MAX_LINES = 200;

/**
 * Prints what the page showed when a test failed (Playwright's error context: the page's
 * accessibility snapshot), into the log itself: a run on another machine (CI) keeps its log when
 * its test-results folder is gone, and a failure seen once can be read there.
 */
export default class FailureContextReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    for (const attachment of result.attachments) {
      if (attachment.name !== 'error-context') continue;
      let text: string;
      try {
        text = attachment.path
          ? readFileSync(attachment.path, 'utf8')
          : (attachment.body?.toString('utf8') ?? '');
      } catch {
        continue;
      }
      // The page snapshot alone (the error and the source are in the list reporter's output).
      const snapshot = /```yaml\n([\s\S]*?)\n```/.exec(text)?.[1] ?? text;
      const lines = snapshot.split('\n');
      const shown = lines.slice(0, MAX_LINES).join('\n');
      const more =
        lines.length > MAX_LINES ? `\n… (${lines.length - MAX_LINES} lignes de plus)` : '';
      process.stdout.write(
        `\n===== Page à l’échec : ${test.titlePath().slice(1).join(' › ')} =====\n${shown}${more}\n===== fin de la page =====\n`,
      );
    }
  }
}

// Prints the plain closing line log readers take, "N passed, N failed, N skipped", from the
// results jest wrote with --json --outputFile (jest's own "Tests: 5 skipped, 1584 passed, 1589
// total" is not that line). Used by `npm test` (scripts/bootstrap.sh) and by .ci/run, so the
// log's last line says what ran whatever npm prints after a failing run.
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? '.run/jest-results.json';
try {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
} catch {
  console.log('0 passed, 0 failed (jest wrote no results: the run did not finish)');
}

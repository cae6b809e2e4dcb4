// Mutation testing of the stock ledger and of the allocation of money to debts, killed by the API
// tests that drive them over HTTP on a real SQLite database (only those: a run stays short).
import { base } from './base.mjs';

process.env['MUTATION_TESTS'] = 'api';

export default {
  ...base('api'),
  mutate: [
    'apps/api/src/modules/stock/stock.service.ts',
    'apps/api/src/modules/dettes/dettes.allocation.ts',
  ],
};

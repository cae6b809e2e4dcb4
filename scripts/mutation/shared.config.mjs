// Mutation testing of the exact arithmetic of packages/shared, killed by its unit tests.
import { base } from './base.mjs';

process.env['MUTATION_TESTS'] = 'shared';

export default {
  ...base('shared'),
  mutate: [
    'packages/shared/src/money.ts',
    'packages/shared/src/quantity.ts',
    'packages/shared/src/vente-calcul.ts',
  ],
};

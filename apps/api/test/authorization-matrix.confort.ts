import { publicRoute, type MatrixRow } from './authorization-matrix.helpers.js';

/** The API's reference page (issue 15): its JSON and its assets are public, like `/api/docs`. */
export const CONFORT_MATRIX: MatrixRow[] = [
  'openapi.json',
  'swagger-ui-bundle.js',
  'swagger-ui.css',
  'comptoir.js',
  'comptoir.css',
].map((file) => ({ method: 'GET', url: `/api/docs/${file}`, expect: publicRoute }));

import { z } from 'zod';

/**
 * The messages zod writes itself (a body that is not an object, a value of the wrong type, a bad
 * environment variable) in French too. Imported by every module that validates with zod.
 */
z.config(z.locales.fr());

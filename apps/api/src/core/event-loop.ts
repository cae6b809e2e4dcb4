/**
 * Gives the event loop back between pieces of a long piece of work (a large export, thousands of
 * labels): the server's other callers (the tills' sales) are answered meanwhile, instead of
 * waiting for the whole of it. A database query does not do it on SQLite, whose driver answers
 * synchronously.
 */
export const laisserPasser = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

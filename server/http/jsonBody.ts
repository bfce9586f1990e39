import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/**
 * How deeply a JSON body may nest arrays and objects. No request of the API comes near it (a table
 * layout is three levels); thousands of levels would reach the recursive code after the parser (the
 * validator, the database's jsonb) and fail there as a server error.
 */
export const MAX_JSON_DEPTH = 64;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Whether JSON text nests deeper than `limit`: one pass over the text, brackets inside strings not counted. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) depth--;
  }
  return false;
}

/** The JSON body parser: Fastify's own (prototype-poisoning checks included), after a nesting limit. */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(badRequest(`Invalid request: the JSON body is nested more than ${MAX_JSON_DEPTH} levels deep`), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
}

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { logIntegration } from '../log';
import { ACCOUNTING_SOURCE } from '../source';
import { vaultOf } from '../vaultOf';
import { basicCredentials, COOKIE_NAME, cookieOf, EXCHANGE_OFF, openSession, SIGN_IN_FIRST, sessionValid, WRONG_CREDENTIALS } from './exchangeAuth';
import { appendChunk, FILE_LIMIT, safeName, startExchange } from './exchangeFiles';
import { importStep } from './importRun';
import { applySaleFile } from './saleChanges';
import { saleConfirmed, saleQuery } from './saleDocuments';
import { exchangeRow } from './settings';
import { ExchangeFileError } from './xmlItems';

/**
 * The CommerceML 2 site exchange as 1C calls it (/exchange/1c/<account>?type=catalog|sale&mode=…): checkauth with basic
 * auth answers the session cookie; init the zip and file_limit; file takes a (chunk of a) file as the raw body; import
 * applies an uploaded file a step per call; sale's query hands over our orders and success confirms them. Answers
 * are the plain text 1C reads: 'success', 'progress', or 'failure' and the reason on the next line. No staff token:
 * outside /api and /integration, it is not walked by the API's auth hook.
 */

interface ExchangeQuery {
  type?: string;
  mode?: string;
  filename?: string;
}

const text = (reply: FastifyReply, body: string, status = 200) => reply.code(status).header('content-type', 'text/plain; charset=utf-8').send(body);
const failed = (reply: FastifyReply, reason: string, status = 200) => text(reply, `failure\n${reason}`, status);

export const onecExchangeRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app.ctx;
  // 1C sends files as raw bytes of any declared type: the body stays a stream, written to disk as it arrives.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const handle = async (request: FastifyRequest<{ Params: { account: string }; Querystring: ExchangeQuery }>, reply: FastifyReply) => {
    const accountId = Number(request.params.account);
    const { type = '', mode = '', filename = '' } = request.query;
    const exchange = Number.isSafeInteger(accountId) && accountId > 0 ? await exchangeRow(db, accountId) : null;
    if (!exchange?.enabled) return failed(reply, EXCHANGE_OFF, 403);
    const vault = vaultOf(config);
    if (mode === 'checkauth') {
      const given = basicCredentials(request.headers.authorization);
      const cookie = given ? openSession(vault, exchange, given) : null;
      if (!cookie) {
        await logIntegration(db, { accountId, source: ACCOUNTING_SOURCE, level: 'warning', action: '1c-checkauth', message: WRONG_CREDENTIALS, details: { ip: request.ip } });
        return failed(reply, WRONG_CREDENTIALS, 401);
      }
      return text(reply, `success\n${COOKIE_NAME}\n${cookie}`);
    }
    if (!sessionValid(vault, exchange, cookieOf(request.headers.cookie))) return failed(reply, SIGN_IN_FIRST, 401);
    if (type !== 'catalog' && type !== 'sale') return failed(reply, `Unknown exchange type '${type}': catalog or sale`, 400);

    if (mode === 'init') {
      // A new exchange: the files of the last one are dropped, and only what is sent now is imported.
      await startExchange(config, accountId);
      // 1C's orders come back as one plain XML file, applied as it arrives; the catalogue may come zipped.
      return text(reply, `zip=${type === 'catalog' ? 'yes' : 'no'}\nfile_limit=${FILE_LIMIT}`);
    }
    if (mode === 'file') {
      const name = safeName(filename);
      if (!name) {
        await logIntegration(db, { accountId, source: ACCOUNTING_SOURCE, level: 'error', action: '1c-file', message: `Refused an unsafe file name: ${filename.slice(0, 200)}` });
        return failed(reply, `Unsafe file name: ${filename.slice(0, 200)}`, 400);
      }
      const body: Readable = request.raw;
      if (request.method !== 'POST') return failed(reply, 'The request has no file', 400);
      try {
        await appendChunk(config, accountId, name, body);
      } catch (error) {
        if (error instanceof ExchangeFileError) {
          await logIntegration(db, { accountId, source: ACCOUNTING_SOURCE, level: 'error', action: '1c-file', message: `${name}: ${error.message}` });
          return failed(reply, error.message, 413);
        }
        throw error;
      }
      if (type === 'sale') return text(reply, (await applySaleFile(db, config, exchange, name)).text);
      return text(reply, 'success');
    }
    if (type === 'catalog' && mode === 'import') {
      const name = safeName(filename);
      if (!name) return failed(reply, `Unsafe file name: ${filename.slice(0, 200)}`, 400);
      const answer = await importStep(db, config, exchange, name);
      return text(reply, answer.text);
    }
    // Some 1C versions follow the orders file with mode=import: it was applied when it arrived.
    if (type === 'sale' && mode === 'import') return text(reply, 'success');
    if (type === 'sale' && mode === 'query') {
      return reply.code(200).header('content-type', 'application/xml; charset=utf-8').send(await saleQuery(db, exchange));
    }
    if (type === 'sale' && mode === 'success') {
      await saleConfirmed(db, exchange);
      return text(reply, 'success');
    }
    return failed(reply, `Unknown mode '${mode}' for type '${type}'`, 400);
  };

  // Sign-ins are few (one per exchange), so guessing the password is held to a slow pace; the steps of an exchange are many.
  const rateLimit = {
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `onec|${request.ip}|${(request.query as ExchangeQuery).mode === 'checkauth' ? 'auth' : 'work'}`,
    max: (_request: FastifyRequest, key: string) => (key.endsWith('|auth') ? 30 : 3000),
  };
  app.get('/:account', { schema: { hide: true }, config: { rateLimit } }, handle);
  app.post('/:account', { schema: { hide: true }, config: { rateLimit } }, handle);
};

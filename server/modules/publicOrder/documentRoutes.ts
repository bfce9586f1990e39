import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SuccessFlag } from '../../../src/contract/common';
import { Id } from '../../../src/contract/catalogue';
import { OrderFileDeleteQuery, type OrderFile } from '../../../src/contract/orderDocuments';
import Type from 'typebox';
import { PublicOrderFile, PublicOrderFileList, PublicOrderIdQuery, type PublicOrderFile as PublicOrderFileType } from '../../../src/contract/publicOrder';
import type { PublicCaller } from '../../auth/publicSessions';
import { publicCallerOf } from '../../http/context';
import { sendStoredFile } from '../../http/downloads';
import { deleteOrderFile, listOrderFiles, openOrderFile, uploadOrderFile, type DocumentActor } from '../orderDocuments/service';
import { refusal } from '../../http/refusal';
import { generateDocument } from '../documents/generate';
import { listTemplates, templateRowOf } from '../documents/templates';
import { requireOrderAccess } from './access';
import { admitPublicUpload } from './uploadLimits';

/** The documents service's actor for a public caller: public-visible files only; uploads recorded under the customer. */
const documentActor = (caller: PublicCaller): DocumentActor => ({ accountId: caller.accountId, userId: null, public: true, customerId: caller.customerId });

const PublicTemplateList = Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), type: Type.String(), download_type: Type.String() }));
const PublicGenerateRequest = Type.Object({ order_id: Id, template_id: Id });

/** Staff names stay with the staff. */
const toPublicFile = ({ user_id: _userId, user_name: _userName, ...file }: OrderFile): PublicOrderFileType => file;

/**
 * public-order/custom-doc/* and public-order/doc/* (spec 2 §7 "Public order", each with order_id): the files of a
 * shared order, through the order documents service. The share is checked here first; the service then shows
 * only public-visible files and lets the customer delete only what they uploaded.
 */
export const publicDocumentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  const tags = ['public-order'];
  const publicRead = { auth: 'public', reads: true } as const;
  const publicWrite = { auth: 'public' } as const;
  /** The caller's documents actor, once the caller may see the order (404 otherwise). */
  const actorFor = async (request: { publicCaller: PublicCaller | null }, orderId: number): Promise<DocumentActor> => {
    const caller = publicCallerOf(request);
    await requireOrderAccess(db, caller, orderId);
    return documentActor(caller);
  };

  app.get('/public-order/custom-doc/list', { config: publicRead, schema: { tags, querystring: PublicOrderIdQuery, response: { 200: PublicOrderFileList } } }, async (request) =>
    (await listOrderFiles(db, config, await actorFor(request, request.query.order_id), request.query.order_id, 'custom')).map(toPublicFile),
  );

  app.post(
    '/public-order/custom-doc/upload',
    {
      config: publicWrite,
      schema: {
        tags,
        description:
          'multipart/form-data: order_id and one file (at most 10 MB); order_id also in the query, where the share is checked before anything is stored. Public uploads are bounded per account (PUBLIC_UPLOAD_QUOTA_BYTES, 413) and per customer or anonymous link (PUBLIC_UPLOADS_PER_HOUR, 429).',
        consumes: ['multipart/form-data'],
        querystring: PublicOrderIdQuery,
        response: { 200: PublicOrderFile },
      },
    },
    async (request) => {
      const orderId = request.query.order_id;
      const actor = await actorFor(request, orderId);
      // Rate and quota are checked before the bytes are read, the quota again once the size is known.
      const admit = await admitPublicUpload(db, config, publicCallerOf(request));
      // The file is taken only for the order checked above: a form naming another order is refused before anything is stored.
      return toPublicFile(await uploadOrderFile(db, config, actor, request, { orderId, admit }));
    },
  );

  app.get('/public-order/custom-doc/delete', { config: publicWrite, schema: { tags, querystring: OrderFileDeleteQuery, response: { 200: SuccessFlag } } }, async (request) =>
    deleteOrderFile(db, config, await actorFor(request, request.query.order_id), request.query, 'custom'),
  );

  app.get('/public-order/custom-doc/download', { config: publicRead, schema: { tags, querystring: OrderFileDeleteQuery } }, async (request, reply) =>
    sendStoredFile(reply, await openOrderFile(db, config, await actorFor(request, request.query.order_id), request.query.id, 'custom', request.query.order_id)),
  );

  app.get('/public-order/doc/list', { config: publicRead, schema: { tags, querystring: PublicOrderIdQuery, response: { 200: PublicOrderFileList } } }, async (request) =>
    (await listOrderFiles(db, config, await actorFor(request, request.query.order_id), request.query.order_id, 'generated')).map(toPublicFile),
  );

  // Templates and generation for the customer: only templates shown in the public order (issue 15).
  app.get('/public-order/doc/templates', { config: publicRead, schema: { tags, querystring: PublicOrderIdQuery, response: { 200: PublicTemplateList } } }, async (request) => {
    const actor = await actorFor(request, request.query.order_id);
    return (await listTemplates(db, actor.accountId, { publicOnly: true })).map(({ id, name, type, download_type }) => ({ id, name, type, download_type }));
  });

  app.post('/public-order/doc/generate', { config: publicWrite, schema: { tags, body: PublicGenerateRequest, response: { 200: PublicOrderFile } } }, async (request) => {
    const { order_id, template_id } = request.body;
    const actor = await actorFor(request, order_id);
    const template = await templateRowOf(db, actor.accountId, template_id);
    if (!template.publicVisible) throw refusal(404, 'noSuchTemplate');
    const { document } = await generateDocument(db, config, { accountId: actor.accountId, userId: null, origin: 'public', orderId: order_id, templateId: template_id });
    const [file] = (await listOrderFiles(db, config, actor, order_id, 'generated')).filter((item) => item.id === document.id);
    if (!file) throw refusal(404, 'noSuchTemplate');
    return toPublicFile(file);
  });

  app.get('/public-order/doc/delete', { config: publicWrite, schema: { tags, querystring: OrderFileDeleteQuery, response: { 200: SuccessFlag } } }, async (request) =>
    deleteOrderFile(db, config, await actorFor(request, request.query.order_id), request.query, 'generated'),
  );

  app.get('/public-order/doc/download', { config: publicRead, schema: { tags, querystring: OrderFileDeleteQuery } }, async (request, reply) =>
    sendStoredFile(reply, await openOrderFile(db, config, await actorFor(request, request.query.order_id), request.query.id, 'generated', request.query.order_id)),
  );
};

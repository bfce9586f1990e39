import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { TagChange, TagDeleteRequest, TagRenameRequest, TagUsage } from '../../../src/contract/business';
import { requireAdmin } from '../../auth/rights';
import { callerOf } from '../../http/context';
import { deleteTag, listTags, renameTag } from './tags';

/** business/*: the business-process settings (tags; the scenario itself is orders/public/settings). Changes are an admin's. */
export const businessRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const tags = ['business'];
  const adminAccount = (request: Parameters<typeof callerOf>[0]) => {
    const caller = callerOf(request);
    requireAdmin(caller);
    return caller.account.id;
  };

  app.get('/business/tags', { config: { reads: true }, schema: { tags, response: { 200: Type.Array(TagUsage) } } }, async (request) => listTags(db, callerOf(request).account.id));
  app.post('/business/tags/rename', { schema: { tags, body: TagRenameRequest, response: { 200: TagChange } } }, async (request) =>
    renameTag(db, adminAccount(request), request.body.tag, request.body.to),
  );
  app.post('/business/tags/delete', { schema: { tags, body: TagDeleteRequest, response: { 200: TagChange } } }, async (request) =>
    deleteTag(db, adminAccount(request), request.body.tag),
  );
};

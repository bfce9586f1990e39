import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { IdRequest } from '../../../src/contract/catalogue';
import { SuccessFlag } from '../../../src/contract/common';
import { Pipeline, PipelineAddRequest, PipelineSettings, PipelineStatusAddRequest, PipelineStatusUpdateRequest, PipelineUpdateRequest } from '../../../src/contract/pipelines';
import type { Caller } from '../../auth/sessions';
import { callerOf } from '../../http/context';
import { requireAdmin } from '../../auth/rights';
import { addPipeline, addStage, deletePipeline, deleteStage, listPipelines, pipelineSettings, updatePipeline, updateStage } from './service';

/**
 * orders/pipelines/* and account/pipelinesV2 (spec 2 §7 "Orders", "Account"): order pipelines and their
 * stages. Any member reads them; changing them is an account setting, for owners and administrators only.
 * Stage writes answer the whole pipeline, since a change to one stage can move the others.
 */
export const pipelineRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const tags = ['pipelines'];
  /** The caller's account, for an owner or administrator (else refused). */
  const adminAccountId = (request: { caller: Caller | null }): number => {
    const caller = callerOf(request);
    requireAdmin(caller);
    return caller.account.id;
  };

  app.get('/orders/pipelines/list', { config: { reads: true }, schema: { tags, response: { 200: Type.Array(Pipeline) } } }, async (request) =>
    listPipelines(db, callerOf(request).account.id),
  );

  app.get('/account/pipelinesV2', { config: { reads: true }, schema: { tags, response: { 200: Type.Array(PipelineSettings) } } }, async (request) =>
    pipelineSettings(db, callerOf(request).account.id),
  );

  app.post('/orders/pipelines/add', { schema: { tags, body: PipelineAddRequest, response: { 200: Pipeline } } }, async (request) =>
    addPipeline(db, adminAccountId(request), request.body),
  );

  app.post('/orders/pipelines/update', { schema: { tags, body: PipelineUpdateRequest, response: { 200: Pipeline } } }, async (request) =>
    updatePipeline(db, adminAccountId(request), request.body),
  );

  app.post('/orders/pipelines/delete', { schema: { tags, body: IdRequest, response: { 200: SuccessFlag } } }, async (request) =>
    deletePipeline(db, adminAccountId(request), request.body.id),
  );

  app.post('/orders/pipelines/statuses/add', { schema: { tags, body: PipelineStatusAddRequest, response: { 200: Pipeline } } }, async (request) =>
    addStage(db, adminAccountId(request), request.body),
  );

  app.post('/orders/pipelines/statuses/update', { schema: { tags, body: PipelineStatusUpdateRequest, response: { 200: Pipeline } } }, async (request) =>
    updateStage(db, adminAccountId(request), request.body),
  );

  app.post('/orders/pipelines/statuses/delete', { schema: { tags, body: IdRequest, response: { 200: Pipeline } } }, async (request) =>
    deleteStage(db, adminAccountId(request), request.body.id),
  );
};

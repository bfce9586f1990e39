import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { InvoiceList, InvoiceRecord, InvoiceRequest, TariffConnected, TariffMeters } from '../../../src/contract/business';
import { Id } from '../../../src/contract/catalogue';
import { callerOf } from '../../http/context';
import { contentDisposition } from '../../http/downloads';
import { connectPlan } from './connect';
import { plainXlsxInvoice, type InvoiceDocument } from './invoiceDocument';
import { invoiceFacts, listInvoices, requestInvoice, tariffMeters } from './service';

/** The invoice document in use: plug a template-made one in here (invoiceDocument.ts). */
const invoiceDocument: InvoiceDocument = plainXlsxInvoice;

/** tariffs/*: the meters of the tariffs screen, connecting a free plan, and invoice requests (open to an expired account: it is the way to pay). */
export const tariffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const tags = ['tariffs'];

  app.get('/tariffs/meters', { config: { reads: true }, schema: { tags, response: { 200: TariffMeters } } }, async (request) => tariffMeters(db, callerOf(request).account.id));
  app.post('/tariffs/invoice', { schema: { tags, body: InvoiceRequest, response: { 200: InvoiceRecord } } }, async (request) => requestInvoice(db, callerOf(request), request.body.tariff_id));
  app.post('/tariffs/connect', { schema: { tags, body: InvoiceRequest, response: { 200: TariffConnected } } }, async (request) => connectPlan(db, callerOf(request), request.body.tariff_id));
  app.get('/tariffs/invoices', { config: { reads: true }, schema: { tags, response: { 200: InvoiceList } } }, async (request) => listInvoices(db, callerOf(request).account.id));
  app.get('/tariffs/invoice/file', { config: { reads: true }, schema: { tags, querystring: Type.Object({ id: Id }) } }, async (request, reply) => {
    const file = await invoiceDocument(await invoiceFacts(db, callerOf(request), request.query.id));
    return reply.header('content-type', file.mime).header('content-disposition', contentDisposition(file.name)).header('cache-control', 'private, no-store').send(file.body);
  });
};

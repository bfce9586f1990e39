import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdRequest } from '../../../src/contract/catalogue';
import { ImageQuery, ImageReorderRequest } from '../../../src/contract/productEditor';
import { Product } from '../../../src/contract/stock';
import { requireProductEditor } from '../../auth/rights';
import { callerOf } from '../../http/context';
import { sendStoredFile } from '../../http/downloads';
import { deleteImage, PRODUCT_IMAGE_MAX_BYTES, readImage, reorderImages, uploadImage } from './images';

/** Images of type-15 product fields: upload, serve (per account), reorder, delete. */
export const productImageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const tags = ['products'];

  app.post(
    '/product/image/upload',
    {
      bodyLimit: PRODUCT_IMAGE_MAX_BYTES + 64 * 1024,
      schema: { tags, description: 'multipart/form-data: product_id, field (a type-15 field code), one image file (PNG, JPEG, GIF or WebP, at most 5 MB).', consumes: ['multipart/form-data'], response: { 200: Product } },
    },
    async (request) => {
      const caller = callerOf(request);
      requireProductEditor(caller);
      return uploadImage(db, caller, request);
    },
  );

  app.get('/product/image', { config: { reads: true }, schema: { tags, querystring: ImageQuery } }, async (request, reply) => {
    const image = await readImage(db, callerOf(request).account.id, request.query.id, request.query.size ?? 'l');
    const extension = image.mime.split('/')[1];
    reply.header('x-image-width', image.shown.width).header('x-image-height', image.shown.height);
    return sendStoredFile(reply, { name: `image-${image.id}.${extension}`, mime: image.mime, size: image.content.length, body: image.content });
  });

  app.post('/product/image/delete', { schema: { tags, body: IdRequest, response: { 200: Product } } }, async (request) => {
    const caller = callerOf(request);
    requireProductEditor(caller);
    return deleteImage(db, caller, request.body.id);
  });

  app.post('/product/image/reorder', { schema: { tags, body: ImageReorderRequest, response: { 200: Product } } }, async (request) => {
    const caller = callerOf(request);
    requireProductEditor(caller);
    return reorderImages(db, caller, request.body);
  });
};

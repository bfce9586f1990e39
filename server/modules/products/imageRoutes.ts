import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { ImageDeleteRequest, ImageQuery, ImageReorderRequest, ImageViewQuery } from '../../../src/contract/productEditor';
import { imageLinkKey, imageLinkValid } from '../../auth/imageLinks';
import { Product } from '../../../src/contract/stock';
import { requireProductEditor } from '../../auth/rights';
import { callerOf } from '../../http/context';
import { sendStoredFile } from '../../http/downloads';
import { refusal } from '../../http/refusal';
import { deleteImage, PRODUCT_IMAGE_MAX_BYTES, readImage, readLinkedImage, reorderImages, uploadImage } from './images';

type ServedImage = Awaited<ReturnType<typeof readImage>>;

function sendImage(reply: FastifyReply, image: ServedImage) {
  const extension = image.mime.split('/')[1];
  reply.header('x-image-width', image.shown.width).header('x-image-height', image.shown.height);
  return sendStoredFile(reply, { name: `image-${image.id}.${extension}`, mime: image.mime, size: image.content.length, body: image.content });
}

/** Images of type-15 product fields: upload, serve (per account, or by a signed link), reorder, delete. */
export const productImageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const tags = ['products'];

  app.post(
    '/product/image/upload',
    {
      bodyLimit: PRODUCT_IMAGE_MAX_BYTES + 64 * 1024,
      schema: {
        tags,
        description:
          'multipart/form-data: product_id, field (a type-15 field code), updated_at (optional: the product version read; 409 when it changed since), one image file (PNG, JPEG, GIF or WebP, at most 5 MB and 50 megapixels).',
        consumes: ['multipart/form-data'],
        response: { 200: Product },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      requireProductEditor(caller);
      return uploadImage(db, caller, request);
    },
  );

  app.get('/product/image', { config: { reads: true }, schema: { tags, querystring: ImageQuery } }, async (request, reply) =>
    sendImage(reply, await readImage(db, callerOf(request).account.id, request.query.id, request.query.size ?? 'l')),
  );

  // An <img> cannot send the session: the product answers carry these signed, expiring links instead (auth/imageLinks.ts).
  app.get(
    '/product/image/view',
    { config: { auth: 'none', reads: true }, schema: { tags, description: 'One size of an image by the signed link a product or order answer gave (values[field][i].sizes).', querystring: ImageViewQuery } },
    async (request, reply) => {
      // A forged, altered or expired link reads as no image at all: it tells nothing of which ids exist.
      if (!imageLinkValid(await imageLinkKey(db), request.query)) throw refusal(404, 'noSuchImage');
      return sendImage(reply, await readLinkedImage(db, request.query.id, request.query.size));
    },
  );

  app.post('/product/image/delete', { schema: { tags, body: ImageDeleteRequest, response: { 200: Product } } }, async (request) => {
    const caller = callerOf(request);
    requireProductEditor(caller);
    return deleteImage(db, caller, request.body);
  });

  app.post('/product/image/reorder', { schema: { tags, body: ImageReorderRequest, response: { 200: Product } } }, async (request) => {
    const caller = callerOf(request);
    requireProductEditor(caller);
    return reorderImages(db, caller, request.body);
  });
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Category, CategoryProps, FieldDefinition } from '../../../src/contract/catalogue';
import { CategoryListItem, DealProduct, DealProductList, FilteredConfig, FilteredProductsRequest, ProductsAutocompleteQuery } from '../../../src/contract/orders';
import { callerOf } from '../../http/context';
import { categoryProps, listCategories } from '../categories/service';
import { staffActor } from '../orders/actor';
import { dealAutocomplete, filteredProducts } from './products';
import { categoryList, getFilterConfig, orderFields, saveFilterConfig } from './service';

/**
 * The deal screen's catalogue (spec 2 §7 "Deal widget and order products"): categories, product
 * fields, product search and the filtered product list with its settings. What each category call
 * answers is written in service.ts.
 */
export const dealCatalogueRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const tags = ['orders'];
  const reads = { reads: true } as const;

  app.get('/orders/categories', { config: reads, schema: { tags, response: { 200: Type.Array(CategoryProps) } } }, async (request) => categoryProps(db, callerOf(request).account.id));
  app.get('/orders/categories/list', { config: reads, schema: { tags, response: { 200: Type.Array(Category) } } }, async (request) => listCategories(db, callerOf(request).account.id));
  app.get('/orders/category/list', { config: reads, schema: { tags, response: { 200: Type.Array(CategoryListItem) } } }, async (request) => categoryList(db, callerOf(request).account.id));

  app.get('/orders/fields', { config: reads, schema: { tags, response: { 200: Type.Array(FieldDefinition) } } }, async (request) => orderFields(db, callerOf(request).account.id, true));
  app.get('/orders/fields/all', { config: reads, schema: { tags, response: { 200: Type.Array(FieldDefinition) } } }, async (request) => orderFields(db, callerOf(request).account.id, false));

  app.get('/orders/get-products-autocomplete', { config: reads, schema: { tags, querystring: ProductsAutocompleteQuery, response: { 200: Type.Array(DealProduct) } } }, async (request) =>
    dealAutocomplete(db, staffActor(callerOf(request)), request.query.q, request.query.leadId),
  );

  app.post('/orders/products/filtered', { config: reads, schema: { tags, body: Type.Optional(FilteredProductsRequest), response: { 200: DealProductList } } }, async (request) =>
    filteredProducts(db, staffActor(callerOf(request)), request.body ?? {}),
  );
  app.get('/orders/products/filtered/config', { config: reads, schema: { tags, response: { 200: FilteredConfig } } }, async (request) => getFilterConfig(db, callerOf(request).account.id));
  app.post('/orders/products/filtered/config/update', { schema: { tags, body: FilteredConfig, response: { 200: FilteredConfig } } }, async (request) =>
    saveFilterConfig(db, callerOf(request), request.body),
  );
};

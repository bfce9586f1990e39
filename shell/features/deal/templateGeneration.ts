import { staffApi } from '../../../src/api/http';
import type { ApiResult } from '../../../src/api/transport';
import type { AutogenerationFailure, DocumentTemplate, GenerateAnswer } from '../../../src/contract/documents';
import type Type from 'typebox';

/**
 * Documents made from templates on the deal's documents tab (orders/doc/generate); staff may also change the last
 * document of a template.
 */
export type GenerateTemplate = Pick<DocumentTemplate, 'id' | 'name' | 'type' | 'download_type'>;
export type Failure = Type.Static<typeof AutogenerationFailure>;

export function listGenerateTemplates(): Promise<ApiResult<GenerateTemplate[]>> {
  return staffApi.get<DocumentTemplate[]>('document/list');
}

export type Generated = { ok: true; notice: string | null } | { ok: false };

export async function generateFromTemplate(orderId: number, templateId: number, options: { regenerate?: boolean } = {}): Promise<Generated> {
  const result = await staffApi.post<GenerateAnswer>('orders/doc/generate', { order_id: orderId, template_id: templateId, ...(options.regenerate && { regenerate: true }) });
  return result.ok ? { ok: true, notice: result.data.notice } : { ok: false };
}

/** Autogenerations of the order that failed. */
export const listAutogenerationFailures = (orderId: number) => staffApi.get<Failure[]>('orders/doc/failures', { order_id: orderId });

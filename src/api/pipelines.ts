import type { Pipeline } from '../contract/pipelines';
import { modeApi } from './http';

/** orders/pipelines/list, or public-order/pipelines in public mode. */
export const listPipelines = () => modeApi.get<Pipeline[]>('orders/pipelines/list');

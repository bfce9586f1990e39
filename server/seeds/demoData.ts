import type { DemoLang } from '../modules/demo/defaultNames';
import { DEMO_DATA_EN } from './demoData.en';
import { DEMO_DATA_RU } from './demoData.ru';
import type { DemoData } from './demoDataShape';

export { ADJECTIVE_COUNT } from './demoDataShape';

/** The demo's words by language (their shape and why they live here: demoDataShape.ts). */
export const DEMO_DATA: Readonly<Record<DemoLang, DemoData>> = { en: DEMO_DATA_EN, ru: DEMO_DATA_RU };

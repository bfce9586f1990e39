import { tasks as en } from '../../../locales/en.json';
import { fillText } from '../../http/refusal';

/** The locale key of a task's title (locales → tasks.titles.<code>). */
export type TaskTitleCode = keyof typeof en.titles;
/** The title's params: ids as written (strings), so 'Order 1234' is not grouped as a figure. */
export type TaskTitleParams = Record<string, string>;

/**
 * A task's name as its record keeps it: the English `title` every API client reads and, when the server named it,
 * the code and params the task center says it with in its user's language (as refusals do with serverErrors.<code>).
 * A name the user gave (an import's file name) has no code and shows as it is.
 */
export interface TaskTitle {
  title: string;
  /** A stored code is not checked again here: the task center shows the title of a code it does not know. */
  titleCode?: string | null;
  titleParams?: TaskTitleParams | null;
}

/** The title of a task the server names: its locale text in English, and its code and params for the task center. */
export const taskTitle = (code: TaskTitleCode, params: TaskTitleParams = {}): TaskTitle => ({ title: fillText(en.titles[code], params, 'en'), titleCode: code, titleParams: params });

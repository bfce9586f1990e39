import type { ExportStarted } from '../contract/import';
import { dispositionFileName, type DownloadedFile } from './transport';

/** An export's answer: the file, or (202, a big export) the task that writes it for the task center. */
export type ExportAnswer = { file: DownloadedFile } | { taskId: number };

/** Reads an export call's answer for ApiClient.send: a 202 carries the task's id, any other success the file. */
export const readExportAnswer = async (response: Response): Promise<ExportAnswer> =>
  response.status === 202
    ? { taskId: ((await response.json()) as ExportStarted).task_id }
    : { file: { blob: await response.blob(), fileName: dispositionFileName(response.headers.get('content-disposition')) } };

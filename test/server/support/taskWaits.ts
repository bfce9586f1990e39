import { expect } from 'vitest';
import { TASK_STATUS } from '../../../src/domain/taskStatus';
import type { TestServer } from '../harness';

/** Polls until `what` answers something truthy (every 50 ms, at most `ms`), and answers it. */
export async function until<T>(what: () => Promise<T | undefined | null | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits for a background task of `token`'s user to finish without error and answers its result file. */
export async function taskFile(server: TestServer, token: string, id: number): Promise<{ name: string; bytes: Buffer }> {
  const task = await until(async () => {
    const list = (await server.call('GET', 'task/list', { token })).body as { id: number; status: number; error: string | null; file: { name: string } | null }[];
    return list.find((item) => item.id === id && item.status !== TASK_STATUS.open);
  });
  expect(task).toMatchObject({ status: TASK_STATUS.finished, error: null });
  const response = await server.app.inject({ method: 'GET', url: `/api/task/file?id=${id}`, headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode).toBe(200);
  return { name: task.file!.name, bytes: response.rawPayload };
}

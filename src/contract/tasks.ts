import Type from 'typebox';
import { Id } from './catalogue';
import { Nullable } from './common';

/** One task of the caller as the task center shows it (task/list). Times are ISO texts; status: src/domain/taskStatus.ts. */
export const TaskItem = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  /** The task's name in English (a file's name as it is). */
  title: Type.String(),
  /** When the server named the task: its locale key (tasks.titles.<code>) and params, to say the title in the viewer's language. */
  title_code: Nullable(Type.String()),
  title_params: Nullable(Type.Record(Type.String(), Type.String())),
  status: Type.Integer(),
  done: Type.Integer(),
  total: Type.Integer(),
  started_at: Type.String(),
  finished_at: Nullable(Type.String()),
  counts: Nullable(Type.Record(Type.String(), Type.Number())),
  /** Why it failed: a text for the user, or a locale key the shell translates. */
  error: Nullable(Type.String()),
  /** The result file to download (task/file?id=), when there is one. */
  file: Nullable(Type.Object({ name: Type.String(), size: Type.Integer() })),
});
export type TaskItem = Type.Static<typeof TaskItem>;

export const TaskList = Type.Array(TaskItem);
export type TaskList = Type.Static<typeof TaskList>;

/** task/delete and task/file: the task's id. */
export const TaskIdQuery = Type.Object({ id: Id }, { additionalProperties: false });
export type TaskIdQuery = Type.Static<typeof TaskIdQuery>;

/** task/delete: the status the task has now (2 cancelled when it was running, 3 deleted when it had ended). */
export const TaskDeleteAnswer = Type.Object({ success: Type.Boolean(), status: Type.Integer() });
export type TaskDeleteAnswer = Type.Static<typeof TaskDeleteAnswer>;

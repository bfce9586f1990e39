import './texts';
import styles from './tasks.css?raw';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { TaskItem } from '../../../src/contract/tasks';
import { TASK_STATUS } from '../../../src/domain/taskStatus';
import { t } from '../../../src/i18n';
import { adoptStyles } from '../../../src/ui/adoptStyles';
import { Dialog } from '../../../src/ui/Dialog';
import { closeOverlay } from '../../stores/overlays';
import { countsText, durationText, errorText, startText, statusText } from './format';
import { $tasks, downloadResult, removeTask, titleText } from './state';

adoptStyles(styles);

const close = () => closeOverlay('taskCenter');

function TaskRow({ task, now }: { task: TaskItem; now: number }) {
  const [busy, setBusy] = useState(false);
  const open = task.status === TASK_STATUS.open;
  const counts = countsText(task);
  const title = titleText(task);
  async function remove() {
    setBusy(true);
    await removeTask(task.id);
    setBusy(false);
  }
  return (
    <li className="tasks-item" data-task-id={task.id} data-status={task.status}>
      <p className="tasks-item__title">{title}</p>
      <dl className="tasks-item__facts">
        <div>
          <dt>{t('tasks.status')}</dt>
          <dd className="tasks-item__status">{statusText(task)}</dd>
        </div>
        <div>
          <dt>{t('tasks.startedAt')}</dt>
          <dd>{startText(task)}</dd>
        </div>
        <div>
          <dt>{t('tasks.duration')}</dt>
          <dd>{durationText(task, now)}</dd>
        </div>
        {counts ? (
          <div>
            <dt>{t('tasks.result')}</dt>
            <dd>{counts}</dd>
          </div>
        ) : null}
      </dl>
      {open ? (
        <div className="tasks-item__progress">
          <progress max={Math.max(task.total, 1)} value={task.total ? task.done : undefined} aria-label={t('tasks.progressLabel', { title })} />
          {task.total ? <span>{t('tasks.progress', { done: task.done, total: task.total })}</span> : null}
        </div>
      ) : null}
      {task.error ? <p className="tasks-item__error">{errorText(task)}</p> : null}
      <div className="tasks-item__buttons">
        {task.file ? (
          <button type="button" className="tasks-link" onClick={() => void downloadResult(task.id, task.file?.name ?? 'result')}>
            {t('tasks.download', { name: task.file.name })}
          </button>
        ) : null}
        <button type="button" className="shell-button" disabled={busy} aria-busy={busy} aria-label={t(open ? 'tasks.cancelTask' : 'tasks.deleteTask', { title })} onClick={() => void remove()}>
          {t(open ? 'tasks.cancel' : 'tasks.delete')}
        </button>
      </div>
    </li>
  );
}

/**
 * The task center (home menu 'Task list'): the user's background tasks with progress, status, start, duration,
 * result and a cancel or delete button. shell/stores/tasks.ts polls the list while it is open.
 */
export default function TaskCenter() {
  const list = useStore($tasks);
  const [now, setNow] = useState(Date.now());
  const running = list?.some((task) => task.status === TASK_STATUS.open) ?? false;
  // A running task's duration grows between polls too.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return (
    <Dialog title={t('tasks.title')} onClose={close} className="tasks-center">
      {list === null ? null : list.length === 0 ? (
        <p className="tasks-empty">{t('errors.noTasks')}</p>
      ) : (
        <ul className="tasks-list" aria-label={t('tasks.list')}>
          {list.map((task) => (
            <TaskRow key={task.id} task={task} now={now} />
          ))}
        </ul>
      )}
      <div className="tasks-buttons">
        <button type="button" className="shell-button" onClick={close}>
          {t('app.close')}
        </button>
      </div>
    </Dialog>
  );
}

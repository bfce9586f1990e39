/** Task statuses (spec §3): 0 open, 1 successful (or failed, when the task has an error), 2 cancelled, 3 deleted. */
export const TASK_STATUS = { open: 0, finished: 1, cancelled: 2, deleted: 3 } as const;

export { deleteTask, getTaskFile } from '../../../src/api/tasks';

/** Cloud Tasks queues of the functions (onTaskDispatched): putting a task on one, once. */
import { createHash } from 'node:crypto';
import { getFunctions } from 'firebase-admin/functions';
import { app } from './admin';

/**
 * Puts a task for `key` on the function's queue. The task id comes from `key` and `round` (a hash
 * first, as Cloud Tasks asks of task names), so the same round queued twice (a trigger delivered
 * twice, a double click) is one task. `deadlineSeconds`: how long the queue waits for an attempt.
 */
export async function enqueueTask<Task extends object>(queue: string, task: Task, key: string, round: string, deadlineSeconds: number): Promise<void> {
  const id = `${createHash('sha256').update(key).digest('hex').slice(0, 32)}-${round}`;
  try {
    await getFunctions(app).taskQueue<Task>(queue).enqueue(task, { id, dispatchDeadlineSeconds: deadlineSeconds });
  } catch (error) {
    if ((error as { code?: string }).code === 'functions/task-already-exists') return;
    throw error;
  }
}

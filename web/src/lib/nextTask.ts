/** Settles in a task of its own: what follows runs after the browser has had its turn (input, paint). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// Lets the browser run what waits (input, paint, the network's callbacks) before the caller goes on: a long piece of
// main-thread work split at its seams becomes several short tasks, and only a task's time past 50 ms blocks a user
// (Lighthouse's Total Blocking Time). scheduler.yield() where the browser has it (the caller's task comes back before
// other queued work), else a timer.
type YieldingScheduler = { yield?: () => Promise<void> };

export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

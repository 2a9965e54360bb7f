/**
 * At most `concurrency` tasks at once; the others wait in arrival order. `peak` is the most that ever ran together
 * (the thumbnail test reads it).
 */
export function boundedQueue(concurrency: number) {
  const waiting: (() => void)[] = [];
  const state = { running: 0, peak: 0 };
  const next = () => {
    if (state.running >= concurrency) return;
    const start = waiting.shift();
    if (start) start();
  };
  return {
    get running() {
      return state.running;
    },
    get peak() {
      return state.peak;
    },
    resetPeak() {
      state.peak = state.running;
    },
    run<T>(task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        waiting.push(() => {
          state.running++;
          state.peak = Math.max(state.peak, state.running);
          task()
            .then(resolve, reject)
            .finally(() => {
              state.running--;
              next();
            });
        });
        next();
      });
    },
  };
}

import { Worker, type ResourceLimits } from 'node:worker_threads';

/** Why a task did not produce an answer: the worker crashed, ran out of memory or took too long. */
export class WorkerTaskError extends Error {
  constructor(
    readonly reason: 'timeout' | 'crash',
    cause?: unknown,
  ) {
    super(`worker task failed: ${reason}`, { cause });
  }
}

export interface WorkerPoolOptions {
  /** Worker threads running at once; more tasks wait their turn. */
  maxWorkers: number;
  /** Idle workers kept warm (loading pdf-lib takes a few hundred ms). */
  maxIdle: number;
  timeoutMs: number;
  resourceLimits: ResourceLimits;
}

/**
 * Runs one message-in/message-out task at a time per worker thread. A worker that times out,
 * crashes or exceeds its memory is terminated and replaced; the caller gets a WorkerTaskError.
 */
export class WorkerPool {
  private readonly idle: Worker[] = [];
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Worker threads started so far (replacements included). */
  started = 0;

  constructor(
    private readonly file: URL,
    private readonly options: WorkerPoolOptions,
  ) {}

  async run<T>(message: unknown, transfer: ArrayBuffer[] = []): Promise<T> {
    await this.acquire();
    try {
      const worker = this.idle.pop() ?? this.spawn();
      const result = await this.exchange<T>(worker, message, transfer);
      if (this.idle.length < this.options.maxIdle) this.idle.push(worker);
      else void worker.terminate();
      return result;
    } finally {
      this.release();
    }
  }

  /** Stops the idle workers (tests and shutdown). */
  async close(): Promise<void> {
    const workers = this.idle.splice(0);
    await Promise.all(workers.map((w) => w.terminate()));
  }

  private spawn(): Worker {
    this.started += 1;
    const worker = new Worker(this.file, { resourceLimits: this.options.resourceLimits });
    // An idle warm worker must not keep the process alive.
    worker.unref();
    // Errors outside a task (a crash while idle): drop the worker.
    worker.on('error', () => this.forget(worker));
    worker.on('exit', () => this.forget(worker));
    return worker;
  }

  private forget(worker: Worker): void {
    const i = this.idle.indexOf(worker);
    if (i >= 0) this.idle.splice(i, 1);
  }

  private exchange<T>(worker: Worker, message: unknown, transfer: ArrayBuffer[]): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const fail = (reason: 'timeout' | 'crash', cause?: unknown) => {
        done();
        void worker.terminate();
        reject(new WorkerTaskError(reason, cause));
      };
      const onMessage = (value: T) => {
        done();
        resolve(value);
      };
      const onError = (error: Error) => fail('crash', error);
      const onExit = (code: number) => fail('crash', new Error(`worker exited with ${code}`));
      const timer = setTimeout(() => fail('timeout'), this.options.timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(message, transfer);
    });
  }

  private async acquire(): Promise<void> {
    if (this.running < this.options.maxWorkers) {
      this.running += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}

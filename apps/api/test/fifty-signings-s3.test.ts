import { describeFiftySignings } from './fifty-signings.ts';

// Issue 18: 2 api + 2 workers on one bucket, a worker SIGKILLed while sealing, a new one started.
describeFiftySignings({ storage: 's3', killWorker: true });

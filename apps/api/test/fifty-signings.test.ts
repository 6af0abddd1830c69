import { describeFiftySignings } from './fifty-signings.ts';

// On the storage of the run (TEST_STORAGE=s3: one bucket for all processes).
describeFiftySignings({
  storage: process.env.TEST_STORAGE === 's3' ? 's3' : 'disk',
  killWorker: false,
});

import { runProcessJob } from '../../src/verifier/run/run-process-job.js';
import type { ProcessJob } from '../../src/verifier/jobs/process-job.js';

// A parent for tests that kill it: runs the job given as JSON in argv[2] through the one process
// runner, then prints how it ended. A test SIGKILLs this process while the job runs.
const job = JSON.parse(process.argv[2] ?? '') as ProcessJob;
const outcome = await runProcessJob(job);
process.stdout.write(`${outcome.kind}\n`);

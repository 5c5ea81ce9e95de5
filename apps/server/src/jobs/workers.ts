import type { Deps } from '../deps.ts';
import { registerElectronicReportWorker } from '../electronic-report/service.ts';
import { registerImportWorker } from '../imports/pipeline.ts';
import { registerRepackWorker } from '../imports/repack.ts';
import { registerRelativesWorker } from '../relatives/match.ts';
import { registerGedcomWorker } from '../trees/import.ts';
import { registerImageWorker } from '../uploads/jobs.ts';

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/** Every domain's job workers, registered once per process (the API is mounted twice, workers are not). */
export async function registerWorkers(deps: Deps, log: Log): Promise<void> {
  await registerImportWorker(deps, log);
  await registerElectronicReportWorker(deps, log);
  await registerRelativesWorker(deps, log);
  await registerRepackWorker(deps, log);
  await registerGedcomWorker(deps, log);
  await registerImageWorker(deps, log);
}

import {
  type ApiServices,
  CERTIFICATE_FILES,
  LISTING_PHOTO_FILES,
  PROOF_FILES,
  type RecurringJob,
  retireCertificates,
  type StoredFileKind,
  sweepStorage,
} from '@barterads/api';

export const STORAGE_SWEEP_JOB = 'storage-sweep';

/** Every kind of stored file the sweeper looks after (a prefix not listed here is never touched). */
export const STORED_FILE_KINDS: readonly StoredFileKind[] = [
  LISTING_PHOTO_FILES,
  PROOF_FILES,
  CERTIFICATE_FILES,
];

/**
 * Once an hour on the job queue: certificates past their use are let go (a superseded submission's, a decided
 * one's after a later decision), then every stored object no row references and older than the sweeper's grace
 * period is deleted (a process that died between storing a file and committing its row left it).
 */
export async function runStorageSweep(
  services: Pick<ApiServices, 'database' | 'storage'>,
  now = new Date(),
): Promise<{ certificatesRetired: number; swept: Record<string, number> }> {
  const db = services.database.db;
  const certificatesRetired = await retireCertificates(db, now);
  const swept = await sweepStorage({ db, storage: services.storage }, STORED_FILE_KINDS, now);
  return { certificatesRetired, swept };
}

export function storageSweepJob(services: ApiServices): RecurringJob {
  return {
    name: STORAGE_SWEEP_JOB,
    cron: '23 * * * *',
    async run() {
      const done = await runStorageSweep(services);
      if (done.certificatesRetired > 0 || Object.values(done.swept).some((n) => n > 0))
        services.logger.info(done, 'storage sweep job');
    },
  };
}

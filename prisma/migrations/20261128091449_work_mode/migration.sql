-- AlterTable
ALTER TABLE "applications" ADD COLUMN     "work_mode" TEXT DEFAULT 'both';

-- AlterTable
ALTER TABLE "professionals" ADD COLUMN     "work_mode" TEXT DEFAULT 'both';

-- Only the values of core/work-mode.ts (product rule 39); NULL is "not given".
ALTER TABLE "applications" ADD CONSTRAINT "applications_work_mode_check" CHECK ("work_mode" IN ('on_site', 'remote', 'both'));
ALTER TABLE "professionals" ADD CONSTRAINT "professionals_work_mode_check" CHECK ("work_mode" IN ('on_site', 'remote', 'both'));

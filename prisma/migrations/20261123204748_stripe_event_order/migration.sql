-- AlterTable
ALTER TABLE "professionals" ADD COLUMN     "stripe_synced_seq" BIGINT;

-- AlterTable
ALTER TABLE "stripe_events" ADD COLUMN     "seq" BIGSERIAL NOT NULL;

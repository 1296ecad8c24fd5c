-- AlterTable
ALTER TABLE "professionals" ADD COLUMN     "cancel_at" TIMESTAMPTZ(3);

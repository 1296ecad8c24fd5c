-- AlterTable
ALTER TABLE "applications" DROP COLUMN "password_hash";

-- AlterTable
ALTER TABLE "pending_registrations" ADD COLUMN     "application" JSONB;

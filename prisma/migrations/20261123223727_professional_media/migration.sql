-- AlterTable
ALTER TABLE "professionals" ADD COLUMN     "media" JSONB NOT NULL DEFAULT '{"logo":null,"photos":[]}';

-- AlterTable
ALTER TABLE "contact_messages" ADD COLUMN     "handled_at" TIMESTAMPTZ(3),
ADD COLUMN     "user_id" INTEGER;

-- AlterTable
ALTER TABLE "messages" DROP COLUMN "replied_at",
DROP COLUMN "reply",
ADD COLUMN     "thread_id" INTEGER;

-- AlterTable
ALTER TABLE "professionals" ADD COLUMN     "answered_thread_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "reply_time_minutes" INTEGER;

-- AlterTable
ALTER TABLE "reviews" ADD COLUMN     "edited_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages"("created_at" DESC);

-- CreateIndex
CREATE INDEX "messages_thread_id_created_at_idx" ON "messages"("thread_id", "created_at");

-- CreateIndex
CREATE INDEX "messages_to_user_id_is_read_idx" ON "messages"("to_user_id", "is_read");

-- CreateIndex
CREATE INDEX "review_reports_resolved_at_idx" ON "review_reports"("resolved_at");

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_thread_id_fkey" FOREIGN KEY ("thread_id") REFERENCES "messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AlterTable
ALTER TABLE "applications" ADD COLUMN     "paid_at" TIMESTAMPTZ(3),
ADD COLUMN     "password_hash" TEXT;

-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "stripe_payment_intent_id" TEXT;

-- AlterTable
ALTER TABLE "professionals" ADD COLUMN     "cancelled_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "payments_stripe_payment_intent_id_idx" ON "payments"("stripe_payment_intent_id");

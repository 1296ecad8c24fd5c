-- CreateTable
CREATE TABLE "sent_emails" (
    "idempotency_key" TEXT NOT NULL,
    "template" TEXT NOT NULL,
    "sent_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sent_emails_pkey" PRIMARY KEY ("idempotency_key")
);

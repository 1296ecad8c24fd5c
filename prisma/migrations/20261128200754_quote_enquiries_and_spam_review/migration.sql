-- AlterTable
ALTER TABLE "professionals" ADD COLUMN     "quote_requests_answered" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "quote_requests_settled" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "quote_requests" ADD COLUMN     "asked_only" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "spam_reviewed_at" TIMESTAMPTZ(3),
ADD COLUMN     "spam_verdict" TEXT;

-- An admin verdict on a request reported as spam: spam or not_spam, with when it was given
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_spam_verdict_check"
  CHECK ((spam_verdict IS NULL AND spam_reviewed_at IS NULL) OR (spam_verdict IN ('spam', 'not_spam') AND spam_reviewed_at IS NOT NULL));

-- At most as many answered as settled requests
ALTER TABLE "professionals" ADD CONSTRAINT "professionals_quote_requests_check"
  CHECK (quote_requests_answered >= 0 AND quote_requests_answered <= quote_requests_settled);

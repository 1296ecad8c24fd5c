-- AlterTable
ALTER TABLE "applications" ADD COLUMN     "travel_miles" TEXT DEFAULT '25';

-- AlterTable
ALTER TABLE "professionals" ADD COLUMN     "travel_miles" TEXT DEFAULT '25';

-- AlterTable
ALTER TABLE "reviews" ADD COLUMN     "found_through_quote" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "quote_requests" (
    "id" SERIAL NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'unconfirmed',
    "service" TEXT NOT NULL,
    "postcode_district" TEXT,
    "lat" DOUBLE PRECISION,
    "lng" DOUBLE PRECISION,
    "remote_ok" BOOLEAN NOT NULL,
    "details" TEXT NOT NULL,
    "budget" TEXT NOT NULL,
    "timescale" TEXT NOT NULL,
    "contact_preference" TEXT NOT NULL,
    "buyer_name" TEXT NOT NULL,
    "buyer_email" TEXT NOT NULL,
    "buyer_phone" TEXT,
    "user_id" INTEGER,
    "asked_professional_id" INTEGER,
    "token_sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "confirmed_at" TIMESTAMPTZ(3),
    "closes_at" TIMESTAMPTZ(3),
    "closed_at" TIMESTAMPTZ(3),
    "anonymised_at" TIMESTAMPTZ(3),

    CONSTRAINT "quote_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "quote_recipients" (
    "request_id" INTEGER NOT NULL,
    "professional_id" INTEGER NOT NULL,
    "reach" JSONB NOT NULL,
    "fit" DOUBLE PRECISION NOT NULL,
    "position" INTEGER NOT NULL,
    "sent_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reply_kind" TEXT,
    "price_pence" INTEGER,
    "price_unit" TEXT,
    "reply_message" TEXT,
    "replied_at" TIMESTAMPTZ(3),
    "flagged_spam_at" TIMESTAMPTZ(3),
    "answer_notified_at" TIMESTAMPTZ(3),
    "outcome" TEXT,
    "outcome_at" TIMESTAMPTZ(3),

    CONSTRAINT "quote_recipients_pkey" PRIMARY KEY ("request_id","professional_id")
);

-- CreateTable
CREATE TABLE "quote_request_links" (
    "token_hash" TEXT NOT NULL,
    "request_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "quote_request_links_pkey" PRIMARY KEY ("token_hash")
);

-- CreateIndex
CREATE INDEX "quote_requests_buyer_email_created_at_idx" ON "quote_requests"("buyer_email", "created_at");

-- CreateIndex
CREATE INDEX "quote_requests_status_closes_at_idx" ON "quote_requests"("status", "closes_at");

-- CreateIndex
CREATE INDEX "quote_requests_expires_at_idx" ON "quote_requests"("expires_at");

-- CreateIndex
CREATE INDEX "quote_recipients_professional_id_sent_at_idx" ON "quote_recipients"("professional_id", "sent_at" DESC);

-- CreateIndex
CREATE INDEX "quote_request_links_request_id_idx" ON "quote_request_links"("request_id");

-- AddForeignKey
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_asked_professional_id_fkey" FOREIGN KEY ("asked_professional_id") REFERENCES "professionals"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quote_recipients" ADD CONSTRAINT "quote_recipients_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "quote_requests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quote_recipients" ADD CONSTRAINT "quote_recipients_professional_id_fkey" FOREIGN KEY ("professional_id") REFERENCES "professionals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quote_request_links" ADD CONSTRAINT "quote_request_links_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "quote_requests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Only the values of core/quotes.ts, and a travel distance a listing can mean (product rule 40).
ALTER TABLE "professionals" ADD CONSTRAINT "professionals_travel_miles_check" CHECK ("travel_miles" IN ('5', '10', '15', '25', '50', '100'));
ALTER TABLE "applications" ADD CONSTRAINT "applications_travel_miles_check" CHECK ("travel_miles" IN ('5', '10', '15', '25', '50', '100'));
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_status_check" CHECK ("status" IN ('unconfirmed', 'open', 'closed'));
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_budget_check" CHECK ("budget" IN ('under_250', '250_1000', '1000_5000', 'over_5000', 'not_sure'));
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_timescale_check" CHECK ("timescale" IN ('urgent', 'within_month', 'flexible'));
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_contact_preference_check" CHECK ("contact_preference" IN ('email', 'phone'));
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_reach_check" CHECK ("postcode_district" IS NOT NULL OR "remote_ok");
ALTER TABLE "quote_recipients" ADD CONSTRAINT "quote_recipients_reply_kind_check" CHECK ("reply_kind" IN ('quote', 'message', 'decline'));
ALTER TABLE "quote_recipients" ADD CONSTRAINT "quote_recipients_price_unit_check" CHECK ("price_unit" IN ('hour', 'day', 'fixed'));
ALTER TABLE "quote_recipients" ADD CONSTRAINT "quote_recipients_quote_has_price_check" CHECK (("reply_kind" = 'quote') = ("price_pence" IS NOT NULL AND "price_unit" IS NOT NULL));
ALTER TABLE "quote_recipients" ADD CONSTRAINT "quote_recipients_price_check" CHECK ("price_pence" > 0);
ALTER TABLE "quote_recipients" ADD CONSTRAINT "quote_recipients_outcome_check" CHECK ("outcome" IN ('chosen', 'not_chosen'));
-- At most one professional is chosen per request.
CREATE UNIQUE INDEX "quote_recipients_one_chosen" ON "quote_recipients" ("request_id") WHERE "outcome" = 'chosen';

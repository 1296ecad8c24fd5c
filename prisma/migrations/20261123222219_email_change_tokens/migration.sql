-- CreateTable
CREATE TABLE "email_change_tokens" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "new_email" TEXT NOT NULL,
    "token_hash" TEXT,
    "request_id" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_change_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "email_change_tokens_token_hash_key" ON "email_change_tokens"("token_hash");

-- CreateIndex
CREATE UNIQUE INDEX "email_change_tokens_request_id_key" ON "email_change_tokens"("request_id");

-- CreateIndex
CREATE INDEX "email_change_tokens_user_id_idx" ON "email_change_tokens"("user_id");

-- AddForeignKey
ALTER TABLE "email_change_tokens" ADD CONSTRAINT "email_change_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The directory's 'Highest rated' order (product rule 31, decision 0011): reviewed first, then the
-- Bayesian average with 5 reviews of 4 stars as the prior (core/rating.ts), for listed
-- professionals only. The expression must stay the one api/src/domain/directory/directory-filters.ts
-- writes (WEIGHTED_RATING_SQL), or PostgreSQL will not use the index.
CREATE INDEX "professionals_listed_weighted_rating_idx" ON "professionals" (
    ("review_count" > 0) DESC,
    (("rating" * "review_count" + 20.0) / ("review_count" + 5)) DESC,
    "review_count" DESC,
    "id"
) WHERE "is_approved" AND "subscription_status" = 'active';

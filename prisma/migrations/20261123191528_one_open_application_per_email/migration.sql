-- One open application per address (product rule 24): at most one waiting for payment or for
-- review, so a second checkout for the same listing cannot be opened. A partial unique index, which
-- Prisma's schema language does not express without a preview feature (like the directory's partial
-- indexes in the first migration), so it lives here only.

-- Applications that were sent again while one was waiting for payment were kept until now: only the
-- newest unpaid one stays (the older ones never had a payment, an account or a listing).
DELETE FROM "applications" AS older
WHERE older."status" = 'pending_payment'
  AND EXISTS (
    SELECT 1 FROM "applications" AS newer
    WHERE newer."email" = older."email"
      AND newer."status" IN ('pending_payment', 'pending')
      AND (newer."status" = 'pending' OR newer."created_at" > older."created_at" OR (newer."created_at" = older."created_at" AND newer."id" > older."id"))
  );

CREATE UNIQUE INDEX "applications_one_open_per_email" ON "applications" ("email")
    WHERE "status" IN ('pending_payment', 'pending');

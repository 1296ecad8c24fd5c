-- Errors the SPA reported, grouped by message, release and source (product rule 37).
-- CreateTable
CREATE TABLE "client_errors" (
    "id" SERIAL NOT NULL,
    "message" TEXT NOT NULL,
    "release" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 1,
    "last_page" TEXT NOT NULL,
    "stack" TEXT NOT NULL DEFAULT '',
    "first_seen" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "client_errors_pkey" PRIMARY KEY ("id"),
    -- The sources of core/client-error-limits.ts; the API's schema refuses any other first.
    CONSTRAINT "client_errors_source_check" CHECK ("source" IN ('page', 'map', 'uncaught', 'unhandled-rejection')),
    CONSTRAINT "client_errors_count_check" CHECK ("count" > 0)
);

-- CreateIndex
CREATE INDEX "client_errors_last_seen_idx" ON "client_errors"("last_seen" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "client_errors_message_release_source_key" ON "client_errors"("message", "release", "source");

-- The sitemaps (decision 0039): built whole by the worker's build-sitemaps job and served as
-- stored by the API. One row per file, replaced in one transaction by each build.
-- CreateTable
CREATE TABLE "sitemap_files" (
    "name" TEXT NOT NULL,
    "xml" TEXT NOT NULL,
    "url_count" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "modified_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sitemap_files_pkey" PRIMARY KEY ("name")
);

-- The protocol allows 50,000 entries per file, and the API serves names it can read back.
ALTER TABLE "sitemap_files" ADD CONSTRAINT "sitemap_files_url_count_check" CHECK ("url_count" BETWEEN 0 AND 50000);
ALTER TABLE "sitemap_files" ADD CONSTRAINT "sitemap_files_name_check" CHECK ("name" ~ '^(sitemap\.xml|sitemaps/[a-z]+(-[1-9][0-9]*)?\.xml)$');

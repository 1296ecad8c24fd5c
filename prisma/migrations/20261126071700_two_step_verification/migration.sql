-- Two-step verification (product rule 35, ASVS V6.3.3): an authenticator app's code after the
-- password. The secret is kept only once the user has entered a code made from it (the secret being
-- set up lives in their session until then); the last accepted time step makes each code good once;
-- recovery codes are stored as argon2id hashes and removed when used.
ALTER TABLE "users" ADD COLUMN     "recovery_codes" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "totp_enabled_at" TIMESTAMPTZ(3),
ADD COLUMN     "totp_last_step" INTEGER,
ADD COLUMN     "totp_secret" TEXT;

-- On means both a secret and the time it was turned on; off means neither.
ALTER TABLE "users" ADD CONSTRAINT "users_totp_on_or_off"
  CHECK (("totp_secret" IS NULL) = ("totp_enabled_at" IS NULL));

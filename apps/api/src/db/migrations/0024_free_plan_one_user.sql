-- Seed 001 §6: more than one user needs a standard or premium plan. The free plan's cap of 3
-- was a stopgap while nothing could be bought. Companies already above it keep their users
-- (a cap only stops new invitations).
UPDATE "payment_plans" SET "users_cap" = 1 WHERE "id" = 1;

-- The readiness probe (/api/ready) compares the migrations recorded as finished with those the
-- running build ships: the application role may read which migrations finished, nothing more.
GRANT SELECT ("migration_name", "finished_at", "rolled_back_at") ON "_prisma_migrations" TO pulsewell_app;

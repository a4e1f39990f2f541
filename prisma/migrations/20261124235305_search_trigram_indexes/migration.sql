-- pg_trgm ships with PostgreSQL's contrib modules (the embedded-postgres binaries, Debian's
-- postgresql package) and is trusted: the database owner may create it without superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "Group_searchText_idx" ON "Group" USING GIN ("searchText" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "News_searchText_idx" ON "News" USING GIN ("searchText" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Report_name_idx" ON "Report" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "User_searchText_idx" ON "User" USING GIN ("searchText" gin_trgm_ops);

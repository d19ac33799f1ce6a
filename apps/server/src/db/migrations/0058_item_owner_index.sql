-- The weekly digest finds each user's open items by owner as it does by assignee.
CREATE INDEX "item_owner_idx" ON "item" USING btree ("owner_id");

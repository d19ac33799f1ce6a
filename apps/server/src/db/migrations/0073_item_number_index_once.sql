-- item_number_uq (company_id, type, number) already serves every lookup and order by number; a
-- second index on the same columns only cost each item write another index entry.
DROP INDEX IF EXISTS item_company_type_number_idx;

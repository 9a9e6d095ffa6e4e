CREATE TABLE "invoice_series" (
	"issuer" varchar(50) NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_series_issuer_year_pk" PRIMARY KEY("issuer","year"),
	CONSTRAINT "invoice_series_last_number_check" CHECK ("invoice_series"."last_number" >= 0)
);
--> statement-breakpoint
-- Invoices issued before the series keep their numbers (issued documents are not renumbered); each
-- year's series continues after the highest number already used, so no new number can collide.
INSERT INTO "invoice_series" ("issuer", "year", "last_number")
SELECT 'platform', substring("number" from 5 for 4)::int, max(substring("number" from 10)::int)
FROM "invoices"
WHERE "number" ~ '^INV-[0-9]{4}-[0-9]+$'
GROUP BY 2;

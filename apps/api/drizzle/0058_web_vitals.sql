CREATE TABLE "web_vital_histograms" (
	"day" date NOT NULL,
	"app" varchar(10) NOT NULL,
	"route" varchar(120) NOT NULL,
	"metric" varchar(8) NOT NULL,
	"form_factor" varchar(10) NOT NULL,
	"navigation_type" varchar(24) NOT NULL,
	"bucket" smallint NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "web_vital_histograms_pk" PRIMARY KEY("day","app","route","metric","form_factor","navigation_type","bucket"),
	CONSTRAINT "web_vital_histograms_app_check" CHECK ("web_vital_histograms"."app" in ('web', 'admin')),
	CONSTRAINT "web_vital_histograms_metric_check" CHECK ("web_vital_histograms"."metric" in ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')),
	CONSTRAINT "web_vital_histograms_form_factor_check" CHECK ("web_vital_histograms"."form_factor" in ('phone', 'desktop')),
	CONSTRAINT "web_vital_histograms_navigation_type_check" CHECK ("web_vital_histograms"."navigation_type" in ('navigate', 'reload', 'back-forward', 'back-forward-cache', 'prerender', 'restore')),
	CONSTRAINT "web_vital_histograms_bucket_check" CHECK ("web_vital_histograms"."bucket" between 0 and 40),
	CONSTRAINT "web_vital_histograms_count_check" CHECK ("web_vital_histograms"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "web_vital_routes" (
	"day" date NOT NULL,
	"app" varchar(10) NOT NULL,
	"route" varchar(120) NOT NULL,
	CONSTRAINT "web_vital_routes_pk" PRIMARY KEY("day","app","route")
);

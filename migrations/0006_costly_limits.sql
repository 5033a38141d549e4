CREATE TABLE `connection_leases` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`visitor` text NOT NULL,
	`client` text NOT NULL,
	`target` text NOT NULL,
	`confirmed` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `connection_leases_visitor_idx` ON `connection_leases` (`kind`,`visitor`,`expires_at`);--> statement-breakpoint
CREATE INDEX `connection_leases_client_idx` ON `connection_leases` (`kind`,`client`,`expires_at`);--> statement-breakpoint
CREATE INDEX `connection_leases_target_idx` ON `connection_leases` (`target`);--> statement-breakpoint
CREATE INDEX `connection_leases_expires_idx` ON `connection_leases` (`expires_at`);--> statement-breakpoint
CREATE TABLE `usage_quotas` (
	`subject` text NOT NULL,
	`bucket` text NOT NULL,
	`day` text NOT NULL,
	`used` integer NOT NULL,
	PRIMARY KEY(`subject`, `bucket`, `day`)
);
--> statement-breakpoint
CREATE INDEX `usage_quotas_day_idx` ON `usage_quotas` (`day`);
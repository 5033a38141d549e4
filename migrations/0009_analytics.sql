CREATE TABLE `analytics_daily` (
	`day` text NOT NULL,
	`metric` text NOT NULL,
	`dimension` text DEFAULT '' NOT NULL,
	`value` integer NOT NULL,
	PRIMARY KEY(`day`, `metric`, `dimension`)
);
--> statement-breakpoint
CREATE INDEX `analytics_daily_metric_day_idx` ON `analytics_daily` (`metric`,`day`);--> statement-breakpoint
CREATE INDEX `user_activity_timestamp_idx` ON `user_activity` (`timestamp`,`event_name`);--> statement-breakpoint
CREATE INDEX `user_events_created_idx` ON `user_events` (`created_at`,`event_name`);
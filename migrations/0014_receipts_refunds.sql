-- Receipts, expiring checkouts and self-service refunds (decisions 050 and 051).
-- The tax a receipt states: the country whose rule applied and its rate in basis points (NULL: none charged).
ALTER TABLE `orders` ADD `tax_country` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `tax_rate_bp` integer;--> statement-breakpoint
-- The provider's own receipt of the payment (Stripe's charge receipt_url).
ALTER TABLE `orders` ADD `receipt_url` text;--> statement-breakpoint
-- A waiting checkout ends with the provider's session, 24 hours at most; expired_at marks one that ran out.
ALTER TABLE `orders` ADD `expires_at` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `expired_at` text;--> statement-breakpoint
-- A parent's refund of unused credits, claimed once per order before the provider is asked.
ALTER TABLE `orders` ADD `refund_requested_at` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `refund_requested_minor` integer;--> statement-breakpoint
UPDATE `orders` SET `expires_at` = strftime('%Y-%m-%dT%H:%M:%fZ', `created_at`, '+1 day') WHERE `status` = 'pending';--> statement-breakpoint
CREATE INDEX `orders_pending_expiry_idx` ON `orders` (`expires_at`) WHERE "orders"."status" = 'pending';--> statement-breakpoint
-- The test provider's sessions end after 24 hours as Stripe's do (Unix seconds).
ALTER TABLE `test_checkouts` ADD `expires_at` integer;--> statement-breakpoint
UPDATE `test_checkouts` SET `expires_at` = CAST(strftime('%s', `created_at`) AS INTEGER) + 86400;

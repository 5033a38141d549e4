-- One live subscription checkout per parent and plan, and a record of a second subscription paid all the same.
ALTER TABLE `orders` ADD `subscription_plan_id` text;--> statement-breakpoint
-- The subscription plan of every existing subscription checkout (renewals name their subscription instead).
UPDATE `orders` SET `subscription_plan_id` = (
  SELECT i.plan_id FROM order_items i JOIN plans p ON p.id = i.plan_id WHERE i.order_id = orders.id AND p.kind = 'subscription' LIMIT 1
) WHERE `subscription_id` IS NULL;--> statement-breakpoint
-- Before the index: of a parent's waiting checkouts of one plan only the newest stays open (a payment that still arrives counts).
UPDATE `orders` SET `status` = 'cancelled', `checkout_url` = NULL WHERE `status` = 'pending' AND `subscription_plan_id` IS NOT NULL AND EXISTS (
  SELECT 1 FROM orders o WHERE o.status = 'pending' AND o.user_profile_id = orders.user_profile_id AND o.subscription_plan_id = orders.subscription_plan_id
    AND (o.created_at > orders.created_at OR (o.created_at = orders.created_at AND o.id > orders.id))
);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_one_subscription_checkout` ON `orders` (`user_profile_id`,`subscription_plan_id`) WHERE "orders"."status" = 'pending' and "orders"."subscription_plan_id" is not null;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `duplicate_of` text;

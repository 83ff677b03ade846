CREATE TABLE `api_responses` (
	`id` text PRIMARY KEY NOT NULL,
	`owner` text NOT NULL,
	`response` text NOT NULL,
	`conversation` text NOT NULL,
	`created_at` integer NOT NULL
);

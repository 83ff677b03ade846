-- Quotas per client across sessions (issue 49 item 5): one counter per client, kind and fixed
-- window. The client is an API key's hash or an HMAC of the caller's address, never the address.
CREATE TABLE `client_quotas` (
	`client_hash` text NOT NULL,
	`kind` text NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`client_hash`, `kind`, `window_start`)
);
--> statement-breakpoint
CREATE INDEX `client_quotas_window_idx` ON `client_quotas` (`window_start`);

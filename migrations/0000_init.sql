CREATE TABLE `answer_cache` (
	`key` text PRIMARY KEY NOT NULL,
	`payload` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `chunk_vectors` (
	`chunk_id` text NOT NULL,
	`namespace` text NOT NULL,
	`space` text DEFAULT '' NOT NULL,
	`dimensions` integer NOT NULL,
	`vector` blob NOT NULL,
	`source_id` text NOT NULL,
	`document_id` text NOT NULL,
	`paper_key` text NOT NULL,
	`kind` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chunk_vectors_ns_chunk_idx` ON `chunk_vectors` (`namespace`,`chunk_id`);--> statement-breakpoint
CREATE INDEX `chunk_vectors_source_idx` ON `chunk_vectors` (`source_id`);--> statement-breakpoint
CREATE TABLE `chunks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`document_id` text NOT NULL,
	`section_id` text,
	`source_id` text NOT NULL,
	`namespace` text DEFAULT 'corpus' NOT NULL,
	`paper_key` text NOT NULL,
	`ordinal` integer NOT NULL,
	`title` text NOT NULL,
	`content` text NOT NULL,
	`token_count` integer NOT NULL,
	`page` integer,
	`content_hash` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chunks_document_hash_idx` ON `chunks` (`document_id`,`content_hash`);--> statement-breakpoint
CREATE INDEX `chunks_source_idx` ON `chunks` (`source_id`);--> statement-breakpoint
CREATE INDEX `chunks_namespace_idx` ON `chunks` (`namespace`);--> statement-breakpoint
CREATE TABLE `documents` (
	`id` text PRIMARY KEY NOT NULL,
	`source_id` text NOT NULL,
	`namespace` text DEFAULT 'corpus' NOT NULL,
	`title` text NOT NULL,
	`content_hash` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`source_id`) REFERENCES `sources`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `documents_source_idx` ON `documents` (`source_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `documents_source_hash_idx` ON `documents` (`source_id`,`content_hash`);--> statement-breakpoint
CREATE TABLE `ingest_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`input` text NOT NULL,
	`counts` text DEFAULT '{}' NOT NULL,
	`errors` text DEFAULT '[]' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ingest_jobs_status_idx` ON `ingest_jobs` (`status`);--> statement-breakpoint
CREATE TABLE `sections` (
	`id` text PRIMARY KEY NOT NULL,
	`document_id` text NOT NULL,
	`ordinal` integer NOT NULL,
	`heading` text,
	`page` integer,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sections_document_idx` ON `sections` (`document_id`);--> statement-breakpoint
CREATE TABLE `sources` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`external_id` text NOT NULL,
	`title` text NOT NULL,
	`authors` text DEFAULT '[]' NOT NULL,
	`year` integer,
	`venue` text,
	`doi` text,
	`url` text,
	`pdf_url` text,
	`image_url` text,
	`abstract` text,
	`published_at` text,
	`metadata` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sources_kind_external_idx` ON `sources` (`kind`,`external_id`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`received_at` integer NOT NULL
);

-- Document types belong to the session that proposed them (workers/writing/document-types.ts):
-- `session_id` is the owner, '' for shared types (the system's). Types stored before this had
-- no owner and came from any anonymous session, so they are not kept: only the system's are.
CREATE TABLE `__new_document_types` (
	`session_id` text DEFAULT '' NOT NULL,
	`type_name` text NOT NULL,
	`description` text NOT NULL,
	`metadata_schema` text DEFAULT '{}' NOT NULL,
	`is_system` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_document_types` (`session_id`, `type_name`, `description`, `metadata_schema`, `is_system`, `created_at`)
	SELECT '', `type_name`, `description`, `metadata_schema`, `is_system`, `created_at` FROM `document_types` WHERE `is_system` = 1;
--> statement-breakpoint
DROP TABLE `document_types`;
--> statement-breakpoint
ALTER TABLE `__new_document_types` RENAME TO `document_types`;
--> statement-breakpoint
CREATE UNIQUE INDEX `document_types_owner_name_idx` ON `document_types` (`session_id`,`type_name`);

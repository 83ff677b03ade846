CREATE TABLE `document_types` (
	`type_name` text PRIMARY KEY NOT NULL,
	`description` text NOT NULL,
	`metadata_schema` text DEFAULT '{}' NOT NULL,
	`is_system` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `writing_document_blocks` (
	`session_id` text NOT NULL,
	`block_id` text NOT NULL,
	`type` text NOT NULL,
	`parent_id` text,
	`position` integer NOT NULL,
	`content` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `writing_blocks_session_idx` ON `writing_document_blocks` (`session_id`,`block_id`);--> statement-breakpoint
CREATE TABLE `writing_document_versions` (
	`session_id` text NOT NULL,
	`version` integer NOT NULL,
	`markdown` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `writing_versions_session_idx` ON `writing_document_versions` (`session_id`,`version`);--> statement-breakpoint
CREATE TABLE `writing_documents` (
	`session_id` text PRIMARY KEY NOT NULL,
	`markdown` text NOT NULL,
	`version` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
INSERT OR IGNORE INTO `document_types` (`type_name`, `description`, `metadata_schema`, `is_system`) VALUES
	('section', 'Main section heading (##)', '{}', 1),
	('subsection', 'Subsection heading (###)', '{}', 1),
	('paragraph', 'Regular paragraph text', '{}', 1),
	('table', 'Markdown table with a header separator row', '{}', 1),
	('code_block', 'Fenced code block with a language tag', '{}', 1),
	('list', 'Bulleted or numbered list', '{}', 1),
	('quote', 'Block quotation (>)', '{}', 1),
	('figure', 'Image or figure with a caption', '{}', 1),
	('equation', 'Display equation ($$ ... $$)', '{}', 1),
	('reference', 'Bibliographic reference entry', '{}', 1),
	('title', 'Document title (#)', '{}', 1);

-- Term postings beside FTS5 (workers/db/schema.ts). The state row starts at 0: chunks stored
-- before this migration are built in by the next ingest or upkeep round. A chunk deleted once
-- built is noted by trigger, for the builder to purge from its block.
CREATE TABLE `chunk_lengths` (
	`block` integer PRIMARY KEY NOT NULL,
	`lengths` blob NOT NULL
);
--> statement-breakpoint
CREATE TABLE `postings_deletions` (
	`id` integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE `term_postings` (
	`stem` text NOT NULL,
	`block` integer NOT NULL,
	`postings` blob NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `term_postings_stem_block_idx` ON `term_postings` (`stem`,`block`);--> statement-breakpoint
CREATE INDEX `term_postings_block_idx` ON `term_postings` (`block`);--> statement-breakpoint
CREATE TABLE `term_postings_state` (
	`id` integer PRIMARY KEY NOT NULL,
	`built_through` integer NOT NULL,
	`generation` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `term_postings_state` (`id`, `built_through`, `generation`) VALUES (1, 0, 0);
--> statement-breakpoint
CREATE TRIGGER `chunks_postings_delete` AFTER DELETE ON `chunks`
WHEN old.`id` <= (SELECT `built_through` FROM `term_postings_state` WHERE `id` = 1) BEGIN
  INSERT OR IGNORE INTO `postings_deletions` (`id`) VALUES (old.`id`);
END;

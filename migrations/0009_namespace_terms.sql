-- Per-namespace counts beside the term postings (workers/db/schema.ts): documents per stem, the
-- documents and tokens per namespace, and which chunks of each postings block each namespace
-- holds, so a read ranks, prunes and spells from the namespaces it may see. Maintained by the
-- postings builder: appends add, purges of deleted chunks subtract. Backfilled at indexing: the
-- postings are emptied and their state set back to 0, so the next ingest or upkeep round
-- rebuilds them, counts included (stems come from the Worker's tokenizer, not from SQL).
CREATE TABLE `namespace_terms` (
	`namespace` text NOT NULL,
	`stem` text NOT NULL,
	`documents` integer NOT NULL,
	PRIMARY KEY(`namespace`, `stem`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `namespace_totals` (
	`namespace` text PRIMARY KEY NOT NULL,
	`documents` integer NOT NULL,
	`tokens` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `namespace_chunks` (
	`namespace` text NOT NULL,
	`block` integer NOT NULL,
	`offsets` blob NOT NULL,
	PRIMARY KEY(`namespace`, `block`)
);
--> statement-breakpoint
ALTER TABLE `postings_deletions` ADD `namespace` text DEFAULT '' NOT NULL;
--> statement-breakpoint
DROP TRIGGER `chunks_postings_delete`;
--> statement-breakpoint
CREATE TRIGGER `chunks_postings_delete` AFTER DELETE ON `chunks`
WHEN old.`id` <= (SELECT `built_through` FROM `term_postings_state` WHERE `id` = 1) BEGIN
  INSERT OR IGNORE INTO `postings_deletions` (`id`, `namespace`) VALUES (old.`id`, old.`namespace`);
END;
--> statement-breakpoint
DELETE FROM `term_postings`;
--> statement-breakpoint
DELETE FROM `chunk_lengths`;
--> statement-breakpoint
DELETE FROM `postings_deletions`;
--> statement-breakpoint
UPDATE `term_postings_state` SET `built_through` = 0, `generation` = `generation` + 1 WHERE `id` = 1;

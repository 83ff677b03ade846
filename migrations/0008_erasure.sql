-- Deletion that leaves nothing readable behind (workers/erasure/). FTS5 keeps a deleted row's
-- tokens in its segments until they are merged; secure-delete removes them at once. The answer
-- cache records the sources an answer lists, so deleting a source purges the answers citing it.
INSERT INTO `chunks_fts`(`chunks_fts`, `rank`) VALUES('secure-delete', 1);
--> statement-breakpoint
ALTER TABLE `answer_cache` ADD `source_ids` text DEFAULT '[]' NOT NULL;

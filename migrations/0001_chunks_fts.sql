-- FTS5 index over chunks (title + content) for BM25, kept in step by triggers.
-- Porter stemming over unicode61 tokens; rowid = chunks.id.
CREATE VIRTUAL TABLE `chunks_fts` USING fts5(`title`, `content`, tokenize = 'porter unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `chunks_fts_insert` AFTER INSERT ON `chunks` BEGIN
  INSERT INTO `chunks_fts`(rowid, `title`, `content`) VALUES (new.`id`, new.`title`, new.`content`);
END;
--> statement-breakpoint
CREATE TRIGGER `chunks_fts_delete` AFTER DELETE ON `chunks` BEGIN
  DELETE FROM `chunks_fts` WHERE rowid = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `chunks_fts_update` AFTER UPDATE OF `title`, `content` ON `chunks` BEGIN
  DELETE FROM `chunks_fts` WHERE rowid = old.`id`;
  INSERT INTO `chunks_fts`(rowid, `title`, `content`) VALUES (new.`id`, new.`title`, new.`content`);
END;

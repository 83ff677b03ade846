DROP INDEX `sources_kind_external_idx`;--> statement-breakpoint
ALTER TABLE `sources` ADD `namespace` text DEFAULT 'corpus' NOT NULL;--> statement-breakpoint
-- Rows from before sources had a namespace: each takes the namespace of its documents, the
-- library first, then any other shared one (no ':'), then a session's, so what was public stays
-- public. Rows without documents stay in the library (the column's default).
UPDATE `sources` SET `namespace` = (
  SELECT `d`.`namespace` FROM `documents` `d` WHERE `d`.`source_id` = `sources`.`id`
  ORDER BY (`d`.`namespace` = 'corpus') DESC, (instr(`d`.`namespace`, ':') = 0) DESC, `d`.`created_at`
  LIMIT 1)
WHERE EXISTS (SELECT 1 FROM `documents` `d` WHERE `d`.`source_id` = `sources`.`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `sources_ns_kind_external_idx` ON `sources` (`namespace`,`kind`,`external_id`);

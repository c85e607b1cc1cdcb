ALTER TABLE `credit_note_lines` ADD `vat_pence` integer;--> statement-breakpoint
ALTER TABLE `invoice_lines` ADD `vat_pence` integer;
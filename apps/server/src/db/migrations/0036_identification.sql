-- Identification: confirming a polymer onto a lot (filled by the identification work, if needed).
-- An identification confirmed onto a draft's receive line keeps it while the draft stands; editing a draft
-- rewrites its lines (receive_update deletes and inserts them), so the link then falls to NULL rather than
-- refusing the edit. The material, who confirmed and when stay on the identification.
ALTER TABLE "identifications" DROP CONSTRAINT "identifications_receive_line_id_receive_lines_id_fk";--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_receive_line_id_receive_lines_id_fk" FOREIGN KEY ("receive_line_id") REFERENCES "public"."receive_lines"("id") ON DELETE set null ON UPDATE no action;

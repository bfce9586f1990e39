-- A task's title said in its viewer's language: its locale key and params beside the English title API clients read.
-- Older tasks have none and keep showing their stored title.
ALTER TABLE "tasks" ADD COLUMN "title_code" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "title_params" jsonb;
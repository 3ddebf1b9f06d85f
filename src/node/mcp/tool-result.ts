/** What every tool of the assistant server is and answers: Markdown text, or an error the assistant reads. */
import type { z } from "zod";
import type { Docs } from "./docs.ts";

/** A tool's answer. */
export type ToolResult = { content: { type: "text"; text: string }[]; isError?: boolean };

/** One tool: its name, what it is for (for the assistant), its arguments and what it does. */
export interface Tool {
  name: string;
  title: string;
  description: string;
  input: z.ZodRawShape;
  run(docs: Docs, args: Record<string, unknown>): Promise<ToolResult>;
}

/** An answer. */
export const answer = (text: string): ToolResult => ({ content: [{ type: "text", text }] });

/** A tool error an assistant can read. */
export const toolError = (text: string): ToolResult => ({
  content: [{ type: "text", text }],
  isError: true,
});

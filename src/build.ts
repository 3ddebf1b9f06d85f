/**
 * `build`: one session, one build (design.md §1). The stages and their order live in
 * src/engine/session.ts; the dev server keeps a session of its own across builds.
 */
import { BuildSession, type BuildResult, type SessionOptions } from "./engine/session.ts";
import type { Writer } from "./write/writer.ts";

/** Options of one build: a session's, with one writer. */
export type BuildOptions = Omit<SessionOptions, "writer" | "keepInMemory"> & { writer?: Writer };
export type { BuildResult };

/** Builds the site; throws ContentError/BrookError and leaves the previous output as it was. */
export async function buildSite(options: BuildOptions = {}): Promise<BuildResult> {
  const { writer, ...rest } = options;
  const session = new BuildSession({ ...rest, writer: writer && (() => writer) });
  try {
    return await session.build();
  } finally {
    await session.close();
  }
}

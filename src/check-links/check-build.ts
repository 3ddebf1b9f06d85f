import type { Diagnostic } from "../errors.ts";
export async function checkBuild(_o: { dir: string; contentDir: string; configFile?: string }): Promise<{ problems: Diagnostic[]; checked: number; pages: number }> { throw new Error("check-links: in progress"); }

/**
 * The config stage, before any other work: site.config.ts loaded (its module runs again, on a
 * worker, only when it or a file it imports changed) and checked, and the output folder checked
 * against it.
 */
import { relative } from "node:path";
import { loadConfig, type LoadedConfig } from "../config/load.ts";
import type { SiteConfig } from "../config/schema.ts";
import type { OutputTarget } from "./strategy.ts";

/** What the config stage gives. */
export interface ConfigStage {
  config: SiteConfig;
  /** The config file as diagnostics name it. */
  configFile: string;
  /** Its absolute path, when there is one. */
  path?: string;
  /** What the next build's config stage starts from. */
  loaded?: LoadedConfig;
}

/** Loads the config; throws every problem with its path. */
export async function configStage(
  where: { cwd: string; contentDir: string; publicDir: string; configFile?: string },
  target: OutputTarget,
  cached?: LoadedConfig,
): Promise<ConfigStage> {
  const { cwd, contentDir, publicDir } = where;
  const loaded = await loadConfig(where.configFile, cwd, contentDir, { cached });
  target.check([contentDir, publicDir, ...(loaded.file ? [loaded.file] : [])]);
  return {
    config: loaded.config,
    configFile: loaded.file ? relative(cwd, loaded.file) : "site.config.ts",
    path: loaded.file,
    loaded: loaded.loaded,
  };
}

/**
 * The config stage, before any other work: site.config.ts loaded (its module runs again, on a
 * worker, only when it or a file it imports changed) and checked, and the output folder checked
 * against it.
 */
import { relative } from "node:path";
import { loadConfig, type LoadedConfig } from "./load.ts";
import type { SiteConfig } from "./schema.ts";

/** The cached config: its value, and the files it was bundled from with their hashes. */
export interface CachedConfig {
  file: string;
  inputs: [string, string][];
  value: unknown;
}

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
  where: {
    cwd: string;
    contentDir: string;
    publicDir: string;
    configFile?: string;
    /** The generator's folder (its `brook-docs/config` module). */
    root: string;
    /** A tag manager id that replaces the config's (BROOK_DOCS_GTM_ID); "" turns analytics off. */
    gtmId?: string;
  },
  /** Refuses an output that would replace one of these inputs (the output target's check). */
  checkOutput: (inputs: string[]) => void,
  cached?: LoadedConfig,
): Promise<ConfigStage> {
  const { cwd, contentDir, publicDir } = where;
  const loaded = await loadConfig(where.configFile, cwd, contentDir, { cached, root: where.root });
  checkOutput([contentDir, publicDir, ...(loaded.file ? [loaded.file] : [])]);
  return {
    config:
      where.gtmId === undefined
        ? loaded.config
        : { ...loaded.config, analytics: { gtmId: where.gtmId } },
    configFile: loaded.file ? relative(cwd, loaded.file) : "site.config.ts",
    path: loaded.file,
    loaded: loaded.loaded,
  };
}

/** `defineConfig`: an identity function that gives site.config.ts its types. */
import type { SiteValueTree, UserConfig } from "./schema.ts";

/** Declares the site config; checked by the build before any work starts. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}

export type { SiteValueTree, UserConfig };

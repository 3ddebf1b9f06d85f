/** The interactive state the client passes to the templates; the server renders the defaults. */
import type { SearchInputProps } from "./SearchInput.tsx";

/** UI state and handlers. Every field is optional: absent means the server-rendered default. */
export interface UiState {
  sidebarOpen?: boolean;
  onToggleSidebar?: () => void;
  /** Slug of the section in view, for the sidebar's aria-current="location". */
  activeSlug?: string | null;
  /** Navigation progress 0-100 while the bar shows, null otherwise. */
  progress?: number | null;
  versionMenuOpen?: boolean;
  onToggleVersionMenu?: () => void;
  dark?: boolean | null;
  onToggleTheme?: () => void;
  /** Props of the live search box; absent, the server's read-only input. */
  search?: SearchInputProps;
  /** Text announced to screen readers after a navigation. */
  announcement?: string;
}

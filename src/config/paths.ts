/**
 * Where the configuration lives: SLOTUI_CONFIG_DIR, or the OS's config
 * folder (the same places `conf`'s env-paths picks, without its "-nodejs"
 * suffix, so the folder is simply "slotui", as gh's is "gh").
 */
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

const APP_NAME = 'slotui';

export interface PlatformInfo {
  platform: NodeJS.Platform;
  homedir: string;
}

const here = (): PlatformInfo => ({ platform: process.platform, homedir: homedir() });

/** The OS's config folder for slotui: XDG on Linux, ~/Library/Preferences on macOS, %APPDATA% on Windows. */
export function defaultConfigDir(env: NodeJS.ProcessEnv, info: PlatformInfo = here()): string {
  if (info.platform === 'darwin') return join(info.homedir, 'Library', 'Preferences', APP_NAME);
  if (info.platform === 'win32') {
    const appData = env.APPDATA || join(info.homedir, 'AppData', 'Roaming');
    return join(appData, APP_NAME, 'Config');
  }
  const xdg = env.XDG_CONFIG_HOME;
  // XDG says a relative value is invalid and must be ignored.
  const base = xdg && isAbsolute(xdg) ? xdg : join(info.homedir, '.config');
  return join(base, APP_NAME);
}

/** SLOTUI_CONFIG_DIR when set (made absolute), else the OS default. */
export function configDirFrom(env: NodeJS.ProcessEnv, info?: PlatformInfo): string {
  const dir = env.SLOTUI_CONFIG_DIR?.trim();
  return dir ? resolve(dir) : defaultConfigDir(env, info);
}

/** `slotui auth logout`: forgets the stored token of the profile (the rest of the profile stays). */
import type { Context } from '../context.js';

export async function authLogoutCommand(ctx: Context): Promise<number> {
  const settings = ctx.settings();
  const name = settings.profileName;
  const removed = ctx.store().removeToken(name);
  await ctx.out.write(
    removed
      ? `Removed the stored token of profile ${name}.\n`
      : `Profile ${name} has no stored token; nothing to remove.\n`,
  );
  if (ctx.io.env.SLOTUI_TOKEN?.trim()) {
    ctx.err.line('Note: SLOTUI_TOKEN is still set in this environment, and slotui keeps using it until you unset it.');
  }
  return 0;
}

/** The build's hash, set by scripts/build.mjs: the code cache of one build is never offered to another. */
declare const SLOTUI_BUILD_ID: string;

/**
 * The symbols slotui draws besides ASCII (separators, arrows, quotes, the
 * spinner's braille): each is one grapheme of one UTF-16 unit and takes one
 * cell, so text made of them and ASCII can be measured and segmented by its
 * length (the fast paths of width.ts, stringWidth.ts and segmenter.ts). A
 * test holds each to string-width and Intl.Segmenter.
 */
export const ONE_CELL_SYMBOLS = '·…—–−→←↑↓“”›×•\u2800-\u28ff';

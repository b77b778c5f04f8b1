/**
 * The account menu's button: its avatar's size and the gap to the name. Apart from AccountMenu, which loads later,
 * so that the site header can hold the menu's place at its size before it arrives.
 */
export const ACCOUNT_AVATAR_SIZE = 34;
export const ACCOUNT_AVATAR_GAP = 8;

/** The menu button's width besides its name. */
export const ACCOUNT_MENU_FRAME = ACCOUNT_AVATAR_SIZE + ACCOUNT_AVATAR_GAP;

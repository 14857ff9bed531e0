/* ncursesw's function-like macros and globals, which Swift cannot import: the window's size, the attribute
 * bits, the mouse masks, the palette's size, and the C library's wcwidth. No logic lives here. */
#ifndef EARSHOT_TERMINAL_H
#define EARSHOT_TERMINAL_H
#define NCURSES_WIDECHAR 1
#include <ncursesw/curses.h>

/* getmaxyx(stdscr, height, width). */
void earshot_terminal_size(int *height, int *width);

/* A_BOLD, A_DIM, A_REVERSE, A_UNDERLINE. */
attr_t earshot_attr_bold(void);
attr_t earshot_attr_dim(void);
attr_t earshot_attr_reverse(void);
attr_t earshot_attr_underline(void);

/* The mouse events the interface asks for (clicks and the wheel) and the bits that tell them apart. */
mmask_t earshot_mouse_events(void);
mmask_t earshot_mouse_click(void);
mmask_t earshot_mouse_wheel_up(void);
mmask_t earshot_mouse_wheel_down(void);

/* stdscr and COLORS (globals Swift 6 will not read). */
WINDOW *earshot_screen(void);
int earshot_colours(void);
/* COLOR_PAIRS: how many colour pairs the terminal has (after start_color). */
int earshot_colour_pairs(void);

/* wcwidth (declared only with _XOPEN_SOURCE, which SwiftPM takes away from pkg-config's flags): the
 * columns a character takes, -1 for one that does not print. */
int earshot_wcwidth(unsigned int character);

/* Whether the terminal says it takes 24-bit colour (terminfo's RGB flag). */
int earshot_terminal_has_direct_colour(void);
#endif

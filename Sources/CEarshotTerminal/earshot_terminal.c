#define _XOPEN_SOURCE 700
#include <wchar.h>
#include "earshot_terminal.h"
#include <term.h>

void earshot_terminal_size(int *height, int *width) {
    int y, x;
    getmaxyx(stdscr, y, x);
    *height = y;
    *width = x;
}

attr_t earshot_attr_bold(void) { return A_BOLD; }
attr_t earshot_attr_dim(void) { return A_DIM; }
attr_t earshot_attr_reverse(void) { return A_REVERSE; }
attr_t earshot_attr_underline(void) { return A_UNDERLINE; }

mmask_t earshot_mouse_events(void) { return BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED; }
mmask_t earshot_mouse_click(void) { return BUTTON1_CLICKED | BUTTON1_PRESSED; }
mmask_t earshot_mouse_wheel_up(void) { return BUTTON4_PRESSED; }
mmask_t earshot_mouse_wheel_down(void) { return BUTTON5_PRESSED; }

int earshot_terminal_has_direct_colour(void) { return tigetflag("RGB") > 0; }

WINDOW *earshot_screen(void) { return stdscr; }
int earshot_colours(void) { return COLORS; }
int earshot_colour_pairs(void) { return COLOR_PAIRS; }
int earshot_wcwidth(unsigned int character) { return wcwidth((wchar_t)character); }

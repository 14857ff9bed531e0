/* CNcurses: ncursesw's wide-character API (get_wch, add_wch, wcwidth) for the terminal interface. */
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

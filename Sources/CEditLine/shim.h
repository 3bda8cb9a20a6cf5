// libedit (Debian's libedit-dev), seen only by the `viewwire` console: its readline-compatible
// callback interface lets the console read the socket and print server lines while the person
// edits a line. libedit's readline.h uses FILE without including stdio.h itself.
#ifndef VIEWWIRE_CEDITLINE_SHIM_H
#define VIEWWIRE_CEDITLINE_SHIM_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <editline/readline.h>

// libedit's settings are C globals, which Swift 6 refuses to touch from Swift code (shared
// mutable state); the console touches them from its main thread only, through these.

/// Turns libedit's signal handling off, names the program and sets the function that reads each
/// key; before libedit starts.
static inline void viewwire_editline_configure(const char *name, int (*read_key)(FILE *)) {
  // The console handles its signals itself: libedit's handlers would re-send a signal to the
  // whole process group.
  rl_catch_signals = 0;
  rl_catch_sigwinch = 0;
  rl_readline_name = name;
  rl_getc_function = read_key;
}

/// The bytes in the line being edited.
static inline int viewwire_editline_length(void) { return rl_end; }

/// The line being edited (libedit's buffer, valid until the next edit).
static inline const char *viewwire_editline_buffer(void) { return rl_line_buffer; }

/// The cursor's byte offset in the line being edited.
static inline int viewwire_editline_cursor(void) { return rl_point; }

#endif

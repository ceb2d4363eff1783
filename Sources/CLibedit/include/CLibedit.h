// libedit for the REPL (Debian libedit2), opened on first use. Swift cannot
// call libedit's variadic el_set/el_get/history, so EditLine.c wraps the
// calls the REPL needs in fixed-argument functions; the few libedit
// functions Swift calls itself forward to the library once it is loaded.
#ifndef ANIM_CLIBEDIT_H
#define ANIM_CLIBEDIT_H

#include <histedit.h>

/// Loads libedit.so.2 (once; thread-safe). NULL when it is ready, else why
/// it cannot be loaded.
const char *anim_libedit_load(void);

/// Installs the SIGINT handler: Ctrl-C sets a flag and interrupts the read
/// (no SA_RESTART), so the process never dies of it.
int anim_install_sigint_handler(void);

/// Whether Ctrl-C was pressed since the last call (1 or 0); clears the flag.
int anim_take_interrupt(void);

/// Says whether `el_gets` is reading a line (1) or a statement runs (0): in
/// the second case Ctrl-C's echoed `^C` is ended with a newline.
void anim_set_editing(int editing);

/// Opens libedit on the process's standard streams, in emacs mode, with
/// anim's prompt and character reader and libedit's own handling of SIGTSTP,
/// SIGCONT and SIGWINCH. Prompts and editing follow standard input being a
/// terminal; when standard output is not one (`anim | tee log`), the prompt
/// and the edited line are drawn on standard error, as python does, so the
/// user still sees them and the log holds only anim's output.
EditLine *anim_el_open(const char *program);

/// The prompt libedit shows next (cut to 255 bytes).
void anim_el_set_prompt(const char *prompt);

/// Uses `history` for up/down arrow navigation.
void anim_el_set_history(EditLine *el, History *list);

/// Binds `key` (e.g. "^I") to a new editor function `name`.
void anim_el_bind_function(
    EditLine *el, const char *name, const char *help,
    unsigned char (*function)(EditLine *, int), const char *key);

/// Binds `key` to one of libedit's own editor functions (e.g. "em-inc-search-prev").
void anim_el_bind_key(EditLine *el, const char *key, const char *function);

void anim_el_set_client_data(EditLine *el, void *data);
void *anim_el_client_data(EditLine *el);

/// A history list of at most `size` entries; NULL when it cannot be made.
History *anim_history_open(int size);
void anim_history_enter(History *list, const char *line);

#endif

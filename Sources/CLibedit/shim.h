// libedit for the REPL. Swift cannot call libedit's variadic el_set/el_get,
// so the shim wraps the calls the REPL needs in fixed-argument functions.
//
// Everything here is `static inline`: only the `anim` executable imports this
// module, so each function (and each function-local static) exists once.
#ifndef ANIM_CLIBEDIT_SHIM_H
#define ANIM_CLIBEDIT_SHIM_H

#include <errno.h>
#include <histedit.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

/// Longest prompt kept (bytes, with the terminating NUL); a longer one is cut.
#define ANIM_PROMPT_CAPACITY 256

/// The prompt libedit shows, kept here because libedit asks for it through a
/// C callback that cannot carry Swift state.
static inline char *anim_prompt_storage(void) {
  static char prompt[ANIM_PROMPT_CAPACITY];
  return prompt;
}

static inline char *anim_prompt_function(EditLine *el) {
  (void)el;
  return anim_prompt_storage();
}

/// Set by SIGINT (Ctrl-C), cleared by the reader before each line.
static inline volatile sig_atomic_t *anim_interrupt_flag(void) {
  static volatile sig_atomic_t flag = 0;
  return &flag;
}

/// Whether `el_gets` is reading a line (set around it by the reader).
static inline volatile sig_atomic_t *anim_editing_flag(void) {
  static volatile sig_atomic_t flag = 0;
  return &flag;
}

static inline void anim_set_editing(int editing) { *anim_editing_flag() = editing; }

/// The terminal prompts and editing are drawn on (-1 before `anim_el_open`).
static inline int *anim_screen_fd(void) {
  static int fd = -1;
  return &fd;
}

/// Set once Ctrl-C has moved the cursor to the end of the line being edited
/// (the reader's first answer to the flag); the second answer ends `el_gets`.
static inline volatile sig_atomic_t *anim_interrupt_moved(void) {
  static volatile sig_atomic_t moved = 0;
  return &moved;
}

/// Sets the flag. Outside `el_gets` (a statement is running, and Ctrl-C is
/// ignored) the terminal has echoed `^C` where the cursor was, at the start
/// of a line: a newline after it keeps what comes next (output, the next
/// prompt) off that line. Only when the terminal echoes control characters,
/// and only async-signal-safe calls (tcgetattr, write).
static inline void anim_sigint_handler(int signo) {
  (void)signo;
  *anim_interrupt_flag() = 1;
  int fd = *anim_screen_fd();
  if (*anim_editing_flag() || fd < 0) return;
  int saved = errno;
  struct termios mode;
  if (tcgetattr(STDIN_FILENO, &mode) == 0 && (mode.c_lflag & ECHO) && (mode.c_lflag & ECHOCTL)
      && tcgetattr(fd, &mode) == 0) {
    ssize_t n;
    do { n = write(fd, "\n", 1); } while (n < 0 && errno == EINTR);
  }
  errno = saved;
}

/// Installs the SIGINT handler: Ctrl-C sets the flag and interrupts the read
/// (no SA_RESTART), so the process never dies of it.
static inline int anim_install_sigint_handler(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = anim_sigint_handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;
  return sigaction(SIGINT, &action, NULL);
}

static inline int anim_take_interrupt(void) {
  int was = *anim_interrupt_flag() != 0;
  *anim_interrupt_flag() = 0;
  *anim_interrupt_moved() = 0;
  return was;
}

/// libedit's character reader, replaced so that Ctrl-C ends `el_gets` at
/// once: the built-in reader retries a read interrupted by a signal once,
/// which would swallow the first Ctrl-C until the next key. After Ctrl-C it
/// first reads as Ctrl-E (end of line), so that libedit moves the cursor past
/// the last row of a line that wraps, and the `^C` and newline the reader
/// then writes leave the whole line above the next prompt; then it ends the
/// read. Decodes UTF-8 (a malformed sequence reads as U+FFFD). Returns 1
/// with a character, 0 at end of input, -1 when interrupted.
static inline int anim_read_char(EditLine *el, wchar_t *out) {
  (void)el;
  static int pending = -1;  // a byte that broke the previous sequence
  unsigned char bytes[4];
  int have = 0, need = 1;
  for (;;) {
    if (*anim_interrupt_flag()) {
      if (!*anim_interrupt_moved()) {
        *anim_interrupt_moved() = 1;
        *out = (wchar_t)0x05;  // Ctrl-E: ed-move-to-end in emacs mode
        return 1;
      }
      errno = EINTR;
      return -1;
    }
    unsigned char c;
    if (pending >= 0) {
      c = (unsigned char)pending;
      pending = -1;
    } else {
      ssize_t n = read(STDIN_FILENO, &c, 1);
      if (n == 0) return 0;
      if (n < 0) {
        if (errno == EINTR) continue;
        return -1;
      }
    }
    if (have == 0) {
      if (c < 0x80) { *out = (wchar_t)c; return 1; }
      else if ((c & 0xE0) == 0xC0) need = 2;
      else if ((c & 0xF0) == 0xE0) need = 3;
      else if ((c & 0xF8) == 0xF0) need = 4;
      else { *out = (wchar_t)0xFFFD; return 1; }
    } else if ((c & 0xC0) != 0x80) {
      pending = c;
      *out = (wchar_t)0xFFFD;
      return 1;
    }
    bytes[have++] = c;
    if (have == need) {
      unsigned int value = (unsigned int)(bytes[0] & (0x7F >> need));
      for (int i = 1; i < need; i++) value = (value << 6) | (bytes[i] & 0x3Fu);
      *out = (wchar_t)value;
      return 1;
    }
  }
}

/// Opens libedit on the process's standard streams, in emacs mode, with the
/// prompt above, the reader above and libedit's own handling of SIGTSTP,
/// SIGCONT and SIGWINCH. Prompts and editing follow standard input being a
/// terminal; when standard output is not one (`anim | tee log`), the prompt
/// and the edited line are drawn on standard error, as python does, so the
/// user still sees them and the log holds only anim's output.
static inline EditLine *anim_el_open(const char *program) {
  FILE *screen = isatty(fileno(stdout)) ? stdout : stderr;
  EditLine *el = el_init(program, stdin, screen, stderr);
  if (el == NULL) return NULL;
  *anim_screen_fd() = fileno(screen);
  el_set(el, EL_EDITOR, "emacs");
  el_set(el, EL_SIGNAL, 1);
  el_set(el, EL_PROMPT, anim_prompt_function);
  el_set(el, EL_GETCFN, anim_read_char);
  return el;
}

static inline void anim_el_set_prompt(const char *prompt) {
  strncpy(anim_prompt_storage(), prompt, ANIM_PROMPT_CAPACITY - 1);
  anim_prompt_storage()[ANIM_PROMPT_CAPACITY - 1] = '\0';
}

/// Uses `history` for up/down arrow navigation.
static inline void anim_el_set_history(EditLine *el, History *list) {
  el_set(el, EL_HIST, history, list);
}

/// Binds `key` (e.g. "^I") to a new editor function `name`.
static inline void anim_el_bind_function(
    EditLine *el, const char *name, const char *help,
    unsigned char (*function)(EditLine *, int), const char *key) {
  el_set(el, EL_ADDFN, name, help, function);
  el_set(el, EL_BIND, key, name, NULL);
}

/// Binds `key` to one of libedit's own editor functions (e.g. "em-inc-search-prev").
static inline void anim_el_bind_key(EditLine *el, const char *key, const char *function) {
  el_set(el, EL_BIND, key, function, NULL);
}

static inline void anim_el_set_client_data(EditLine *el, void *data) {
  el_set(el, EL_CLIENTDATA, data);
}

static inline void *anim_el_client_data(EditLine *el) {
  void *data = NULL;
  el_get(el, EL_CLIENTDATA, &data);
  return data;
}

static inline History *anim_history_open(int size) {
  History *list = history_init();
  if (list == NULL) return NULL;
  HistEvent event;
  history(list, &event, H_SETSIZE, size);
  return list;
}

static inline void anim_history_enter(History *list, const char *line) {
  HistEvent event;
  history(list, &event, H_ENTER, line);
}

#endif

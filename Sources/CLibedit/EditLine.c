// The libedit calls of the REPL, through a table of pointers typed by
// histedit.h's own declarations (see CLibraryLoader.h for why it is opened
// on first use).
#include "CLibedit.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

#include "CLibraryLoader.h"

// The functions taken from libedit, as CLibraryLoader.h describes: those
// Swift calls (forwarded under their own names), then those only this file
// calls (el_set, el_get and history are variadic: Swift cannot call them).
#define LIBEDIT_FORWARDED(F, V)                                                     \
  F(const char *, el_gets, (EditLine * el, int *count), (el, count))                \
  V(el_end, (EditLine * el), (el))                                                  \
  F(const LineInfo *, el_line, (EditLine * el), (el))                               \
  F(int, el_insertstr, (EditLine * el, const char *text), (el, text))               \
  V(history_end, (History * list), (list))
#define LIBEDIT_INTERNAL(F, V) \
  F(, el_init, , )             \
  F(, el_set, , )              \
  F(, el_get, , )              \
  F(, history_init, , )        \
  F(, history, , )

static struct {
  LIBEDIT_FORWARDED(ANIM_FIELD, ANIM_VOID_FIELD)
  LIBEDIT_INTERNAL(ANIM_FIELD, ANIM_VOID_FIELD)
} functions;

static const char *const names[] = {
    LIBEDIT_FORWARDED(ANIM_NAME, ANIM_VOID_NAME) LIBEDIT_INTERNAL(ANIM_NAME, ANIM_VOID_NAME)};

static anim_library library = ANIM_LIBRARY("libedit.so.2", "libedit2", names, functions);

const char *anim_libedit_load(void) { return anim_library_load(&library); }

LIBEDIT_FORWARDED(ANIM_FORWARD, ANIM_VOID_FORWARD)

/// Longest prompt kept (bytes, with the terminating NUL); a longer one is cut.
#define PROMPT_CAPACITY 256

/// The prompt libedit shows, kept here because libedit asks for it through a
/// C callback that cannot carry Swift state.
static char prompt[PROMPT_CAPACITY];

static char *prompt_function(EditLine *el) {
  (void)el;
  return prompt;
}

/// Set by SIGINT (Ctrl-C), cleared by the reader before each line.
static volatile sig_atomic_t interrupted = 0;

/// Whether `el_gets` is reading a line (set around it by the reader).
static volatile sig_atomic_t editing = 0;

/// The terminal prompts and editing are drawn on (-1 before `anim_el_open`).
static int screen_fd = -1;

/// Set once Ctrl-C has moved the cursor to the end of the line being edited
/// (the reader's first answer to the flag); the second answer ends `el_gets`.
static volatile sig_atomic_t interrupt_moved = 0;

/// What was typed while a statement ran (the terminal in canonical mode),
/// read before the mode changes: whole lines, and whether a Ctrl-D on an
/// empty line came after them. `read_char` hands them out first.
static unsigned char early[4096];
static size_t early_length = 0, early_next = 0;
static int early_end = 0;

/// Reads what the line discipline holds ready in canonical mode: lines, and
/// a Ctrl-D typed on an empty line as the end of input (a read of 0 bytes).
/// Left in the terminal, such a Ctrl-D would reach the reader as a NUL byte
/// once canonical mode is off, and the REPL would go on waiting.
static void take_early_input(void) {
  if (early_next == early_length) early_length = early_next = 0;
  struct pollfd ready = {.fd = STDIN_FILENO, .events = POLLIN};
  while (!early_end && early_length < sizeof early && poll(&ready, 1, 0) == 1 &&
         (ready.revents & POLLIN)) {
    ssize_t n = read(STDIN_FILENO, early + early_length, sizeof early - early_length);
    if (n == 0) {
      early_end = 1;
    } else if (n > 0) {
      early_length += (size_t)n;
    } else if (errno != EINTR) {
      break;
    }
  }
}

/// Sets the flag; before a line is read, also takes the terminal's input out
/// of canonical mode (after taking what is ready in it: `take_early_input`).
/// libedit prints the prompt before it sets its own raw mode, and a Ctrl-D
/// typed in that window, read in canonical mode, reaches the reader as a NUL
/// byte (the line discipline's end-of-file mark), so the REPL went on
/// waiting. libedit then sets its own mode over this one, and still restores
/// the cooked mode it saved (it takes no mode without ICANON as the cooked
/// one).
void anim_set_editing(int value) {
  editing = value;
  if (!value || !isatty(STDIN_FILENO)) return;
  struct termios mode;
  if (tcgetattr(STDIN_FILENO, &mode) != 0 || !(mode.c_lflag & ICANON)) return;
  take_early_input();
  mode.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
  mode.c_cc[VMIN] = 1;
  mode.c_cc[VTIME] = 0;
  tcsetattr(STDIN_FILENO, TCSANOW, &mode);
}

/// Sets the flag. Outside `el_gets` (a statement is running, and Ctrl-C is
/// ignored) the terminal has echoed `^C` where the cursor was, at the start
/// of a line: a newline after it keeps what comes next (output, the next
/// prompt) off that line. Only when the terminal echoes control characters,
/// and only async-signal-safe calls (tcgetattr, write).
static void sigint_handler(int signo) {
  (void)signo;
  interrupted = 1;
  int fd = screen_fd;
  if (editing || fd < 0) return;
  int saved = errno;
  struct termios mode;
  if (tcgetattr(STDIN_FILENO, &mode) == 0 && (mode.c_lflag & ECHO) && (mode.c_lflag & ECHOCTL) &&
      tcgetattr(fd, &mode) == 0) {
    ssize_t n;
    do {
      n = write(fd, "\n", 1);
    } while (n < 0 && errno == EINTR);
  }
  errno = saved;
}

int anim_install_sigint_handler(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = sigint_handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;
  return sigaction(SIGINT, &action, NULL);
}

int anim_take_interrupt(void) {
  int was = interrupted != 0;
  interrupted = 0;
  interrupt_moved = 0;
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
static int read_char(EditLine *el, wchar_t *out) {
  (void)el;
  static int pending = -1;  // a byte that broke the previous sequence
  unsigned char bytes[4];
  int have = 0, need = 1;
  for (;;) {
    if (interrupted) {
      if (!interrupt_moved) {
        interrupt_moved = 1;
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
    } else if (early_next < early_length) {
      c = early[early_next++];
    } else if (early_end) {
      early_end = 0;
      return 0;
    } else {
      ssize_t n = read(STDIN_FILENO, &c, 1);
      if (n == 0) return 0;
      if (n < 0) {
        if (errno == EINTR) continue;
        return -1;
      }
    }
    if (have == 0) {
      if (c < 0x80) {
        *out = (wchar_t)c;
        return 1;
      } else if ((c & 0xE0) == 0xC0) {
        need = 2;
      } else if ((c & 0xF0) == 0xE0) {
        need = 3;
      } else if ((c & 0xF8) == 0xF0) {
        need = 4;
      } else {
        *out = (wchar_t)0xFFFD;
        return 1;
      }
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

EditLine *anim_el_open(const char *program) {
  if (anim_libedit_load() != NULL) return NULL;
  FILE *screen = isatty(fileno(stdout)) ? stdout : stderr;
  EditLine *el = functions.el_init(program, stdin, screen, stderr);
  if (el == NULL) return NULL;
  screen_fd = fileno(screen);
  functions.el_set(el, EL_EDITOR, "emacs");
  functions.el_set(el, EL_SIGNAL, 1);
  functions.el_set(el, EL_PROMPT, prompt_function);
  functions.el_set(el, EL_GETCFN, read_char);
  return el;
}

void anim_el_set_prompt(const char *text) {
  strncpy(prompt, text, PROMPT_CAPACITY - 1);
  prompt[PROMPT_CAPACITY - 1] = '\0';
}

void anim_el_set_history(EditLine *el, History *list) {
  // libedit calls the history function itself: give it the library's own.
  functions.el_set(el, EL_HIST, functions.history, list);
}

void anim_el_bind_function(
    EditLine *el, const char *name, const char *help,
    unsigned char (*function)(EditLine *, int), const char *key) {
  functions.el_set(el, EL_ADDFN, name, help, function);
  functions.el_set(el, EL_BIND, key, name, NULL);
}

void anim_el_bind_key(EditLine *el, const char *key, const char *function) {
  functions.el_set(el, EL_BIND, key, function, NULL);
}

void anim_el_set_client_data(EditLine *el, void *data) {
  functions.el_set(el, EL_CLIENTDATA, data);
}

void *anim_el_client_data(EditLine *el) {
  void *data = NULL;
  functions.el_get(el, EL_CLIENTDATA, &data);
  return data;
}

History *anim_history_open(int size) {
  if (anim_libedit_load() != NULL) return NULL;
  History *list = functions.history_init();
  if (list == NULL) return NULL;
  HistEvent event;
  functions.history(list, &event, H_SETSIZE, size);
  return list;
}

void anim_history_enter(History *list, const char *line) {
  HistEvent event;
  functions.history(list, &event, H_ENTER, line);
}

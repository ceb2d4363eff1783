// The libedit calls of the REPL, through a table of pointers typed by
// histedit.h's own declarations (see CLibraryLoader.h for why it is opened
// on first use).
#include "CLibedit.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#include "CLibraryLoader.h"

#define HIDDEN __attribute__((visibility("hidden")))

// The functions taken from libedit: X(name).
#define LIBEDIT_FUNCTIONS(X) \
  X(el_init)                 \
  X(el_end)                  \
  X(el_set)                  \
  X(el_get)                  \
  X(el_gets)                 \
  X(el_line)                 \
  X(el_insertstr)            \
  X(history_init)            \
  X(history_end)             \
  X(history)

#define FIELD(name) __typeof__(name) *name;
static struct {
  LIBEDIT_FUNCTIONS(FIELD)
} functions;

#define NAME(name) #name,
static const char *const names[] = {LIBEDIT_FUNCTIONS(NAME)};

static anim_library libedit = ANIM_LIBRARY("libedit.so.2", "libedit2", names, functions);

const char *anim_libedit_load(void) { return anim_library_load(&libedit); }

// The libedit functions Swift calls directly.
HIDDEN const char *el_gets(EditLine *el, int *count) {
  anim_library_require(&libedit);
  return functions.el_gets(el, count);
}

HIDDEN void el_end(EditLine *el) {
  anim_library_require(&libedit);
  functions.el_end(el);
}

HIDDEN const LineInfo *el_line(EditLine *el) {
  anim_library_require(&libedit);
  return functions.el_line(el);
}

HIDDEN int el_insertstr(EditLine *el, const char *text) {
  anim_library_require(&libedit);
  return functions.el_insertstr(el, text);
}

HIDDEN void history_end(History *list) {
  anim_library_require(&libedit);
  functions.history_end(list);
}

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

static void sigint_handler(int signo) {
  (void)signo;
  interrupted = 1;
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
  return was;
}

/// libedit's character reader, replaced so that Ctrl-C ends `el_gets` at
/// once: the built-in reader retries a read interrupted by a signal once,
/// which would swallow the first Ctrl-C until the next key. Decodes UTF-8
/// (a malformed sequence reads as U+FFFD). Returns 1 with a character, 0 at
/// end of input, -1 when interrupted.
static int read_char(EditLine *el, wchar_t *out) {
  (void)el;
  static int pending = -1;  // a byte that broke the previous sequence
  unsigned char bytes[4];
  int have = 0, need = 1;
  for (;;) {
    if (interrupted) {
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

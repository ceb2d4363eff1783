// The Cairo functions anim calls, each forwarding to libcairo.so.2 through a
// table of pointers typed by cairo.h's own declarations. The compiler checks
// every forwarding function against the header, so a wrong signature does
// not build. A function anim starts to use is added to the list below.
#include "CCairo.h"

#include "CLibraryLoader.h"

// F(return type, name, parameters, arguments); V for functions returning void.
#define CAIRO_FUNCTIONS(F, V)                                                                    \
  F(cairo_surface_t *, cairo_image_surface_create, (cairo_format_t f, int w, int h), (f, w, h))  \
  F(cairo_status_t, cairo_surface_status, (cairo_surface_t * s), (s))                            \
  F(int, cairo_image_surface_get_stride, (cairo_surface_t * s), (s))                             \
  F(unsigned char *, cairo_image_surface_get_data, (cairo_surface_t * s), (s))                   \
  V(cairo_surface_flush, (cairo_surface_t * s), (s))                                             \
  V(cairo_surface_mark_dirty, (cairo_surface_t * s), (s))                                        \
  V(cairo_surface_destroy, (cairo_surface_t * s), (s))                                           \
  F(cairo_t *, cairo_create, (cairo_surface_t * s), (s))                                         \
  V(cairo_destroy, (cairo_t * c), (c))                                                           \
  V(cairo_set_source_rgba, (cairo_t * c, double r, double g, double b, double a),                \
    (c, r, g, b, a))                                                                             \
  V(cairo_set_matrix, (cairo_t * c, const cairo_matrix_t *m), (c, m))                            \
  V(cairo_identity_matrix, (cairo_t * c), (c))                                                   \
  V(cairo_set_line_width, (cairo_t * c, double w), (c, w))                                       \
  V(cairo_set_line_join, (cairo_t * c, cairo_line_join_t j), (c, j))                             \
  V(cairo_set_fill_rule, (cairo_t * c, cairo_fill_rule_t r), (c, r))                             \
  V(cairo_set_dash, (cairo_t * c, const double *d, int n, double o), (c, d, n, o))               \
  V(cairo_move_to, (cairo_t * c, double x, double y), (c, x, y))                                 \
  V(cairo_line_to, (cairo_t * c, double x, double y), (c, x, y))                                 \
  V(cairo_curve_to,                                                                              \
    (cairo_t * c, double x1, double y1, double x2, double y2, double x3, double y3),             \
    (c, x1, y1, x2, y2, x3, y3))                                                                 \
  V(cairo_set_line_cap, (cairo_t * c, cairo_line_cap_t l), (c, l))                               \
  V(cairo_set_miter_limit, (cairo_t * c, double l), (c, l))                                      \
  V(cairo_arc, (cairo_t * c, double x, double y, double r, double a1, double a2),                \
    (c, x, y, r, a1, a2))                                                                        \
  V(cairo_rectangle, (cairo_t * c, double x, double y, double w, double h), (c, x, y, w, h))     \
  V(cairo_new_sub_path, (cairo_t * c), (c))                                                      \
  V(cairo_close_path, (cairo_t * c), (c))                                                        \
  V(cairo_new_path, (cairo_t * c), (c))                                                          \
  F(cairo_path_t *, cairo_copy_path, (cairo_t * c), (c))                                         \
  V(cairo_get_matrix, (cairo_t * c, cairo_matrix_t *m), (c, m))                                  \
  F(cairo_fill_rule_t, cairo_get_fill_rule, (cairo_t * c), (c))                                  \
  V(cairo_path_destroy, (cairo_path_t * p), (p))                                                 \
  V(cairo_fill, (cairo_t * c), (c))                                                              \
  V(cairo_stroke, (cairo_t * c), (c))                                                            \
  V(cairo_clip, (cairo_t * c), (c))                                                              \
  V(cairo_reset_clip, (cairo_t * c), (c))                                                        \
  V(cairo_select_font_face,                                                                      \
    (cairo_t * c, const char *family, cairo_font_slant_t s, cairo_font_weight_t w),              \
    (c, family, s, w))                                                                           \
  V(cairo_set_font_size, (cairo_t * c, double size), (c, size))                                  \
  V(cairo_text_extents, (cairo_t * c, const char *text, cairo_text_extents_t *e), (c, text, e))  \
  V(cairo_show_text, (cairo_t * c, const char *text), (c, text))                                \
  V(cairo_translate, (cairo_t * c, double x, double y), (c, x, y))                               \
  V(cairo_scale, (cairo_t * c, double x, double y), (c, x, y))                                   \
  V(cairo_paint, (cairo_t * c), (c))                                                             \
  V(cairo_set_source, (cairo_t * c, cairo_pattern_t * p), (c, p))                                \
  F(cairo_pattern_t *, cairo_pattern_create_for_surface, (cairo_surface_t * s), (s))             \
  V(cairo_pattern_set_filter, (cairo_pattern_t * p, cairo_filter_t f), (p, f))                   \
  V(cairo_pattern_set_extend, (cairo_pattern_t * p, cairo_extend_t e), (p, e))                   \
  V(cairo_pattern_destroy, (cairo_pattern_t * p), (p))

static struct {
  CAIRO_FUNCTIONS(ANIM_FIELD, ANIM_VOID_FIELD)
} functions;

static const char *const names[] = {CAIRO_FUNCTIONS(ANIM_NAME, ANIM_VOID_NAME)};

static anim_library library = ANIM_LIBRARY("libcairo.so.2", "libcairo2", names, functions);

const char *anim_cairo_load(void) { return anim_library_load(&library); }

CAIRO_FUNCTIONS(ANIM_FORWARD, ANIM_VOID_FORWARD)

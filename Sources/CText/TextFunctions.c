// fontconfig, HarfBuzz and FreeType through tables of pointers typed by each
// library's own header (see CLibraryLoader.h), and the few operations anim
// needs from them. Unlike CCairo, no function here takes a library's own
// name: fontconfig calls into FreeType, and a forwarding function of the same
// name could stand in for FreeType's own symbol. Every call goes through its
// table (fc., ft., hb.), filled by anim_text_load before any other call.
#include "CText.h"

#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include <harfbuzz/hb.h>
#include <harfbuzz/hb-ot.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "CLibraryLoader.h"

// ---------------------------------------------------------------- fontconfig
#define FONTCONFIG_FUNCTIONS(F, V)                                                          \
  F(FcConfig *, FcInitLoadConfigAndFonts, (void), ())                                       \
  F(FcPattern *, FcPatternCreate, (void), ())                                               \
  F(FcBool, FcPatternAddString, (FcPattern * p, const char *o, const FcChar8 *s), (p, o, s)) \
  F(FcBool, FcConfigSubstitute, (FcConfig * c, FcPattern * p, FcMatchKind k), (c, p, k))    \
  V(FcDefaultSubstitute, (FcPattern * p), (p))                                              \
  F(FcPattern *, FcFontMatch, (FcConfig * c, FcPattern * p, FcResult * r), (c, p, r))       \
  F(FcResult, FcPatternGetString, (const FcPattern *p, const char *o, int n, FcChar8 **s),  \
    (p, o, n, s))                                                                           \
  F(FcResult, FcPatternGetInteger, (const FcPattern *p, const char *o, int n, int *i),      \
    (p, o, n, i))                                                                           \
  F(FcBool, FcPatternAddDouble, (FcPattern * p, const char *o, double d), (p, o, d))        \
  F(FcBool, FcPatternAddInteger, (FcPattern * p, const char *o, int i), (p, o, i))          \
  F(FcBool, FcPatternAddBool, (FcPattern * p, const char *o, FcBool b), (p, o, b))          \
  F(double, FcWeightFromOpenTypeDouble, (double w), (w))                                    \
  F(FcObjectSet *, FcObjectSetCreate, (void), ())                                           \
  F(FcBool, FcObjectSetAdd, (FcObjectSet * s, const char *o), (s, o))                       \
  V(FcObjectSetDestroy, (FcObjectSet * s), (s))                                             \
  F(FcFontSet *, FcFontList, (FcConfig * c, FcPattern * p, FcObjectSet * s), (c, p, s))     \
  V(FcFontSetDestroy, (FcFontSet * s), (s))                                                 \
  V(FcPatternDestroy, (FcPattern * p), (p))

static struct {
  FONTCONFIG_FUNCTIONS(ANIM_FIELD, ANIM_VOID_FIELD)
} fc;
static const char *const fontconfigNames[] = {FONTCONFIG_FUNCTIONS(ANIM_NAME, ANIM_VOID_NAME)};
static anim_library fontconfigLibrary =
    ANIM_LIBRARY("libfontconfig.so.1", "libfontconfig1", fontconfigNames, fc);

// ------------------------------------------------------------------ FreeType
#define FREETYPE_FUNCTIONS(F, V)                                                              \
  F(FT_Error, FT_Init_FreeType, (FT_Library * l), (l))                                        \
  F(FT_Error, FT_New_Face, (FT_Library l, const char *p, FT_Long i, FT_Face *f), (l, p, i, f)) \
  F(FT_Error, FT_Done_Face, (FT_Face f), (f))                                                 \
  F(FT_Error, FT_Load_Glyph, (FT_Face f, FT_UInt g, FT_Int32 flags), (f, g, flags))           \
  F(FT_Error, FT_Outline_Decompose,                                                           \
    (FT_Outline * o, const FT_Outline_Funcs *funcs, void *user), (o, funcs, user))

static struct {
  FREETYPE_FUNCTIONS(ANIM_FIELD, ANIM_VOID_FIELD)
} ft;
static const char *const freetypeNames[] = {FREETYPE_FUNCTIONS(ANIM_NAME, ANIM_VOID_NAME)};
static anim_library freetypeLibrary =
    ANIM_LIBRARY("libfreetype.so.6", "libfreetype6", freetypeNames, ft);

// ------------------------------------------------------------------ HarfBuzz
#define HARFBUZZ_FUNCTIONS(F, V)                                                               \
  F(hb_blob_t *, hb_blob_create_from_file_or_fail, (const char *p), (p))                       \
  V(hb_blob_destroy, (hb_blob_t * b), (b))                                                     \
  F(const char *, hb_blob_get_data, (hb_blob_t * b, unsigned int *n), (b, n))                  \
  F(hb_face_t *, hb_face_create, (hb_blob_t * b, unsigned int i), (b, i))                      \
  F(unsigned int, hb_ot_name_get_utf8,                                                         \
    (hb_face_t * f, hb_ot_name_id_t n, hb_language_t l, unsigned int *size, char *text),       \
    (f, n, l, size, text))                                                                     \
  V(hb_face_destroy, (hb_face_t * f), (f))                                                     \
  F(unsigned int, hb_face_get_upem, (const hb_face_t *f), (f))                                 \
  F(hb_blob_t *, hb_face_reference_table, (const hb_face_t *f, hb_tag_t t), (f, t))            \
  F(hb_font_t *, hb_font_create, (hb_face_t * f), (f))                                         \
  V(hb_font_destroy, (hb_font_t * f), (f))                                                     \
  V(hb_font_set_scale, (hb_font_t * f, int x, int y), (f, x, y))                               \
  V(hb_font_set_var_named_instance, (hb_font_t * f, unsigned int i), (f, i))                   \
  F(hb_buffer_t *, hb_buffer_create, (void), ())                                               \
  V(hb_buffer_destroy, (hb_buffer_t * b), (b))                                                 \
  V(hb_buffer_add_utf8, (hb_buffer_t * b, const char *t, int n, unsigned int o, int l),        \
    (b, t, n, o, l))                                                                           \
  V(hb_buffer_set_direction, (hb_buffer_t * b, hb_direction_t d), (b, d))                      \
  V(hb_buffer_guess_segment_properties, (hb_buffer_t * b), (b))                                \
  F(hb_bool_t, hb_feature_from_string, (const char *s, int n, hb_feature_t *f), (s, n, f))     \
  V(hb_shape, (hb_font_t * f, hb_buffer_t * b, const hb_feature_t *fs, unsigned int n),        \
    (f, b, fs, n))                                                                             \
  F(hb_glyph_info_t *, hb_buffer_get_glyph_infos, (hb_buffer_t * b, unsigned int *n), (b, n))  \
  F(hb_glyph_position_t *, hb_buffer_get_glyph_positions, (hb_buffer_t * b, unsigned int *n), \
    (b, n))

static struct {
  HARFBUZZ_FUNCTIONS(ANIM_FIELD, ANIM_VOID_FIELD)
} hb;
static const char *const harfbuzzNames[] = {HARFBUZZ_FUNCTIONS(ANIM_NAME, ANIM_VOID_NAME)};
static anim_library harfbuzzLibrary =
    ANIM_LIBRARY("libharfbuzz.so.0", "libharfbuzz0b", harfbuzzNames, hb);

const char *anim_text_load(const char **package) {
  anim_library *all[] = {&fontconfigLibrary, &freetypeLibrary, &harfbuzzLibrary};
  for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++) {
    const char *reason = anim_library_load(all[i]);
    if (reason) {
      if (package) *package = all[i]->package;
      return reason;
    }
  }
  return NULL;
}

// ---------------------------------------------------------------- fontconfig
static pthread_mutex_t configLock = PTHREAD_MUTEX_INITIALIZER;
static FcConfig *config;

static void copy(char *to, size_t size, const char *from) {
  if (size == 0) return;
  strncpy(to, from, size - 1);
  to[size - 1] = 0;
}

// Whether two family names are the same to fontconfig: it compares them
// ignoring case and blanks ("dejavusans" is "DejaVu Sans").
static int sameFamily(const char *a, const char *b) {
  for (;;) {
    while (*a == ' ') a++;
    while (*b == ' ') b++;
    unsigned char x = (unsigned char)*a, y = (unsigned char)*b;
    if (x >= 'A' && x <= 'Z') x += 'a' - 'A';
    if (y >= 'A' && y <= 'Z') y += 'a' - 'A';
    if (x != y) return 0;
    if (x == 0) return 1;
    a++, b++;
  }
}

// The config, loaded on first use; NULL when fontconfig cannot start. Call
// with configLock held.
static FcConfig *loadedConfig(void) {
  if (!config) config = fc.FcInitLoadConfigAndFonts();
  return config;
}

int anim_text_find_face(const char *family, double weight, int italic, int anyFamily, char *path,
                        size_t pathSize, int *index, char *fullName, size_t fullNameSize,
                        char *substitute, size_t substituteSize) {
  pthread_mutex_lock(&configLock);
  if (!loadedConfig()) {
    pthread_mutex_unlock(&configLock);
    return -1;
  }
  FcPattern *pattern = fc.FcPatternCreate();
  fc.FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
  // CSS weights (OpenType's usWeightClass scale) in fontconfig's own scale.
  fc.FcPatternAddDouble(pattern, FC_WEIGHT, fc.FcWeightFromOpenTypeDouble(weight));
  fc.FcPatternAddInteger(pattern, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN);
  // A face, never a variable font's whole design space: its named instances
  // are faces of their own (their instance in the index's high bits).
  fc.FcPatternAddBool(pattern, FC_VARIABLE, FcFalse);
  // Outlines are what anim draws: a family's outline faces before its
  // bitmap ones (a bitmap-only family is then refused when opened).
  fc.FcPatternAddBool(pattern, FC_OUTLINE, FcTrue);
  fc.FcConfigSubstitute(config, pattern, FcMatchPattern);
  fc.FcDefaultSubstitute(pattern);
  FcResult result;
  FcPattern *match = fc.FcFontMatch(config, pattern, &result);
  fc.FcPatternDestroy(pattern);
  int found = 0;
  copy(substitute, substituteSize, "");
  copy(fullName, fullNameSize, "");
  *index = 0;
  if (match) {
    // fontconfig always answers with some font; it is this family only when
    // one of the match's family names is the one asked for.
    FcChar8 *name = NULL;
    for (int i = 0; fc.FcPatternGetString(match, FC_FAMILY, i, &name) == FcResultMatch; i++) {
      if (i == 0) copy(substitute, substituteSize, (const char *)name);
      if (sameFamily((const char *)name, family)) found = 1;
    }
    if (anyFamily) found = 1;
    FcChar8 *file = NULL;
    if (found && fc.FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch) {
      copy(path, pathSize, (const char *)file);
      if (fc.FcPatternGetInteger(match, FC_INDEX, 0, index) != FcResultMatch) *index = 0;
      // A variable font's named instance has a name of its own (fvar's),
      // which the file's name table does not hold.
      FcChar8 *full = NULL;
      if (fc.FcPatternGetString(match, FC_FULLNAME, 0, &full) == FcResultMatch) {
        copy(fullName, fullNameSize, (const char *)full);
      }
    } else {
      found = 0;
    }
    fc.FcPatternDestroy(match);
  }
  pthread_mutex_unlock(&configLock);
  return found;
}

long anim_text_families(char *out, size_t capacity) {
  pthread_mutex_lock(&configLock);
  if (!loadedConfig()) {
    pthread_mutex_unlock(&configLock);
    return -1;
  }
  FcPattern *all = fc.FcPatternCreate();
  FcObjectSet *objects = fc.FcObjectSetCreate();
  fc.FcObjectSetAdd(objects, FC_FAMILY);
  FcFontSet *fonts = fc.FcFontList(config, all, objects);
  fc.FcObjectSetDestroy(objects);
  fc.FcPatternDestroy(all);
  size_t used = 0;
  for (int f = 0; fonts && f < fonts->nfont; f++) {
    FcChar8 *name = NULL;
    for (int i = 0; fc.FcPatternGetString(fonts->fonts[f], FC_FAMILY, i, &name) == FcResultMatch;
         i++) {
      size_t length = strlen((const char *)name) + 1;
      if (used + length <= capacity) memcpy(out + used, name, length);
      used += length;
    }
  }
  if (fonts) fc.FcFontSetDestroy(fonts);
  pthread_mutex_unlock(&configLock);
  return (long)used;
}

// ------------------------------------------------------------------- a font
struct anim_font {
  FT_Face face;
  hb_blob_t *blob;
  hb_face_t *hbFace;
  hb_font_t *hbFont;
  pthread_mutex_t lock;  // FreeType faces are not safe to use from two threads
};

static pthread_mutex_t freetypeLock = PTHREAD_MUTEX_INITIALIZER;
static FT_Library freetype;

anim_font *anim_text_open(const char *path, int index, char *error, size_t errorSize) {
  pthread_mutex_lock(&freetypeLock);
  if (!freetype && ft.FT_Init_FreeType(&freetype) != 0) {
    pthread_mutex_unlock(&freetypeLock);
    copy(error, errorSize, "FreeType could not start");
    return NULL;
  }
  FT_Face face = NULL;
  // FreeType takes the whole index: the face in a collection (low 16 bits)
  // and a variable font's named instance (bits 16-30, 1 the first).
  FT_Error status = ft.FT_New_Face(freetype, path, index, &face);
  pthread_mutex_unlock(&freetypeLock);
  if (status != 0 || !face) {
    copy(error, errorSize, status == FT_Err_Unknown_File_Format ? "not a font file"
                                                                : "cannot be read as a font");
    return NULL;
  }
  if (!FT_IS_SCALABLE(face)) {
    ft.FT_Done_Face(face);
    copy(error, errorSize, "not an outline font (a bitmap font has no outlines to draw)");
    return NULL;
  }
  hb_blob_t *blob = hb.hb_blob_create_from_file_or_fail(path);
  if (!blob) {
    ft.FT_Done_Face(face);
    copy(error, errorSize, "cannot be read");
    return NULL;
  }
  anim_font *font = calloc(1, sizeof(anim_font));
  if (!font) {
    hb.hb_blob_destroy(blob);
    ft.FT_Done_Face(face);
    copy(error, errorSize, "out of memory");
    return NULL;
  }
  font->face = face;
  font->blob = blob;
  font->hbFace = hb.hb_face_create(blob, (unsigned int)index & 0xFFFF);
  font->hbFont = hb.hb_font_create(font->hbFace);
  // HarfBuzz counts named instances from 0; FreeType's index from 1.
  unsigned int instance = ((unsigned int)index >> 16) & 0x7FFF;
  if (instance > 0) hb.hb_font_set_var_named_instance(font->hbFont, instance - 1);
  unsigned int upem = hb.hb_face_get_upem(font->hbFace);
  // Positions in font units: the Swift side scales them to the text's size.
  hb.hb_font_set_scale(font->hbFont, (int)upem, (int)upem);
  pthread_mutex_init(&font->lock, NULL);
  return font;
}

void anim_text_close(anim_font *font) {
  if (!font) return;
  hb.hb_font_destroy(font->hbFont);
  hb.hb_face_destroy(font->hbFace);
  hb.hb_blob_destroy(font->blob);
  pthread_mutex_lock(&freetypeLock);
  ft.FT_Done_Face(font->face);
  pthread_mutex_unlock(&freetypeLock);
  pthread_mutex_destroy(&font->lock);
  free(font);
}

void anim_text_face_name(anim_font *font, char *name, size_t nameSize) {
  unsigned int size = nameSize > 0 ? (unsigned int)nameSize : 0;
  unsigned int length =
      hb.hb_ot_name_get_utf8(font->hbFace, HB_OT_NAME_ID_FULL_NAME, HB_LANGUAGE_INVALID, &size, name);
  if (length > 0 && size > 0) return;
  // No full name in the name table: FreeType's family and style.
  const char *family = font->face->family_name ? font->face->family_name : "";
  const char *style = font->face->style_name ? font->face->style_name : "";
  snprintf(name, nameSize, "%s%s%s", family, *family && *style ? " " : "", style);
}

static int16_t bigEndian16(const unsigned char *p) { return (int16_t)((p[0] << 8) | p[1]); }

void anim_text_metrics(anim_font *font, int *unitsPerEm, int *ascender, int *descender) {
  *unitsPerEm = (int)hb.hb_face_get_upem(font->hbFace);
  // The hhea table's ascender and descender (bytes 4-5 and 6-7, signed), as
  // SPEC §18's line box uses them; FreeType's face->ascender may come from
  // OS/2 instead.
  *ascender = font->face->ascender;
  *descender = font->face->descender;
  hb_blob_t *hhea = hb.hb_face_reference_table(font->hbFace, HB_TAG('h', 'h', 'e', 'a'));
  unsigned int length = 0;
  const unsigned char *data = (const unsigned char *)hb.hb_blob_get_data(hhea, &length);
  if (data && length >= 8) {
    *ascender = bigEndian16(data + 4);
    *descender = bigEndian16(data + 6);
  }
  hb.hb_blob_destroy(hhea);
}

size_t anim_text_shape(anim_font *font, const char *text, size_t length, anim_glyph *glyphs,
                       size_t capacity) {
  hb_buffer_t *buffer = hb.hb_buffer_create();
  hb.hb_buffer_add_utf8(buffer, text, (int)length, 0, (int)length);
  hb.hb_buffer_set_direction(buffer, HB_DIRECTION_LTR);
  hb.hb_buffer_guess_segment_properties(buffer);
  // Every letter keeps its own glyphs (SPEC §18): no optional ligatures.
  hb_feature_t features[3];
  hb.hb_feature_from_string("-liga", -1, &features[0]);
  hb.hb_feature_from_string("-clig", -1, &features[1]);
  hb.hb_feature_from_string("-dlig", -1, &features[2]);
  hb.hb_shape(font->hbFont, buffer, features, 3);
  unsigned int count = 0;
  hb_glyph_info_t *infos = hb.hb_buffer_get_glyph_infos(buffer, &count);
  hb_glyph_position_t *positions = hb.hb_buffer_get_glyph_positions(buffer, &count);
  for (unsigned int i = 0; i < count && i < capacity; i++) {
    glyphs[i].glyph = infos[i].codepoint;
    glyphs[i].cluster = infos[i].cluster;
    glyphs[i].xAdvance = positions[i].x_advance;
    glyphs[i].yAdvance = positions[i].y_advance;
    glyphs[i].xOffset = positions[i].x_offset;
    glyphs[i].yOffset = positions[i].y_offset;
  }
  hb.hb_buffer_destroy(buffer);
  return count;
}

// ------------------------------------------------------------- an outline
typedef struct {
  double *out;
  size_t capacity, count;
} outline_sink;

static void put(outline_sink *sink, double v) {
  if (sink->count < sink->capacity) sink->out[sink->count] = v;
  sink->count++;
}

static int moveTo(const FT_Vector *to, void *user) {
  outline_sink *s = user;
  put(s, ANIM_PATH_MOVE), put(s, (double)to->x), put(s, (double)to->y);
  return 0;
}

static int lineTo(const FT_Vector *to, void *user) {
  outline_sink *s = user;
  put(s, ANIM_PATH_LINE), put(s, (double)to->x), put(s, (double)to->y);
  return 0;
}

static int conicTo(const FT_Vector *control, const FT_Vector *to, void *user) {
  outline_sink *s = user;
  put(s, ANIM_PATH_QUAD), put(s, (double)control->x), put(s, (double)control->y);
  put(s, (double)to->x), put(s, (double)to->y);
  return 0;
}

static int cubicTo(const FT_Vector *c1, const FT_Vector *c2, const FT_Vector *to, void *user) {
  outline_sink *s = user;
  put(s, ANIM_PATH_CUBIC), put(s, (double)c1->x), put(s, (double)c1->y);
  put(s, (double)c2->x), put(s, (double)c2->y), put(s, (double)to->x), put(s, (double)to->y);
  return 0;
}

long anim_text_outline(anim_font *font, uint32_t glyph, double *out, size_t capacity) {
  static const FT_Outline_Funcs funcs = {moveTo, lineTo, conicTo, cubicTo, 0, 0};
  outline_sink sink = {out, capacity, 0};
  pthread_mutex_lock(&font->lock);
  long result = -1;
  if (ft.FT_Load_Glyph(font->face, glyph, FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP) ==
          0 &&
      font->face->glyph->format == FT_GLYPH_FORMAT_OUTLINE &&
      ft.FT_Outline_Decompose(&font->face->glyph->outline, &funcs, &sink) == 0) {
    result = (long)sink.count;
  }
  pthread_mutex_unlock(&font->lock);
  return result;
}

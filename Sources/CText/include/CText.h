// Fonts for text views (SPEC §18): fontconfig finds a family's file,
// HarfBuzz shapes a line, FreeType gives each glyph's outline. All three
// (Debian libfontconfig1, libharfbuzz0b, libfreetype6) are opened on first
// use, like Cairo, so a script without text never loads them (W6).
//
// This header declares anim's own small interface, not the libraries': the
// Swift side sees plain numbers and never includes hb.h or ft2build.h.
#ifndef ANIM_CTEXT_H
#define ANIM_CTEXT_H

#include <stddef.h>
#include <stdint.h>

/// Loads the three libraries (once; thread-safe). NULL when they are ready,
/// else why not, naming the library; `package` is then set to the Debian
/// package that ships it.
const char *anim_text_load(const char **package);

/// Finds the face fontconfig chooses for `family` at `weight` (a CSS weight,
/// OpenType's 1…1000 scale, mapped with FcWeightFromOpenTypeDouble) and
/// slant (italic or roman). Returns 1 and writes the file's path into `path`,
/// its face index into `index` and fontconfig's full name for it into
/// `fullName` (empty when it has none) when the face is of that family (or,
/// with `anyFamily`, whatever family fontconfig substitutes: a generic name
/// such as "sans-serif"), 0 when the best match is another family (its name
/// is written into `substitute`), -1 when fontconfig cannot be initialised.
int anim_text_find_face(const char *family, double weight, int italic, int anyFamily, char *path,
                        size_t pathSize, int *index, char *fullName, size_t fullNameSize,
                        char *substitute, size_t substituteSize);

/// Every family name fontconfig knows (a font with several has each), as
/// NUL-terminated names one after another in `out`, at most `capacity`
/// bytes. Returns the bytes all of them need (call again with more room
/// when that exceeds `capacity`), or -1 when fontconfig cannot start.
long anim_text_families(char *out, size_t capacity);

/// An open font file: a FreeType face and a HarfBuzz font over the same file.
typedef struct anim_font anim_font;

/// Opens face `index` of the file at `path` (FreeType's face index: the
/// face in a collection, and a variable font's named instance in bits
/// 16-30). NULL when it is not a font (FreeType cannot read it); `error`
/// then says why.
anim_font *anim_text_open(const char *path, int index, char *error, size_t errorSize);

/// The face's full name (the name table's ID 4, as fontconfig's
/// `fullname`: "DejaVu Sans Bold"), or its family and style when the
/// table has none.
void anim_text_face_name(anim_font *font, char *name, size_t nameSize);

/// Closes a font opened by `anim_text_open`.
void anim_text_close(anim_font *font);

/// The font's units per em and its hhea ascender and descender (font units,
/// the descender negative below the baseline).
void anim_text_metrics(anim_font *font, int *unitsPerEm, int *ascender, int *descender);

/// One shaped glyph: positions in font units, `cluster` the byte offset in
/// the UTF-8 text of the first character it belongs to.
typedef struct anim_glyph {
  uint32_t glyph;
  uint32_t cluster;
  int32_t xAdvance, yAdvance, xOffset, yOffset;
} anim_glyph;

/// Shapes `length` bytes of UTF-8 `text` left to right with the optional
/// ligatures (liga, clig, dlig) off. Writes at most `capacity` glyphs into
/// `glyphs` and returns how many there are (call again with more room when
/// the result exceeds `capacity`).
size_t anim_text_shape(anim_font *font, const char *text, size_t length, anim_glyph *glyphs,
                       size_t capacity);

/// Path commands of a glyph outline, in font units with y growing up:
/// 0 move (x y), 1 line (x y), 2 quadratic (cx cy x y), 3 cubic
/// (c1x c1y c2x c2y x y). Every contour begins with a move and ends back at
/// its first point (FreeType closes it).
enum { ANIM_PATH_MOVE = 0, ANIM_PATH_LINE = 1, ANIM_PATH_QUAD = 2, ANIM_PATH_CUBIC = 3 };

/// Writes the outline of `glyph` as a flat list of doubles (an opcode, then
/// its coordinates) into `out`, at most `capacity` of them. Returns how many
/// doubles the outline needs (call again with more room when that exceeds
/// `capacity`), or -1 when the glyph cannot be loaded.
long anim_text_outline(anim_font *font, uint32_t glyph, double *out, size_t capacity);

#endif

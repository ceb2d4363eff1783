#!/usr/bin/env bash
# Writes the hostile test scripts that are impractical to type by hand: deeply
# nested expressions and blocks, and files with invalid UTF-8, NUL bytes, a
# byte-order mark, bare carriage returns or no final newline. The output is
# committed; run this again only to change it (`tests/hostile/generate.sh`).
set -euo pipefail
cd "$(dirname "$0")"

repeat() { # repeat TEXT COUNT
  local text=$1 count=$2 out=""
  for ((i = 0; i < count; i++)); do out+=$text; done
  printf '%s' "$out"
}

{
  echo "# 10 000 nested parentheses stop at the nesting limit instead of the stack."
  echo "# expect error line 3: expression nested too deeply (limit 256)"
  printf 'x = %s1%s\n' "$(repeat '(' 10000)" "$(repeat ')' 10000)"
} > syntax_nested_parens_10000.anim

{
  echo "# 10 000 nested parentheses left open."
  echo "# expect error line 3: expression nested too deeply (limit 256)"
  printf 'x = %s1\n' "$(repeat '(' 10000)"
} > syntax_nested_parens_unclosed.anim

{
  echo "# 1000 nested lists."
  echo "# expect error line 3: expression nested too deeply (limit 256)"
  printf 'x = %s1%s\n' "$(repeat '[' 1000)" "$(repeat ']' 1000)"
} > syntax_nested_brackets_1000.anim

{
  echo "# 10 000 unary minuses."
  echo "# expect error line 3: expression nested too deeply (limit 256)"
  printf 'x = %s1\n' "$(repeat '- ' 10000)"
} > syntax_nested_minus_10000.anim

{
  echo "# 1000 nested calls."
  echo "# expect error line 3: expression nested too deeply (limit 256)"
  printf 'x = %s1%s\n' "$(repeat 'abs(' 1000)" "$(repeat ')' 1000)"
} > syntax_nested_calls_1000.anim

{
  echo "# 1000 member accesses in a row."
  echo "# expect error line 3: expression nested too deeply (limit 256)"
  printf 'x = view%s\n' "$(repeat '.alpha' 1000)"
} > syntax_member_chain_1000.anim

{
  echo "# A chain of 1000 additions is a syntax tree 1000 levels deep (each '+'"
  echo "# holds the chain before it), so it meets the nesting limit too."
  echo "# expect error line 4: expression nested too deeply (limit 256)"
  printf 'x = 1%s\n' "$(repeat ' + 1' 1000)"
} > syntax_long_operator_chain_1000.anim

{
  echo "# 300 nested loops."
  echo "# expect error line $((2 + 256)): expression nested too deeply (limit 256)"
  for ((i = 0; i < 300; i++)); do echo "for i$i in 0..<1 {"; done
  for ((i = 0; i < 300; i++)); do echo "}"; done
} > syntax_nested_blocks_300.anim

{
  echo "# An invalid UTF-8 byte in a string."
  printf 'print "caf\xff"  # expect error: invalid UTF-8 in source\n'
} > syntax_invalid_utf8_in_string.anim

{
  echo "# A two-byte sequence cut short, in code."
  printf 'x = 1 \xc3( 2  # expect error: invalid UTF-8 in source\n'
} > syntax_invalid_utf8_in_code.anim

{
  echo "# A UTF-16 surrogate encoded as UTF-8 (not valid UTF-8), in a comment."
  echo "# expect error line 4: invalid UTF-8 in source"
  echo "print 1"
  printf '# a comment with \xed\xa0\x80 in it\n'
} > syntax_invalid_utf8_in_comment.anim

{
  echo "# An overlong encoding of '/' in a string."
  printf 'print "\xc0\xaf"  # expect error: invalid UTF-8 in source\n'
} > syntax_invalid_utf8_overlong.anim

{
  echo "# A stray continuation byte where a statement starts."
  printf '\x80 print 1  # expect error: invalid UTF-8 in source\n'
} > syntax_invalid_utf8_stray_byte.anim

{
  echo "# A three-byte sequence cut short by the end of the file, inside an open string."
  echo "# expect error line 3: invalid UTF-8 in source"
  printf 'print "\xe2\x82'
} > syntax_invalid_utf8_at_end.anim

{
  echo "# A NUL byte in code."
  printf 'print 1\x00  # expect error: unexpected character U+0000\n'
} > syntax_nul_byte.anim

{
  printf '# A bare carriage return ends a line, as old Mac files have them.\r'
  printf 'print 1  # expect: 1\rprint 2  # expect: 2\r'
} > carriage_return_only.anim

{
  # A byte-order mark and CRLF line ends are accepted.
  printf '\xef\xbb\xbfprint 1  # expect: 1\r\n'
  printf 'print "two"  # expect: two\r\n'
} > syntax_bom_and_crlf.anim

{
  echo "# A string left open by a backslash at the very end of the file."
  echo "# expect error line 3: unterminated string"
  printf 'print "abc\\'
} > syntax_unterminated_string_at_end.anim

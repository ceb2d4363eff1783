#!/usr/bin/env python3
"""Writes the D1 data workload (SPEC §23.1): a CSV file of about 10 MB and
two scripts that make the same scene, a family of 10 000 bars, from it:

  OUT/d1_sales.csv        10 MB of rows: id, name, region, sales, share
                          (names with commas quoted, one quote doubled in
                          every 50th), deterministic
  OUT/d1_csv.anim         rows = csv("d1_sales.csv"), then the family from
                          the first 10 000 rows
  OUT/d1_literal.anim     the same rows written out as a list of records in
                          the script, then the same family
  OUT/d1_views.anim       the 10 000 bars written out as declarations

Usage: gen_data.py OUTDIR [MEGABYTES]   (default 10)
"""

import os
import sys

REGIONS = ["north", "south", "east", "west", "centre"]

FAMILY = """\
let most = max([for r in rows: r.sales])
for i in 0..<10000 {
  rect bar[i](x: (i % 100) * 8, y: floor(i / 100) * 8, width: 6, height: 6 * rows[i].sales / most, alpha: rows[i].share)
}
print bar.count, bar[9999].name, len(rows)
"""


def rows(target):
    size = 0
    n = 0
    while size < target:
        name = f"Widget {n}"
        if n % 7 == 0:
            name = f"Widget {n}, large"
        if n % 50 == 0:
            name = f'Widget "{n}"'
        row = (n, name, REGIONS[n % 5], (n * 37) % 1000 + 1, ((n * 13) % 100) / 100)
        size += len(csv_line(row)) + 1
        n += 1
        yield row


def csv_line(row):
    n, name, region, sales, share = row
    quoted = '"' + name.replace('"', '""') + '"' if ("," in name or '"' in name) else name
    return f"{n},{quoted},{region},{sales},{share}"


def anim_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):  # "--help" is not a file name
        sys.exit("usage: gen_data.py OUTDIR [MEGABYTES]")
    out = sys.argv[1]
    target = int(float(sys.argv[2]) * 1_000_000) if len(sys.argv) > 2 else 10_000_000
    os.makedirs(out, exist_ok=True)
    all_rows = list(rows(target))
    with open(os.path.join(out, "d1_sales.csv"), "w") as f:
        f.write("id,name,region,sales,share\n")
        for row in all_rows:
            f.write(csv_line(row) + "\n")
    with open(os.path.join(out, "d1_csv.anim"), "w") as f:
        f.write('let rows = csv("d1_sales.csv")\n' + FAMILY)
    with open(os.path.join(out, "d1_literal.anim"), "w") as f:
        f.write("let rows = [\n")
        for n, name, region, sales, share in all_rows:
            f.write(f"  {{id: {n}, name: {anim_string(name)}, region: \"{region}\", "
                    f"sales: {sales}, share: {share}}},\n")
        f.write("]\n" + FAMILY)
    most = max(r[3] for r in all_rows[:len(all_rows)])
    with open(os.path.join(out, "d1_views.anim"), "w") as f:
        for i, (_, _, _, sales, share) in enumerate(all_rows[:10000]):
            f.write(f"rect bar{i}(x: {(i % 100) * 8}, y: {i // 100 * 8}, width: 6, "
                    f"height: {6 * sales / most!r}, alpha: {share})\n")
        f.write("print 10000\n")


if __name__ == "__main__":
    main()

"""Makes the tiny test images of tests/look (run by hand; the files are
checked in): quadrants of flat colour, so that points well inside a
quadrant have one exact colour whatever filter draws them scaled."""
import pathlib

from PIL import Image

HERE = pathlib.Path(__file__).parent
QUADRANTS = [(230, 40, 40, 255), (40, 200, 60, 255), (30, 60, 220, 255), (250, 210, 0, 128)]


def quadrants(width, height, mode="RGBA"):
    image = Image.new("RGBA", (width, height))
    for i, colour in enumerate(QUADRANTS):
        x0 = (i % 2) * width // 2
        y0 = (i // 2) * height // 2
        for y in range(y0, y0 + height // 2):
            for x in range(x0, x0 + width // 2):
                image.putpixel((x, y), colour)
    return image if mode == "RGBA" else image.convert(mode)


quadrants(8, 4).save(HERE / "quad.png")
# JPEG: opaque, every quadrant 8 × 8 pixels (one block each), no chroma subsampling.
opaque = quadrants(16, 16)
opaque.putalpha(255)
opaque.convert("RGB").save(HERE / "quad.jpg", quality=100, subsampling=0)
(HERE / "quad.svg").write_text(
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 4 2">\n'
    '  <rect width="2" height="1" fill="#e62828"/>\n'
    '  <rect x="2" width="2" height="1" fill="#28c83c"/>\n'
    '  <rect y="1" width="2" height="1" fill="#1e3cdc"/>\n'
    '  <rect x="2" y="1" width="2" height="1" fill="#fad200" fill-opacity="0.5"/>\n'
    "</svg>\n"
)
(HERE / "corrupt.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\x0dIHDR" + b"\x00" * 5)
(HERE / "notimage.png").write_text("hello, not an image\n")

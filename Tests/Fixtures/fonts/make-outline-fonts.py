#!/usr/bin/python3
"""Makes the small outline and bitmap fonts the FreeType tests and the
`freetype` fuzz target's corpus use (Tests/Fuzz/README.md), all drawn here,
so no font's licence comes with them. Run by hand after a change, with
Debian's python3-fonttools and xfonts-utils (fonttosfnt, bdftopcf); the
results are committed, and nothing in the build runs this.

    Tests/Fixtures/fonts/make-outline-fonts.py [FUNCTION ...]

With names (tiny_gpos, ...), only those fonts are made.

tiny.ttf      TrueType: A V T o H W (boxes and slopes), a space, 日 and
              U+1F600 (a cmap format 12 entry), and a kern table: AV, VA
              and To set closer.
tiny-cff.otf  the same letters as CFF outlines (FreeType's other outline
              reader), no kerning.
tiny-gpos.otf the same CFF letters with the same pairs kerned in an
              OpenType GPOS table and no kern table: FreeType reads none of
              it, HarfBuzz does.
hostile.ttf   a 16-unit em whose ascender and descender span 1 unit, W
              with an advance of 65,535 units, X with points 16,000 units
              out, and a kern pair of -32,768: every bound of FreeTypeFace.
tiny.otb      tiny.bdf as an OpenType bitmap font (fonttosfnt), tiny.pcf
              as PCF (bdftopcf).
"""
import os
import subprocess
import sys
import tempfile

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import newTable
from fontTools.ttLib.tables._k_e_r_n import KernTable_format_0

HERE = os.path.dirname(os.path.abspath(__file__))

# Each glyph: closed polygons in a 1000-unit em, baseline at 0, cap height 700.
SHAPES = {
    "A": [[(0, 0), (100, 0), (300, 600), (500, 0), (600, 0), (350, 700), (250, 700)]],
    "V": [[(250, 0), (350, 0), (600, 700), (500, 700), (300, 100), (100, 700), (0, 700)]],
    "T": [[(0, 600), (600, 600), (600, 700), (0, 700)], [(250, 0), (350, 0), (350, 600), (250, 600)]],
    "o": [[(50, 0), (450, 0), (450, 450), (50, 450)], [(150, 100), (150, 350), (350, 350), (350, 100)]],
    "H": [[(0, 0), (100, 0), (100, 700), (0, 700)], [(500, 0), (600, 0), (600, 700), (500, 700)],
          [(100, 300), (500, 300), (500, 400), (100, 400)]],
    "W": [[(0, 700), (100, 0), (300, 400), (500, 0), (600, 700), (500, 700), (450, 200), (300, 550), (150, 200),
           (100, 700)]],
    "X": [[(0, 0), (600, 700), (500, 700), (0, 100)]],
    "uni65E5": [[(100, -100), (800, -100), (800, 800), (100, 800)], [(200, 0), (200, 300), (700, 300), (700, 0)],
                [(200, 400), (200, 700), (700, 700), (700, 400)]],
    "u1F600": [[(100, -100), (800, -100), (800, 800), (100, 800)], [(250, 500), (250, 650), (400, 650), (400, 500)]],
}
CHARS = {"space": 0x20, "A": 0x41, "H": 0x48, "T": 0x54, "V": 0x56, "W": 0x57, "X": 0x58, "o": 0x6F,
         "uni65E5": 0x65E5, "u1F600": 0x1F600}
ORDER = [".notdef", "space"] + list(SHAPES)
KERNING = {("A", "V"): -150, ("V", "A"): -150, ("T", "o"): -200}


def draw(pen, contours, scale=1):
    for contour in contours:
        pen.moveTo(tuple(v * scale for v in contour[0]))
        for point in contour[1:]:
            pen.lineTo(tuple(v * scale for v in point))
        pen.closePath()


def builder(em, ascent, descent, cff):
    fb = FontBuilder(em, isTTF=not cff)
    fb.setupGlyphOrder(ORDER)
    fb.setupCharacterMap({code: name for name, code in CHARS.items()})
    fb.setupHorizontalHeader(ascent=ascent, descent=descent)
    fb.setupNameTable({"familyName": "Ledmarquee Test", "styleName": "Regular"})
    return fb


def save(fb, ascent, descent, name):
    # OS/2 reads the metrics, so it comes after the outlines and hmtx.
    fb.setupOS2(sTypoAscender=ascent, sTypoDescender=descent, usWinAscent=ascent, usWinDescent=-descent)
    fb.setupPost()
    fb.save(os.path.join(HERE, name))


def kern_table(pairs):
    table = newTable("kern")
    table.version = 0
    subtable = KernTable_format_0()
    subtable.version, subtable.coverage, subtable.format = 0, 1, 0
    subtable.kernTable = dict(pairs)
    table.kernTables = [subtable]
    return table


def tiny_ttf():
    fb = builder(1000, 800, -200, cff=False)
    glyphs = {}
    for name in ORDER:
        pen = TTGlyphPen(None)
        draw(pen, SHAPES.get(name, []))
        glyphs[name] = pen.glyph()
    fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics({name: (900 if name.startswith("u") else 650, 0) for name in ORDER})
    fb.font["kern"] = kern_table(KERNING)
    save(fb, 800, -200, "tiny.ttf")


def tiny_cff(name="tiny-cff.otf", kerned=False):
    fb = builder(1000, 800, -200, cff=True)
    charstrings = {}
    for glyph in ORDER:
        pen = T2CharStringPen(650, None)
        draw(pen, SHAPES.get(glyph, []))
        charstrings[glyph] = pen.getCharString()
    fb.setupCFF("LedmarqueeTest-Regular", {"FullName": "Ledmarquee Test"}, charstrings, {})
    fb.setupHorizontalMetrics({glyph: (650, 0) for glyph in ORDER})
    if kerned:
        rules = "".join(f"pos {left} {right} {value};" for (left, right), value in KERNING.items())
        fb.addOpenTypeFeatures(f"languagesystem DFLT dflt; languagesystem latn dflt; feature kern {{ {rules} }} kern;")
    save(fb, 800, -200, name)


def tiny_gpos():
    tiny_cff("tiny-gpos.otf", kerned=True)


def hostile_ttf():
    # A 16-unit em (the least FreeType takes) with a line of one unit: an
    # em of 16 times the height asked, were it not bounded.
    fb = builder(16, 1, 0, cff=False)
    glyphs = {}
    for name in ORDER:
        pen = TTGlyphPen(None)
        if name == "X":
            pen.moveTo((-16000, -16000))
            pen.lineTo((16000, 16000))
            pen.lineTo((16000, -16000))
            pen.closePath()
        else:
            draw(pen, SHAPES.get(name, []), scale=0.016)
        glyphs[name] = pen.glyph()
    fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics({name: (65535 if name == "W" else 10, 0) for name in ORDER})
    fb.font["kern"] = kern_table({("A", "V"): -32768, ("V", "A"): 32767})
    save(fb, 1, 0, "hostile.ttf")


def bitmaps():
    # fonttosfnt and bdftopcf need the charset properties tiny.bdf leaves out.
    with open(os.path.join(HERE, "tiny.bdf")) as source:
        text = source.read().replace("STARTPROPERTIES 3",
                                     'STARTPROPERTIES 5\nCHARSET_REGISTRY "ISO10646"\nCHARSET_ENCODING "1"')
    with tempfile.TemporaryDirectory() as scratch:
        bdf = os.path.join(scratch, "tiny.bdf")
        with open(bdf, "w") as target:
            target.write(text)
        subprocess.run(["fonttosfnt", "-b", "-c", "-g", "2", "-m", "2", "-o", os.path.join(HERE, "tiny.otb"), bdf],
                       check=True)
        subprocess.run(["bdftopcf", "-o", os.path.join(HERE, "tiny.pcf"), bdf], check=True)


for make in sys.argv[1:] or ["tiny_ttf", "tiny_cff", "tiny_gpos", "hostile_ttf", "bitmaps"]:
    globals()[make]()

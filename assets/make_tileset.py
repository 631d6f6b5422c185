#!/usr/bin/env python3
"""Draws delve's tileset, assets/tileset.png: our own 16x16 pixel art.

Run from anywhere with plain Python 3 (standard library only):

    python3 assets/make_tileset.py            # writes assets/tileset.png
    python3 assets/make_tileset.py --preview /tmp/tiles.png  # also an 8x zoomed copy

Layout (8 columns and 12 rows of 16x16 tiles, index = row * 8 + column;
src/front/render/tileset.rs names the same indices):

    row 0   wall, floor, door, up stairs, down stairs, loot, player, barred door
    row 1   the same eight, dimmed: how remembered tiles look
    row 2   items: gold, food, potion, scroll, ring, wand, dagger, armour
    row 3   items: amulet, rune stone, key; the rest blank
    row 4   monsters: rat, jackal, giant slug, kobold, goblin skulker, cave bat, ogre, wraith
    row 5   monsters: troll, horror, monkey, eel, goblin archer, spitting cobra,
            goblin conjurer, spectral blade
    row 6   the feature layer's terrain: closed door, deep water, shallow water, lava,
            chasm, bridge, trap, locked door
    row 7   the same eight, dimmed
    row 8   monsters: pixie, bog monster, salamander, zombie, centaur, ogre shaman, golem,
            dragon
    row 9   blank
    row 10  ledge; the rest blank
    row 11  the same, dimmed

Terrain tiles are opaque; the player, the items and the monsters have transparent
backgrounds so they can be drawn over the floor (the spectral blade is partly see-through
itself). Everything is deterministic: the speckles come from a hash, not from a random
generator, so the PNG only changes when this script does.
"""

import os
import struct
import sys
import zlib

T = 16  # tile side in pixels
COLUMNS = 8
ROWS = 12
# Monster pictures in rows 4 and 5; the rest go in row 8, below the features.
MONSTERS_IN_ROWS_4_5 = 2 * COLUMNS

CLEAR = (0, 0, 0, 0)


def noise(x, y, salt):
    """A deterministic value in [0, 1) for a pixel."""
    h = (x * 374761393 + y * 668265263 + salt * 2246822519) & 0xFFFFFFFF
    h = ((h ^ (h >> 13)) * 1274126177) & 0xFFFFFFFF
    return ((h ^ (h >> 16)) & 0xFFFF) / 65536.0


def shade(rgb, d):
    return tuple(max(0, min(255, c + d)) for c in rgb[:3]) + (255,)


def opaque(rgb):
    return tuple(rgb[:3]) + (255,)


class Tile:
    def __init__(self, fill=CLEAR):
        self.px = [[fill for _ in range(T)] for _ in range(T)]

    def set(self, x, y, c):
        if 0 <= x < T and 0 <= y < T:
            self.px[y][x] = c if len(c) == 4 else opaque(c)

    def get(self, x, y):
        return self.px[y][x]

    def stamp(self, rows, palette):
        """Draws a 16-row picture of palette characters; '.' leaves the pixel alone."""
        assert len(rows) == T, f"{len(rows)} rows"
        for y, row in enumerate(rows):
            assert len(row) == T, f"row {y} is {len(row)} wide: {row!r}"
            for x, ch in enumerate(row):
                if ch != ".":
                    self.set(x, y, palette[ch])
        return self


# ---------------------------------------------------------------- terrain

FLOOR = (60, 52, 47)
FLOOR_SEAM = (44, 38, 35)
MORTAR = (38, 32, 46)
BRICK = [(116, 104, 130), (106, 96, 120), (124, 112, 136), (100, 92, 112)]


def floor():
    t = Tile()
    for y in range(T):
        for x in range(T):
            c = FLOOR
            n = noise(x, y, 1)
            if n < 0.10:
                c = shade(FLOOR, 10)
            elif n > 0.90:
                c = shade(FLOOR, -8)
            # Four worn flagstones with dark seams.
            if x % 8 == 0 or y % 8 == 0:
                c = FLOOR_SEAM
            elif x % 8 == 1 or y % 8 == 1:
                c = shade(c, 5)
            t.set(x, y, c)
    return t


def wall():
    t = Tile()
    for y in range(T):
        row = y // 4
        offset = 4 if row % 2 else 0
        for x in range(T):
            xx = x + offset
            if y % 4 == 3 or xx % 8 == 7:
                t.set(x, y, MORTAR)
                continue
            brick = BRICK[(row * 3 + (xx // 8) * 5) % len(BRICK)]
            c = brick
            if y % 4 == 0 or xx % 8 == 0:
                c = shade(brick, 22)  # lit top and left edges
            elif y % 4 == 2:
                c = shade(brick, -16)  # shadowed underside
            n = noise(x, y, 2)
            if n < 0.12:
                c = shade(c, -12)
            elif n > 0.93:
                c = shade(c, 10)
            t.set(x, y, c)
    return t


def door_frame(t):
    """The stone jambs and lintel every door stands in."""
    frame = (34, 26, 22)
    for y in range(T):
        for x in range(T):
            if x in (0, 15) or y == 0:
                t.set(x, y, MORTAR)
            elif x in (1, 14) or y == 1:
                t.set(x, y, frame)
    return t


def door():
    """A doorway: the floor seen through an open frame, the door swung back against the
    left jamb — open, so sight passes (a closed door is drawn shut)."""
    t = door_frame(floor())
    wood = (146, 92, 44)
    for y in range(2, T):
        for x in (2, 3, 4):
            c = shade(wood, 20) if x == 2 else shade(wood, -30) if x == 4 else wood
            if y in (4, 12):
                c = (68, 66, 78)  # the leaf's iron bands, seen edge on
            t.set(x, y, c)
    for y in range(2, T):  # the leaf's shadow on the floor
        t.set(5, y, shade(FLOOR, -14))
    return t


def door_leaf(colour, seams, grain, patch, salt):
    """A door shut in its frame: a leaf of `colour` filling it, two seams shaded by
    `seams`, and a grain of patches shaded by `patch`, `grain` rows tall."""
    t = door_frame(Tile())
    for y in range(2, T):
        for x in range(2, 14):
            if x in (5, 10):
                c = shade(colour, seams)
            elif noise(x, y // grain, salt) < 0.3:
                c = shade(colour, patch)
            else:
                c = colour
            t.set(x, y, c)
    return t


def closed_door():
    """A door shut in its frame: dark planks filling it, barred, with a lock."""
    t = door_leaf((102, 60, 28), seams=-40, grain=3, patch=-14, salt=9)
    for y in (3, 8, 13):
        for x in range(2, 14):
            t.set(x, y, (58, 56, 68))
        for x in (3, 12):
            t.set(x, y, (150, 150, 166))
    for y in (9, 10, 11):  # the lock plate and keyhole
        for x in (10, 11, 12):
            t.set(x, y, (190, 150, 60))
    t.set(11, 10, (20, 16, 14))
    return t


def locked_door():
    """A vault's locked door: iron-bound, studded, with a great brass padlock — plainly
    not a door that opens to a push."""
    t = door_leaf((70, 72, 86), seams=-30, grain=2, patch=-12, salt=11)
    for y in (3, 13):  # bands and their rivets
        for x in range(2, 14):
            t.set(x, y, (44, 44, 54))
        for x in (3, 6, 9, 12):
            t.set(x, y, (170, 170, 186))
    brass, dark = (230, 180, 60), (150, 104, 30)
    for y in (5, 6):  # the shackle
        for x in (6, 9):
            t.set(x, y, (200, 200, 214))
    for x in (6, 7, 8, 9):
        t.set(x, 4, (200, 200, 214))
    for y in range(7, 12):  # the padlock's body and keyhole
        for x in range(5, 11):
            t.set(x, y, dark if y == 11 or x == 10 else brass)
    t.set(7, 8, (20, 16, 14))
    t.set(8, 8, (20, 16, 14))
    t.set(7, 9, (20, 16, 14))
    return t


def barred_door():
    """A cyclic dungeon's barred door: pale planks with a heavy timber bar laid across
    the middle in iron brackets on both jambs — a door shut from one side, with no lock
    to open (not the closed door's bands and lock plate, nor the locked door's padlock)."""
    t = door_leaf((128, 84, 46), seams=-34, grain=3, patch=-12, salt=13)
    timber, edge, grain = (196, 146, 78), (74, 44, 20), (168, 120, 60)
    for x in range(1, 15):  # the bar, across leaf and jambs
        t.set(x, 6, edge)
        t.set(x, 10, edge)
        for y in (7, 8, 9):
            t.set(x, y, grain if (x + y) % 5 == 0 else timber)
    iron, rivet = (62, 62, 74), (176, 176, 192)
    for x in (2, 3, 12, 13):  # the brackets holding it
        for y in (5, 6, 10, 11):
            t.set(x, y, iron)
    for x in (2, 13):
        t.set(x, 5, rivet)
        t.set(x, 11, rivet)
    return t


def ledge():
    """A cyclic dungeon's ledge, the lip of a one-way drop: worn flagstone above, a pale
    lit edge across the middle, and below it the rock face falling away into shadow,
    with a chevron pointing down the way it is dropped (not the chasm's empty dark nor
    the stairs' arrows)."""
    t = floor()
    lip, face = (214, 190, 150), (70, 58, 52)
    for x in range(T):
        t.set(x, 7, lip)
        t.set(x, 8, shade(lip, -40))
        for y in range(9, T):
            c = shade(face, -3 * (y - 9))
            if (x + (y // 3)) % 5 == 0:
                c = shade(c, -14)  # cracks running down the face
            t.set(x, y, c)
    chevron = (236, 214, 170)
    for i in range(4):  # a down-pointing chevron on the face
        t.set(4 + i, 10 + i, chevron)
        t.set(11 - i, 10 + i, chevron)
    return t


def water(deep):
    """Rippled water: deep is dark blue with few highlights, shallow pale over stones."""
    t = Tile()
    base = (28, 62, 132) if deep else (82, 138, 176)
    for y in range(T):
        for x in range(T):
            c = base
            wave = (x + 2 * (y // 4) + (y % 4 == 0) * 3) % 8
            if y % 4 == 1 and wave < 3:
                c = shade(base, 46 if deep else 40)  # crest of a ripple
            elif y % 4 == 2 and wave < 3:
                c = shade(base, -14)
            elif not deep and noise(x // 2, y // 2, 11) < 0.18:
                c = shade(FLOOR, 28)  # the stony bed showing through
            elif noise(x, y, 12) < 0.08:
                c = shade(base, 12)
            t.set(x, y, c)
    return t


def lava():
    t = Tile()
    for y in range(T):
        for x in range(T):
            n = noise(x // 2, y // 2, 13)
            if n < 0.35:
                c = (246, 184, 48)  # molten, bright
            elif n < 0.7:
                c = (222, 92, 22)
            else:
                c = (92, 30, 18)  # a cooling crust
            if noise(x, y, 14) < 0.06:
                c = (255, 236, 140)
            t.set(x, y, c)
    return t


def chasm():
    """A drop into the depths: deep indigo, darker further down, with faint motes — not
    the black of ground never seen."""
    t = Tile()
    for y in range(T):
        for x in range(T):
            base = (40, 34, 72) if y < 4 else (30, 26, 58) if y < 10 else (22, 19, 46)
            c = base
            n = noise(x, y, 16)
            if n < 0.05:
                c = (92, 84, 150)  # a mote catching the light far below
            elif n < 0.25:
                c = shade(base, -6)
            t.set(x, y, c)
    return t


def bridge():
    """Planks across the dark, with a rope rail at each side."""
    t = chasm()
    plank = (140, 102, 62)
    for y in range(T):
        for x in range(2, 14):
            c = plank
            if y % 4 == 3:
                c = shade(plank, -60)  # the gap between planks
            elif y % 4 == 0:
                c = shade(plank, 20)
            elif noise(x, y, 17) < 0.2:
                c = shade(plank, -16)
            t.set(x, y, c)
    for y in range(T):
        for x in (1, 14):
            t.set(x, y, (196, 170, 110))
    return t


def trap():
    """A pressure plate with a warning mark, on the floor."""
    t = floor()
    plate = (120, 64, 128)
    for y in range(3, 13):
        for x in range(3, 13):
            c = plate
            if y == 3 or x == 3:
                c = shade(plate, 30)
            elif y == 12 or x == 12:
                c = shade(plate, -40)
            t.set(x, y, c)
    for i in range(4):  # a caret of warning
        t.set(7 - i, 6 + i, (250, 220, 90))
        t.set(8 + i, 6 + i, (250, 220, 90))
    return t


ARROW_OUTLINE = (16, 14, 20)


def arrow(t, colour, up):
    """A bold arrow in the tile's middle, pointing up or down."""
    head = ["....o....", "...oAo...", "..oAAAo..", ".oAAAAAo.", "ooooAoooo"]
    shaft = ["...oAo...", "...oAo..."][0]
    rows = head + [shaft, shaft, shaft, "...ooo..."]
    if not up:
        rows = rows[::-1]
    light = shade(colour, 50)
    for dy, row in enumerate(rows):
        for dx, ch in enumerate(row):
            x, y = 3 + dx, 3 + dy
            if ch == "o":
                t.set(x, y, ARROW_OUTLINE)
            elif ch == "A":
                t.set(x, y, light if dx < 4 else colour)


def up_stairs():
    t = floor()
    step = (150, 142, 134)
    # Steps climbing away from the viewer: narrower and lighter towards the top.
    for i, (y0, x0, x1) in enumerate([(12, 1, 15), (9, 2, 14), (6, 3, 13), (3, 4, 12)]):
        for y in range(y0, y0 + 3):
            for x in range(x0, x1):
                c = shade(step, 8 * i)
                if y == y0:
                    c = shade(c, 34)  # tread
                elif y == y0 + 2:
                    c = shade(c, -40)  # riser shadow
                t.set(x, y, c)
    arrow(t, (70, 196, 96), up=True)
    return t


def down_stairs():
    t = floor()
    # A dark opening with steps descending into it: darker as they go down.
    for y in range(2, 15):
        for x in range(2, 14):
            t.set(x, y, (14, 11, 14))
    for i, (y0, x0, x1) in enumerate([(2, 2, 14), (5, 3, 13), (8, 4, 12), (11, 5, 11)]):
        for y in range(y0, y0 + 3):
            for x in range(x0, x1):
                c = shade((136, 128, 120), -26 * i)
                if y == y0:
                    c = shade(c, 26)
                elif y == y0 + 2:
                    c = shade(c, -36)
                t.set(x, y, c)
    for y in range(2, 15):  # stone rim
        t.set(1, y, FLOOR_SEAM)
        t.set(14, y, FLOOR_SEAM)
    arrow(t, (214, 60, 60), up=False)
    return t


RUBY = {
    "o": (40, 12, 20),
    "d": (140, 18, 40),
    "r": (214, 36, 64),
    "R": (255, 150, 170),
}

GEM = [
    "................",
    "................",
    "................",
    "..ooooo.........",
    ".oRRrro.........",
    ".orrrrdo........",
    "..orrdo.........",
    "...odo..........",
    "....o...........",
    "................",
    "................",
    "................",
    "................",
    "................",
    "................",
    "................",
]


def loot():
    """A heap of coins with a ruby on top: treasure remembered, or of no known kind."""
    t = floor()
    t.stamp(ITEMS["gold"], ITEM_PALETTE)
    t.stamp(GEM, RUBY)
    return t


# ---------------------------------------------------------------- the player

PLAYER_PALETTE = {
    "o": (18, 14, 24),
    "H": (176, 182, 198),  # helmet
    "h": (236, 240, 250),
    "S": (240, 190, 140),  # skin
    "e": (30, 24, 36),
    "B": (52, 108, 220),  # tunic
    "b": (120, 168, 250),
    "L": (110, 70, 34),  # belt
    "Y": (250, 214, 80),  # buckle, hilt
    "P": (44, 50, 92),  # trousers
    "K": (96, 60, 30),  # boots
    "s": (226, 232, 244),  # blade
    "C": (196, 48, 48),  # cape
}

PLAYER = [
    "............o...",
    ".....oooo..oso..",
    "....oHhhHo.oso..",
    "...oHhHHHHooso..",
    "...oHHHHHHooso..",
    "...oSSSSSSooso..",
    "...oSeSSeSooso..",
    "....oSSSSooYYYo.",
    "...oBBBBBBoSYo..",
    "..oCbBBBBBBoSo..",
    "..oSBbBBBBBSo...",
    "..oSoLLYYLLoo...",
    "...ooPPPPPPo....",
    "....oPPooPPo....",
    "....oKKooKKo....",
    "....oooooooo....",
]


# ---------------------------------------------------------------- items

ITEM_PALETTE = {
    "o": (20, 16, 24),
    "w": (250, 250, 255),
    # gold
    "Y": (236, 190, 52),
    "y": (255, 236, 140),
    "d": (176, 120, 26),
    # food
    "T": (200, 140, 70),
    "t": (236, 186, 110),
    "M": (150, 90, 44),
    "m": (238, 230, 214),
    # potion
    "c": (150, 100, 60),
    "g": (200, 220, 236),
    "R": (220, 40, 70),
    "r": (255, 120, 150),
    # scroll
    "p": (238, 226, 190),
    "q": (200, 180, 130),
    "x": (120, 90, 60),
    # ring / amulet gems
    "G": (60, 210, 120),
    "E": (70, 130, 240),
    "e": (170, 210, 255),
    # wand
    "W": (120, 80, 40),
    "V": (160, 112, 64),
    "z": (255, 250, 180),
    # dagger
    "s": (210, 216, 230),
    "S": (150, 156, 172),
    "h": (110, 60, 30),
    # armour
    "A": (140, 92, 48),
    "a": (176, 122, 70),
    "k": (96, 62, 32),
    # rune stone
    "N": (118, 122, 140),
    "n": (168, 172, 190),
    "D": (78, 80, 96),
    "C": (120, 240, 255),
}

ITEMS = {
    "gold": [
        "................",
        "................",
        "................",
        "................",
        "......oooooo....",
        ".....oyyYYYdo...",
        ".....oooooooo...",
        ".....oyYYYYdo...",
        "..ooooooooooo...",
        ".oyyYYdoyYYYdo..",
        ".oooooooooooooo.",
        ".oyYYYdoyyYYYdo.",
        ".oooooooooooooo.",
        ".oyYYYYdyYYYYdo.",
        "..oooooooooooo..",
        "................",
    ],
    "food": [
        "................",
        "................",
        "................",
        "..........oo....",
        ".........omwo...",
        "........omwo....",
        "......ooomo.....",
        "....ooMMMoo.....",
        "...oMttMMMo.....",
        "..oMttTTTMMo....",
        "..oMtTTTTTMo....",
        "..oMTTTTTTMo....",
        "..oMMTTTTMMo....",
        "...oMMMMMMo.....",
        "....oooooo......",
        "................",
    ],
    "potion": [
        "................",
        "......oooo......",
        "......occo......",
        "......oooo......",
        ".......ogo......",
        ".......ogo......",
        "......oggo......",
        ".....owgggo.....",
        "....ogwRRRgo....",
        "....owRRRRRo....",
        "...ogRRrRRRRo...",
        "...ogRRRRRRRo...",
        "...ogRRRRRRRo...",
        "....ogRRRRRo....",
        ".....ooooooo....",
        "................",
    ],
    "scroll": [
        "................",
        "................",
        "...oooooooooo...",
        "..oqpppppppppo..",
        "..oqoooooooqpo..",
        "...opppppppppo..",
        "...opxxpxxxppo..",
        "...oppppppppo...",
        "...opxxxpxxpo...",
        "...oppppppppo...",
        "..opxxpxxxppo...",
        "..oppppppppoo...",
        ".oqooooooooqo...",
        ".oqpppppppppo...",
        "..ooooooooooo...",
        "................",
    ],
    "ring": [
        "................",
        "................",
        "................",
        "......oooo......",
        ".....oEeEEo.....",
        ".....oEEEEo.....",
        "......oooo......",
        ".....oyYYdo.....",
        "....oYoooodo....",
        "...oyo....odo...",
        "...oYo....odo...",
        "...oYo....odo...",
        "....oYooooddo...",
        ".....odddddo....",
        "......ooooo.....",
        "................",
    ],
    "wand": [
        "................",
        "..........z.....",
        "...........z.z..",
        "........z.ooo...",
        "..........owzo..",
        "..........ozwoz.",
        ".........oVooo..",
        "........oVWo..z.",
        ".......oVWo.....",
        "......oVWo......",
        ".....oVWo.......",
        "....oVWo........",
        "...oVWo.........",
        "..oVWo..........",
        "..ooo...........",
        "................",
    ],
    "dagger": [
        "................",
        "............oo..",
        "...........osSo.",
        "..........osSo..",
        ".........osSo...",
        "........osSo....",
        ".......osSo.....",
        "......osSo......",
        "..oo.osSo.......",
        "..oYooSo........",
        "...oYYo.........",
        "...ohYYo........",
        "..ohoooYo.......",
        ".ohho..oo.......",
        ".oYo............",
        "..o.............",
    ],
    "armour": [
        "................",
        "................",
        "...ooo....ooo...",
        "..oaAAo..oAAao..",
        "..oaAAAooAAAao..",
        ".oaAAAAAAAAAAao.",
        ".oaAAkAAAAkAAao.",
        ".ooaAAkAAkAAaoo.",
        "...oaAAAAAAao...",
        "...oaAYAAYAao...",
        "...oaAAAAAAao...",
        "...okkkkkkkko...",
        "...oaAAAAAAao...",
        "...oaAAAAAAao...",
        "....oooooooo....",
        "................",
    ],
    "amulet": [
        "................",
        "....oooooooo....",
        "...oYo....oYo...",
        "..oYo......oYo..",
        "..oYo......oYo..",
        "..oYo......oYo..",
        "...oYo....oYo...",
        "....oYo..oYo....",
        ".....oYooYo.....",
        "......oYYo......",
        ".....oYddYo.....",
        "....oYGGGGdo....",
        "....oYGwGGdo....",
        "....oYGGGGdo....",
        ".....oddddo.....",
        "......oooo......",
    ],
    "key": [
        "................",
        "................",
        "................",
        "...oooo.........",
        "..oyYYdo........",
        ".oyo..oYo.......",
        ".oYo..oYoooooooo",
        ".oYo..oYYYYYYYdo",
        ".odYooYdoooYdoYo",
        "..oddddo...oo.oo",
        "...oooo.........",
        "................",
        "................",
        "................",
        "................",
        "................",
    ],
    "rune": [
        "................",
        "................",
        ".....oooooo.....",
        "....onNNNNNo....",
        "...onNNNCNNDo...",
        "...oNNNCNCNDo...",
        "...oNNCNNNCDo...",
        "...oNNNCNCNDo...",
        "...oNNNNCNNDo...",
        "...oNNNNCNNDo...",
        "...oNNNCNCNDo...",
        "...oNNCNNNCDo...",
        "...oNNNNNNNDo...",
        "...oDDDDDDDDo...",
        "....oooooooo....",
        "................",
    ],
}

ITEM_ORDER = ["gold", "food", "potion", "scroll", "ring", "wand", "dagger", "armour", "amulet", "rune", "key"]


# ---------------------------------------------------------------- monsters
# One palette for all: an outline, eyes, teeth, and per-monster body shades named by
# letter (or digit or sign, once the letters ran out). Order is the glyph order of
# src/front/render/tileset.rs MONSTER_GLYPHS: the first MONSTERS_IN_ROWS_4_5 fill rows 4
# and 5, the rest row 8.

MONSTER_PALETTE = {
    "o": (16, 12, 18),
    "e": (255, 60, 40),     # glowing eyes
    "w": (245, 245, 235),   # teeth, claws
    "p": (236, 150, 170),   # pink (rat tail, ears)
    "g": (128, 118, 110),   # rat grey
    "G": (176, 166, 156),
    "j": (178, 132, 70),    # jackal tan
    "J": (218, 178, 112),
    "s": (112, 150, 60),    # slug green
    "S": (168, 204, 96),
    "k": (172, 88, 44),     # kobold rust
    "K": (222, 132, 72),
    "n": (70, 120, 60),     # goblin green
    "N": (110, 168, 88),
    "c": (92, 60, 40),      # leather
    "b": (70, 60, 90),      # bat purple-grey
    "B": (118, 104, 146),
    "r": (150, 110, 84),    # ogre hide
    "R": (196, 150, 116),
    "v": (120, 140, 190),   # wraith pale blue
    "V": (200, 214, 250),
    "t": (60, 100, 70),     # troll moss
    "T": (96, 146, 100),
    "h": (96, 30, 80),      # horror violet
    "H": (168, 64, 140),
    "y": (240, 200, 60),    # horror eyes, ogre club, coin, sparks, flame, dragon belly
    "m": (100, 62, 34),     # monkey brown
    "M": (150, 100, 56),
    "f": (232, 190, 142),   # bare skin: monkey face, pixie, centaur
    "l": (26, 92, 96),      # eel blue-green
    "L": (58, 146, 136),
    "E": (150, 204, 164),   # eel belly
    "~": (40, 86, 160),     # water
    "=": (120, 178, 230),   # ripples
    "d": (150, 98, 48),     # wood: bows, staff
    "i": (234, 228, 210),   # bowstring, bone
    "a": (136, 162, 34),    # cobra yellow-green
    "A": (202, 216, 80),
    "x": (70, 88, 16),      # cobra hood marks
    "z": (176, 255, 96),    # venom
    "u": (84, 44, 130),     # conjurer's robe
    "U": (136, 86, 200),
    "C": (100, 210, 255),   # magic glow, pixie wings, golem eyes
    "I": (224, 255, 255),   # the glow's heart
    "P": (255, 100, 184),   # pixie pink
    "1": (60, 96, 170, 210),    # spectral blade: see-through edge,
    "2": (150, 196, 250, 160),  # blade,
    "3": (224, 242, 255, 220),  # gleam,
    "4": (130, 180, 255, 70),   # and faint aura
    "5": (58, 62, 30),      # bog murk
    "6": (96, 100, 48),
    "7": (140, 134, 70),
    "F": (240, 118, 38),    # salamander orange
    "X": (178, 46, 22),     # salamander red, shaman feathers
    "Y": (255, 244, 170),   # flame's tip
    "q": (96, 118, 88),     # zombie grey-green
    "Q": (146, 168, 130),
    "+": (84, 74, 94),      # zombie rags
    "%": (120, 68, 36),     # centaur's horse chestnut
    "&": (176, 110, 60),
    "8": (84, 84, 96),      # golem stone
    "9": (132, 132, 144),
    "0": (184, 184, 194),
    "D": (200, 40, 36),     # dragon red
    "W": (118, 18, 30),     # dragon wings
}

MONSTERS = [
    [  # rat
        "................",
        "................",
        "................",
        "................",
        "................",
        "......oo........",
        ".....opGo.......",
        "....oGGGGooo....",
        "...oGeGGGGGGo...",
        "..owGGGGGGGGGo..",
        "...ooGGgGGGGGo..",
        ".....oggogggo.pp",
        ".....ow.o.owopp.",
        "......o...o.pp..",
        "................",
        "................",
    ],
    [  # jackal
        "................",
        "..o.o...........",
        ".oJoJo..........",
        ".oJJJJo.........",
        "oJeJJJJo........",
        "owJJJJJo........",
        ".oowJJJooooooo..",
        "...oJJJJJJJJJJo.",
        "...ojJJJJJJJJJJo",
        "...ojjJJJJJJJJo.",
        "....ojjjjjjjjo..",
        "....oj.oj.oj.jo.",
        "....oj.oj.oj.oj.",
        "....oo.oo.oo.oo.",
        "................",
        "................",
    ],
    [  # giant slug
        "................",
        "................",
        "................",
        "..o...o.........",
        "..e...e.........",
        "..o...o.........",
        "..oo.oo.........",
        ".oSSSSSo........",
        "oSSsSSSSooo.....",
        "oSSSSSSSSSSoo...",
        "oSsSSSSsSSSSSoo.",
        "osssssssssssssso",
        ".oooooooooooooo.",
        "................",
        "................",
        "................",
    ],
    [  # kobold
        "................",
        "....o....o......",
        "....oKo.oKo.....",
        "....oKKoKKo.....",
        "...oKKKKKKKo....",
        "...oKeKKKeKo....",
        "...oKKKwKKKo....",
        "....owowowo.....",
        "...oKkkkkkKo..o.",
        "..oKockkkcoKoowo",
        "..oKoccccckoKowo",
        "...o.kkkkk.o.owo",
        ".....oK.Ko....o.",
        ".....oK.Ko......",
        "....ooo.ooo.....",
        "................",
    ],
    [  # goblin skulker
        "................",
        ".....oooooo.....",
        "...ooccccccoo...",
        "..occcccccccco..",
        ".oNoccNNNNcco...",
        "oNNooNeNNeNoo...",
        ".oo.oNNNNNNo....",
        "....oNwwwwNo....",
        "...occNNNNcco...",
        "..occcccccccco..",
        "..oNoccccccoNo.o",
        "..oNocccccco.oww",
        "....oNNoNNo..o..",
        "....oNNoNNo.....",
        "....oooooooo....",
        "................",
    ],
    [  # cave bat
        "................",
        "................",
        "................",
        "o.............o.",
        "oBo....oo....oBo",
        "oBBo..oBBo..oBBo",
        "obBBooBeeBooBBbo",
        "obbBBBBBBBBBBbbo",
        ".obbBBBwwBBBbbo.",
        "..obb.oBBo.bbo..",
        "...oo..oo...oo..",
        "................",
        "................",
        "................",
        "................",
        "................",
    ],
    [  # ogre
        "......oooo......",
        ".....oRRRRo.....",
        "....oReRReRo....",
        "....oRRRRRRo....",
        "....oRwRRwRo...o",
        ".....oRRRRo...oy",
        "...ooRRRRRRoooyo",
        "..oRRRrrrrRRRoyo",
        ".oRRoRrrrrRoRyo.",
        ".oRo.RrrrrR.oyo.",
        ".oRooccccccoo...",
        "..oo.occcco.....",
        ".....oRRoRRo....",
        ".....oRRoRRo....",
        "....ooRRoRRoo...",
        "....oooooooooo..",
    ],
    [  # wraith
        "......oooo......",
        ".....oVVVVo.....",
        "....oVvvvvVo....",
        "....oveVVevo....",
        "....ovvvvvvo....",
        "...oVvvoovvVo...",
        "..oVvvVVVVvvVo..",
        ".oVo.vVVVVv.oVo.",
        ".ow..vVVVVv..wo.",
        ".....vVVVVv.....",
        "....ovVVVVvo....",
        "....ovVvvVvo....",
        "...ovVo.ovVo....",
        "...ov.o.o.vo....",
        "..o..o...o..o...",
        "................",
    ],
    [  # troll
        "................",
        ".....ooooo......",
        "....oTTTTTo.....",
        "...oTeTTTeTo....",
        "...oTTTTTTTo....",
        "...oTwTwTwTo....",
        "..ooTTTTTTToo...",
        ".oTTTttttttTTo..",
        "oTToTtttttToTTo.",
        "oTo.TtttttT.oTo.",
        "owo.TtttttT.owo.",
        "....oTTTTTTo....",
        "....oTToTTo.....",
        "....oTToTTo.....",
        "...ooTToTToo....",
        "...oooooooooo...",
    ],
    [  # horror
        "..o.........o...",
        ".oHo..ooo..oHo..",
        "..oHooHHHooHo...",
        "...oHHHHHHHo....",
        "..oHHyHHHyHHo...",
        ".oHHHHHHHHHHHo..",
        ".oHhwHwHwHwhHo..",
        "oHHhhhhhhhhhHHo.",
        "oHohHHHHHHHhoHo.",
        "oHohhhHHHhhhoHo.",
        ".o.ohHhhhHho.o..",
        "..ohHo.o.oHho...",
        ".ohHo.......oHho",
        ".oHo.........oHo",
        "..o...........o.",
        "................",
    ],
    [  # monkey
        "................",
        "................",
        "....oooooo......",
        "...omMMMMmo.....",
        ".oomMMMMMMmoo...",
        "ofoMfeffefMofo..",
        "ofoMffffffMofo..",
        ".ooMMfwwfMMoooo.",
        "...ommmmmmo.oMMo",
        "..oMMMMMMMMooMoo",
        ".oMoMoooMoMo.oMo",
        ".oMfoyyyofMo.oMo",
        "..oMoooooMo.oMo.",
        "..omMMoMMmooMo..",
        "..offo.offoMo...",
        "..oooo.ooooo....",
    ],
    [  # eel
        "................",
        "................",
        "................",
        ".oooo...........",
        "oLLLLo....oooo..",
        "oLeLLLo..oLLLLo.",
        "owwoELo.oLLooLLo",
        ".oo.oELoLLo.oELo",
        "....oEELLo..oELo",
        "..==oELLLo==oELo",
        ".==~~oooo~~~~oo=",
        "...==~~~~~~~==..",
        "................",
        "................",
        "................",
        "................",
    ],
    [  # goblin archer
        "................",
        "...oooo.....oo..",
        "..oNNNNo...oddo.",
        "ooNNNNNNoo.ioodo",
        "oNoNeNeoNo.i.odo",
        ".ooNNNNNoo.i..od",
        "...oNwwNo..i..od",
        "..oocccoooNNo.od",
        ".oNccccNNNNNNNod",
        ".oNocccco..i..od",
        ".oNocccco..i..od",
        "..oonnnno..i.odo",
        "...onoono..ioodo",
        "...onoono...oddo",
        "..ooooooo....oo.",
        "................",
    ],
    [  # spitting cobra
        "......oooo......",
        ".....oAAAAo..z..",
        "....oAeAAeAo.z.z",
        "...ooAAAAAAoo.z.",
        "..oAaoAAAAoaAo..",
        ".oAaxaoeeoaxaAo.",
        ".oAaxaeaaeaxaAo.",
        ".oAaaaaAAaaaaaAo",
        "..oAaaaAAaaaaAo.",
        "...ooaaAAaaoo...",
        ".....oaAAao.....",
        "..oooaaAAaaooo..",
        ".oAAAaaaaaaAAAo.",
        "oaAAAAAAAAAAAAao",
        ".oaaaaaaaaaaaao.",
        "..oooooooooooo..",
    ],
    [  # goblin conjurer
        "......oo........",
        ".....oUUo.......",
        "....oUuUUo......",
        "...oUUuUUUo.....",
        "..ooooooooooo...",
        ".oNoNeNNeNoNo...",
        "..ooNNwwNNoo.CC.",
        "...oNNNNNNo.CIIC",
        "..oUUUUUUUUoCIIC",
        ".oUuUUUUUUUNoCC.",
        ".oNoUUUUUUuoo...",
        "..ooUUUUUUuo....",
        "...oUUUUUUUuo...",
        "..oUUUUUUUUUuo..",
        "..oooooooooooo..",
        "................",
    ],
    [  # spectral blade
        "................",
        ".......11.......",
        "......1331......",
        ".......11.......",
        "......1221......",
        "..111111111111..",
        "..1I33322333I1..",
        "..111132231111..",
        "....41322214....",
        "....41322214....",
        "....41322214....",
        "....41322214....",
        "....41322214....",
        ".....413214.....",
        "......4114......",
        ".......44.......",
    ],
    [  # pixie
        "................",
        "..y.........y...",
        ".ooo..oooo..ooo.",
        "oCICooPPPPooCICo",
        "oCIICoPffPoCIICo",
        "oCIICoeffeoCIICo",
        ".oCICoffffoCICo.",
        "..oCCooPPooCCo..",
        "...ooofPPfooo...",
        ".....oPPPPo..y..",
        "....oPPPPPPo....",
        ".....oooooo.....",
        "......ofof......",
        "......oo.oo.....",
        "....y...........",
        "................",
    ],
    [  # bog monster
        "................",
        "oo............oo",
        "o6o..........o6o",
        ".o6o........o6o.",
        ".o66o.oooo.o66o.",
        "..o66o7766o66o..",
        "..o66e6666e66o..",
        ".o666666666666o.",
        ".o66owowowow66o.",
        "o66666666666666o",
        "o65666656666566o",
        "o55655655655655o",
        ".o5o55o55o55o5o.",
        "..o.oo.oo.oo.o..",
        "................",
        "................",
    ],
    [  # salamander
        "................",
        "............Y...",
        "...........yYy..",
        "..........oyYFo.",
        "..........oFyFo.",
        "..........oXFo..",
        ".ooooo....oXo...",
        "oFFFFFoo..oXo...",
        "oFeFFFFFooXo....",
        "owFFyFFyFFXo....",
        ".ooXXFFFFFXo....",
        "..oXoXXXXoXo....",
        ".oXo.oXo.oXo....",
        ".oo..oo..oo.....",
        "................",
        "................",
    ],
    [  # zombie
        "................",
        "....ooooo.......",
        "...oQQQQQo......",
        "...oQeQeQo......",
        "...oQQQQQo......",
        "...oQwwwQo......",
        "...ooQQQoo......",
        "..o++++++ooooooo",
        "..o+++QQQQQQQQQo",
        "..o+++ooooooQQQo",
        "..o+++++o...ooo.",
        "..oq++++o.......",
        "...oqqqqo.......",
        "...oqooqo.......",
        "..ooqooqoo......",
        "..oooooooo......",
    ],
    [  # centaur
        "..o.oooo........",
        ".odoommmmo......",
        "odioofemmo......",
        "odio.ffmmo......",
        "odio.offo.......",
        "offfffffffo.....",
        "odio.offfffo....",
        "odio.offffo..oo.",
        ".odooo&&&&&ooomo",
        "..io%&&&&&&&&omo",
        "...o%&&&&&&&%omo",
        "....o%%%%%%%%o.m",
        "....o%o%o.o%o%o.",
        "....o%o%o.o%o%o.",
        "....owowo.owowo.",
        "....ooooo.ooooo.",
    ],
    [  # ogre shaman
        "..oiio..oXyXo...",
        ".oieieo.ooooo...",
        ".oiiiiooRRRRRo..",
        "..owwo.oReRReRo.",
        "...oo..oRRRRRRo.",
        "...od..oRwRRwRo.",
        "...od...oRRRRo..",
        "...odooRRRRRRRRo",
        "...odRRrrrrrrRRo",
        "...odoRoiiiiroRo",
        "...od.oRrrrrRoRo",
        "...od.occcccco..",
        "...od..oRRoRRo..",
        "...od..oRRoRRo..",
        "...od.ooRRoRRoo.",
        "...oo.ooooooooo.",
    ],
    [  # golem
        "................",
        ".....oooooo.....",
        ".....o0999o.....",
        ".....o9C9C9o....",
        ".....o98889o....",
        "..oooooooooooo..",
        ".o00999999990o..",
        "o009o999989o990o",
        "o999o998999o999o",
        "o999o999999o999o",
        "o888o889999o888o",
        ".ooo.o999989oooo",
        ".....o999o999o..",
        ".....o999o999o..",
        "....o0999o9990o.",
        "....oooooooooooo",
    ],
    [  # dragon
        "o..............o",
        "Wo....o..o....oW",
        "oWo..oDooDo..oWo",
        "oWWo.oDDDDo.oWWo",
        "oWWWooDyDyooWWWo",
        "oWWWWoDDDDoWWWWo",
        "oWWWWWoDwwoWWWWo",
        ".oWWWoDDDDDoWWWo",
        "..oWoDDyyyDDoWo.",
        "...oDDyyyyyDDo..",
        "...oDDyyyyyDDo..",
        "....oDDyyyDDo.oo",
        "...oDDoDDDoDDoDo",
        "..owDo.oDDDDDDo.",
        "...oo...oooooo..",
        "................",
    ],
]


# ---------------------------------------------------------------- dimming

def dim(tile):
    """The remembered look: desaturated, darkened and cooled towards blue-grey."""
    out = Tile()
    for y in range(T):
        for x in range(T):
            r, g, b, a = tile.get(x, y)
            if a == 0:
                continue
            lum = 0.30 * r + 0.59 * g + 0.11 * b
            out.set(x, y, (int(lum * 0.30 + 8), int(lum * 0.32 + 10), int(lum * 0.40 + 22), a))
    return out


# ---------------------------------------------------------------- PNG

def write_png(path, width, height, pixels, scale=1):
    """Writes RGBA rows (lists of 4-tuples) as a PNG, each pixel `scale` times."""
    raw = bytearray()
    for row in pixels:
        line = bytearray()
        for p in row:
            line += bytes(p) * scale
        for _ in range(scale):
            raw.append(0)  # filter type: none
            raw += line

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width * scale, height * scale, 8, 6, 0, 0, 0)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)


def main():
    terrain = [wall(), floor(), door(), up_stairs(), down_stairs(), loot(), Tile().stamp(PLAYER, PLAYER_PALETTE), barred_door()]
    items = [Tile().stamp(ITEMS[name], ITEM_PALETTE) for name in ITEM_ORDER]
    tiles = terrain + [dim(t) for t in terrain] + items
    tiles += [Tile()] * (4 * COLUMNS - len(tiles))
    monsters = [Tile().stamp(rows, MONSTER_PALETTE) for rows in MONSTERS]
    tiles += monsters[:MONSTERS_IN_ROWS_4_5]
    tiles += [Tile()] * (6 * COLUMNS - len(tiles))
    # The terrain of the feature layer, in the order of `terrain_picture`.
    features = [closed_door(), water(True), water(False), lava(), chasm(), bridge(), trap(), locked_door()]
    tiles += features + [dim(t) for t in features]
    # The monsters that did not fit in rows 4 and 5 go on below the features.
    tiles += monsters[MONSTERS_IN_ROWS_4_5:]
    tiles += [Tile()] * (10 * COLUMNS - len(tiles))
    # Terrain added later, with its dim look a row below.
    later = [ledge()]
    later += [Tile()] * (COLUMNS - len(later))
    tiles += later + [dim(t) for t in later]
    tiles += [Tile()] * (COLUMNS * ROWS - len(tiles))
    assert len(tiles) == COLUMNS * ROWS, f"{len(tiles)} tiles"

    width, height = COLUMNS * T, ROWS * T
    sheet = [[CLEAR] * width for _ in range(height)]
    for i, tile in enumerate(tiles):
        ox, oy = (i % COLUMNS) * T, (i // COLUMNS) * T
        for y in range(T):
            for x in range(T):
                sheet[oy + y][ox + x] = tile.get(x, y)

    here = os.path.dirname(os.path.abspath(__file__))
    write_png(os.path.join(here, "tileset.png"), width, height, sheet)
    if "--preview" in sys.argv:
        # Transparent pixels shown magenta, so the sprites' outlines can be checked.
        backdrop = [[p if p[3] else (255, 0, 255, 255) for p in row] for row in sheet]
        preview = sys.argv[sys.argv.index("--preview") + 1] if sys.argv[-1] != "--preview" else "tileset_preview.png"
        write_png(preview, width, height, backdrop, scale=8)


if __name__ == "__main__":
    main()

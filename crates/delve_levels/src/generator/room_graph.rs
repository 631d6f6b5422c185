//! The room graph of a room dungeon: its rooms and the corridors joining them (a spanning
//! tree, then the extra connections that make cycles). The rooms generator makes it; the
//! vault placement and the level measures read it.

/// The rooms of a dungeon and how they are joined.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoomGraph {
    /// Each room's rectangle of floor: (left, top, width, height) in tiles, and its grid cell.
    pub rooms: Vec<Room>,
    /// Pairs of room indices joined by a corridor, tree edges first.
    pub connections: Vec<(usize, usize)>,
    /// How many of `connections` (the last ones) were added as cycles.
    pub cycles_added: usize,
}

/// One room: its floor rectangle and the grid cell it stands in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Room {
    /// Leftmost floor column.
    pub x: i32,
    /// Topmost floor row.
    pub y: i32,
    /// Floor width.
    pub width: i32,
    /// Floor height.
    pub height: i32,
    /// Grid cell column.
    pub cell_x: i32,
    /// Grid cell row.
    pub cell_y: i32,
}

impl Room {
    /// Its floor tiles, row by row.
    pub fn floor(&self) -> impl Iterator<Item = crate::grid::Pos> + use<> {
        let Room {
            x,
            y,
            width,
            height,
            ..
        } = *self;
        (y..y + height).flat_map(move |y| (x..x + width).map(move |x| crate::grid::Pos::new(x, y)))
    }
}

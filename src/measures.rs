//! Level measures: what a level designer reads off a map — how much of it is floor, how
//! many loops it has and how much floor lies on one, its dead ends, its chokepoints and
//! how much each cuts off (Brogue's `chokeMap`), how long the walk from the up stairs to
//! the down stairs is against the longest walk the level has (linearity, after Smith and
//! Whitehead), how much of the floor is a step from harm (leniency, theirs too), how much
//! of the walk between the stairs has a way round (path redundancy), and for room
//! dungeons the share of floor in rooms. [`LevelMeasures::of_level`] gives one summary per
//! level; `delve stats` gathers their distributions and plots them.
//!
//! Everything walks the level's *walkable graph*: walkable tiles, joined to their
//! orthogonal neighbours (the steps the stair rule and `stats` measure in). Pure core: no
//! Bevy, and every measure is exact (the longest walk too: [`diameter`]).

mod graph;

use std::fmt;

use delve_levels::analysis::walkable::WalkableGraph;
use delve_levels::generator::{Level, RoomGraph};
use delve_levels::grid::{Grid, Pos, Tile};

pub use graph::{CutTiles, cut_tiles, diameter};

/// One level's measures. Counts are of tiles (or of cycles); shares are derived by the
/// methods, in per mille. "Reachable" is what a player can walk to from the start (the
/// up stairs): the chokepoints, loops-share, dead ends and walks are measured there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelMeasures {
    /// All tiles of the map.
    pub tiles: u32,
    /// Walkable tiles (floor, doors, stairs, loot).
    pub floor: u32,
    /// Walkable tiles reachable from the start.
    pub reachable: u32,
    /// Independent cycles of the walkable graph: edges − vertices + components.
    pub cycles: u32,
    /// 2×2 blocks of walkable tiles. Each is a cycle of its own (the smallest one, with
    /// no wall inside), so open areas have many.
    pub open_squares: u32,
    /// Loops around walls: the independent cycles that are not a 2×2 block, one for each
    /// pillar or island of wall that floor goes all the way round (`cycles −
    /// open_squares`, by Euler's formula for the plane).
    pub loops: u32,
    /// Reachable tiles lying on some cycle (a tile joined to a neighbour by a step whose
    /// loss would not split the level).
    pub on_cycle: u32,
    /// Reachable tiles with exactly one walkable neighbour.
    pub dead_ends: u32,
    /// Reachable tiles whose blocking splits the reachable part in two or more.
    pub chokepoints: u32,
    /// The most tiles any one chokepoint cuts off from the largest part it leaves (a
    /// chokepoint that splits the level in three can cut off more than half).
    pub largest_cut: u32,
    /// Reachable tiles with no hazard ([`Tile::is_hazard`]: deep water, lava, a chasm, a
    /// trap) and no monster a vault puts there on any of their eight neighbours: the
    /// floor where one step, a stumble or a wrong key, harms no one.
    pub hazard_free: u32,
    /// The chokepoints between the stairs: tiles every walk from the start to the exit
    /// passes, the stairs themselves not counted (`None`: the exit is not reachable).
    pub stair_chokepoints: Option<u32>,
    /// Walking distance from the start to the exit (`None`: the exit is not reachable).
    pub start_to_exit: Option<u32>,
    /// The longest walking distance between two reachable tiles (exact).
    pub diameter: u32,
    /// Walkable tiles inside rooms, for room dungeons (the rest is corridors and doors).
    pub room_tiles: Option<u32>,
}

impl LevelMeasures {
    /// The measures of a generated level: from its up stairs, to its down stairs, with
    /// its rooms when it has them and the monsters its vaults put on it.
    pub fn of_level(level: &Level) -> LevelMeasures {
        let monsters: Vec<Pos> = level.vault_monsters.iter().map(|m| m.pos).collect();
        LevelMeasures::measure(
            &level.tiles,
            (level.up, level.down),
            level.rooms.as_ref(),
            &monsters,
        )
    }

    /// The measures of any map, walked from `start` to `exit`. `rooms`, when given,
    /// splits the floor into rooms and corridors.
    pub fn of_tiles(
        tiles: &Grid<Tile>,
        start: Pos,
        exit: Pos,
        rooms: Option<&RoomGraph>,
    ) -> LevelMeasures {
        LevelMeasures::measure(tiles, (start, exit), rooms, &[])
    }

    /// The measures of a map with `monsters` standing on it.
    fn measure(
        tiles: &Grid<Tile>,
        (start, exit): (Pos, Pos),
        rooms: Option<&RoomGraph>,
        monsters: &[Pos],
    ) -> LevelMeasures {
        let graph = WalkableGraph::of(tiles);
        let start_index = graph.index(start);
        let cuts = cut_tiles(&graph, start_index, graph.index(exit));
        let whole = whole_graph_counts(tiles, &graph, cuts.reached.len());
        let dead_ends = cuts
            .reached
            .iter()
            .filter(|&&i| graph.degree(i) == 1)
            .count() as u32;
        let walk = graph::Walk::new(&graph);
        let (exit_distance, diameter) = walk.exit_and_diameter(start_index, graph.index(exit));
        LevelMeasures {
            tiles: tiles.len() as u32,
            floor: whole.vertices,
            reachable: cuts.reached.len() as u32,
            cycles: whole.cycles(),
            open_squares: whole.open_squares,
            loops: whole.cycles() - whole.open_squares,
            on_cycle: cuts.on_cycle,
            dead_ends,
            chokepoints: cuts.chokepoints(),
            largest_cut: cuts.largest_cut(),
            hazard_free: hazard_free(tiles, &graph, &cuts.reached, monsters),
            stair_chokepoints: cuts.separating,
            start_to_exit: exit_distance,
            diameter,
            room_tiles: rooms.map(|graph| room_tiles(tiles, graph)),
        }
    }

    /// Walkable tiles as a share of all tiles, per mille.
    pub(crate) fn density_permille(&self) -> u32 {
        permille(self.floor, self.tiles)
    }

    /// Reachable tiles as a share of walkable ones, per mille.
    pub(crate) fn reachable_permille(&self) -> u32 {
        permille(self.reachable, self.floor)
    }

    /// Reachable tiles on a cycle as a share of reachable ones, per mille.
    pub(crate) fn on_cycle_permille(&self) -> u32 {
        permille(self.on_cycle, self.reachable)
    }

    /// The largest cut as a share of the reachable tiles, per mille.
    pub(crate) fn largest_cut_permille(&self) -> u32 {
        permille(self.largest_cut, self.reachable)
    }

    /// Linearity: the start→exit walk as a share of the longest walk, per mille (1000: the
    /// stairs are as far apart as two tiles can be).
    pub fn linearity_permille(&self) -> Option<u32> {
        self.start_to_exit.map(|d| permille(d, self.diameter))
    }

    /// Leniency (Smith & Whitehead's, for a level one walks on): the share of the
    /// reachable floor with no hazard and no vault's monster a step away, per mille (1000:
    /// nothing on the level can hurt a wanderer). Hazards are what the level carries:
    /// deep water, lava, chasms and traps (hidden ones too: leniency is the designer's
    /// view). The monsters a run brings in by depth are not the level's and are left
    /// out; a locked door is a gate, not a hazard.
    pub fn leniency_permille(&self) -> u32 {
        permille(self.hazard_free, self.reachable)
    }

    /// Path redundancy: of the tiles a shortest walk between the stairs passes (the stairs
    /// not counted), the share that can be blocked with the stairs still joined, per
    /// mille (0: one way only, as in a perfect maze; 1000: a way round every tile).
    /// Every tile that separates the stairs lies on every walk between them, so the
    /// share is the same whichever shortest walk is taken. `None` when the exit is not
    /// reachable; 1000 when the stairs are side by side.
    pub fn path_redundancy_permille(&self) -> Option<u32> {
        let between = self.start_to_exit?.saturating_sub(1);
        let cut = self.stair_chokepoints?;
        Some(if between == 0 {
            1000
        } else {
            permille(between - cut, between)
        })
    }

    /// Floor in rooms as a share of all walkable tiles, per mille (room dungeons).
    pub fn room_permille(&self) -> Option<u32> {
        self.room_tiles.map(|r| permille(r, self.floor))
    }
}

/// `part / whole` in per mille, rounded down (0 for an empty whole).
fn permille(part: u32, whole: u32) -> u32 {
    (part as u64 * 1000).checked_div(whole as u64).unwrap_or(0) as u32
}

/// Vertices, edges, components and 2×2 blocks of the whole walkable graph.
struct WholeGraphCounts {
    vertices: u32,
    edges: u32,
    components: u32,
    open_squares: u32,
}

impl WholeGraphCounts {
    /// Independent cycles: edges − vertices + components.
    fn cycles(&self) -> u32 {
        self.edges + self.components - self.vertices
    }
}

/// The counts over the padded graph; `reached` is the size of one component (the rest
/// are counted only when there is a rest).
fn whole_graph_counts(
    tiles: &Grid<Tile>,
    graph: &WalkableGraph,
    reached: usize,
) -> WholeGraphCounts {
    let open = graph.open_cells();
    let stride = graph.stride();
    let (mut vertices, mut edges, mut open_squares) = (0u32, 0u32, 0u32);
    // Rows 1..=height of the padded map (the ring below them is closed, and the last
    // tile of the last row is ring too).
    for i in stride..open.len() - stride - 1 {
        let here = open[i] as u32;
        let right = here & open[i + 1] as u32;
        let below = here & open[i + stride] as u32;
        vertices += here;
        edges += right + below;
        open_squares += right & below & open[i + stride + 1] as u32;
    }
    let components = if vertices as usize == reached {
        (reached > 0) as u32
    } else {
        delve_levels::analysis::regions::count_regions(tiles) as u32
    };
    WholeGraphCounts {
        vertices,
        edges,
        components,
        open_squares,
    }
}

/// The reached tiles (padded indices) with no hazard and no monster on any of their
/// eight neighbours.
fn hazard_free(
    tiles: &Grid<Tile>,
    graph: &WalkableGraph,
    reached: &[usize],
    monsters: &[Pos],
) -> u32 {
    let harmless = |p: Pos| tiles.get(p).is_none_or(|t| !t.is_hazard()) && !monsters.contains(&p);
    if monsters.is_empty() && !tiles.cells().iter().any(|t| t.is_hazard()) {
        return reached.len() as u32;
    }
    reached
        .iter()
        .filter(|&&i| {
            let at = graph.pos(i);
            tiles.neighbours8(at).all(harmless)
        })
        .count() as u32
}

/// Walkable tiles inside the rooms' rectangles.
fn room_tiles(tiles: &Grid<Tile>, graph: &RoomGraph) -> u32 {
    let mut count = 0;
    for room in &graph.rooms {
        for y in room.y..room.y + room.height {
            for x in room.x..room.x + room.width {
                count += tiles.is_walkable(Pos::new(x, y)) as u32;
            }
        }
    }
    count
}

/// What `delve stats` tabulates and plots of each level: one number per level in the
/// measure's [`Unit`], or none where the measure does not apply to the generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Measure {
    /// Walkable share of the map.
    Density,
    /// Reachable share of the walkable tiles.
    Reachable,
    /// Independent cycles of the walkable graph.
    Cycles,
    /// Loops around walls (cycles that are not a 2×2 block of floor).
    Loops,
    /// Share of the reachable floor lying on a cycle.
    OnCycle,
    /// Tiles with one walkable neighbour.
    DeadEnds,
    /// Tiles whose blocking splits the level.
    Chokepoints,
    /// The most floor one chokepoint cuts off, as a share of the reachable floor.
    LargestCut,
    /// Walking distance between the stairs.
    StairDistance,
    /// Stair distance as a share of the longest walk.
    Linearity,
    /// Share of the reachable floor with no hazard a step away.
    Leniency,
    /// Share of the walk between the stairs that has a way round.
    PathRedundancy,
    /// Share of the floor in rooms (room dungeons only).
    RoomShare,
}

/// How a measure's numbers read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Per mille, shown as a percentage.
    Permille,
    /// A count of tiles or cycles.
    Count,
    /// Orthogonal steps.
    Steps,
}

impl Measure {
    /// Every measure, in the order tables and plots show them.
    pub const ALL: [Measure; 13] = [
        Measure::Density,
        Measure::Reachable,
        Measure::Cycles,
        Measure::Loops,
        Measure::OnCycle,
        Measure::DeadEnds,
        Measure::Chokepoints,
        Measure::LargestCut,
        Measure::StairDistance,
        Measure::Linearity,
        Measure::Leniency,
        Measure::PathRedundancy,
        Measure::RoomShare,
    ];

    /// Its name in tables and on plot axes.
    pub const fn name(self) -> &'static str {
        match self {
            Measure::Density => "floor density",
            Measure::Reachable => "reachable floor",
            Measure::Cycles => "independent cycles",
            Measure::Loops => "loops around walls",
            Measure::OnCycle => "floor on a cycle",
            Measure::DeadEnds => "dead ends",
            Measure::Chokepoints => "chokepoints",
            Measure::LargestCut => "largest chokepoint cut",
            Measure::StairDistance => "stair distance",
            Measure::Linearity => "linearity",
            Measure::Leniency => "leniency",
            Measure::PathRedundancy => "path redundancy",
            Measure::RoomShare => "floor in rooms",
        }
    }

    /// Its unit.
    pub const fn unit(self) -> Unit {
        match self {
            Measure::Density
            | Measure::Reachable
            | Measure::OnCycle
            | Measure::LargestCut
            | Measure::Linearity
            | Measure::Leniency
            | Measure::PathRedundancy
            | Measure::RoomShare => Unit::Permille,
            Measure::Cycles | Measure::Loops | Measure::DeadEnds | Measure::Chokepoints => {
                Unit::Count
            }
            Measure::StairDistance => Unit::Steps,
        }
    }

    /// Its value for one level, or `None` where it does not apply.
    pub fn value(self, m: &LevelMeasures) -> Option<u32> {
        Some(match self {
            Measure::Density => m.density_permille(),
            Measure::Reachable => m.reachable_permille(),
            Measure::Cycles => m.cycles,
            Measure::Loops => m.loops,
            Measure::OnCycle => m.on_cycle_permille(),
            Measure::DeadEnds => m.dead_ends,
            Measure::Chokepoints => m.chokepoints,
            Measure::LargestCut => m.largest_cut_permille(),
            Measure::StairDistance => return m.start_to_exit,
            Measure::Linearity => return m.linearity_permille(),
            Measure::Leniency => m.leniency_permille(),
            Measure::PathRedundancy => return m.path_redundancy_permille(),
            Measure::RoomShare => return m.room_permille(),
        })
    }

    /// A value of this measure as text: `41.3 %`, `12`, `87 steps`.
    pub fn show(self, value: f64) -> String {
        match self.unit() {
            Unit::Permille => format!("{:.1} %", value / 10.0),
            Unit::Count => format!("{value:.0}"),
            Unit::Steps => format!("{value:.0} steps"),
        }
    }

    /// A value as a plot axis shows it (per mille as percent).
    pub fn axis_value(self, value: u32) -> f64 {
        match self.unit() {
            Unit::Permille => value as f64 / 10.0,
            Unit::Count | Unit::Steps => value as f64,
        }
    }

    /// The axis label: the name with its unit.
    pub fn axis_label(self) -> String {
        match self.unit() {
            Unit::Permille => format!("{} (%)", self.name()),
            Unit::Count => self.name().to_owned(),
            Unit::Steps => format!("{} (steps)", self.name()),
        }
    }
}

impl fmt::Display for Measure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

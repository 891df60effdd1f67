//! Domino tiles on the table: where each laid tile goes (the layout geometry) and a rapier world
//! in which a tile is set down at its slot and settles.
//!
//! The geometry follows the rules' arms: the lead in the middle, arms 0 and 1 to the west and
//! east, a spinner's side arms to its north and south (or left and right of a spinner in a line).
//! Each arm goes straight while it can; before it would leave the table or run into another tile
//! it turns (towards the middle first), so the line snakes and every tile stays on the table
//! without overlapping another. Doubles lie crosswise.

use rapier3d::prelude::*;

use super::STEP_S;
use super::body::{BodyDef, Material, Sets, Shape, Surface, WorldDef, sets};
use crate::rules::dominoes::{Heading, Layout, Placement, Spinner, Tile};

/// A tile's true proportions (2 : 1, a quarter as thick as wide), at the table scene's scale,
/// metres: length, width, thickness.
pub const TILE_L: f32 = 0.096;
pub const TILE_W: f32 = 0.048;
pub const TILE_T: f32 = 0.012;
/// The playing area for the layout on the scene's felt (1.7 × 1.15 m): half-width (x) and
/// half-depth (z), the grid of cells below with half a cell round it. The racks stand beyond.
pub const AREA_HALF_X: f32 = (COLS as f32 + 0.5) * CELL;
pub const AREA_HALF_Z: f32 = (ROWS as f32 + 0.5) * CELL;
/// Space left between tiles that do not touch.
const GAP: f32 = 0.003;

/// A direction on the table: +x east, −x west, −z north, +z south.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    East,
    West,
    North,
    South,
}

impl Dir {
    pub fn vector(self) -> (f32, f32) {
        match self {
            Dir::East => (1.0, 0.0),
            Dir::West => (-1.0, 0.0),
            Dir::North => (0.0, -1.0),
            Dir::South => (0.0, 1.0),
        }
    }

    fn left(self) -> Dir {
        match self {
            Dir::East => Dir::North,
            Dir::North => Dir::West,
            Dir::West => Dir::South,
            Dir::South => Dir::East,
        }
    }

    fn right(self) -> Dir {
        self.left().left().left()
    }

    fn along_x(self) -> bool {
        matches!(self, Dir::East | Dir::West)
    }
}

/// Where one laid tile lies.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slot {
    pub tile: Tile,
    /// Centre on the table, metres.
    pub x: f32,
    pub z: f32,
    /// The tile's long side runs along x (else along z).
    pub along_x: bool,
    /// The number shown on the half nearer to +x (along x) or +z (along z); the other half shows
    /// the tile's other number.
    pub plus_half: u8,
    pub crosswise: bool,
}

impl Slot {
    /// The tile's footprint: (min x, min z, max x, max z).
    pub fn rect(&self) -> (f32, f32, f32, f32) {
        let (hx, hz) = if self.along_x {
            (TILE_L / 2.0, TILE_W / 2.0)
        } else {
            (TILE_W / 2.0, TILE_L / 2.0)
        };
        (self.x - hx, self.z - hz, self.x + hx, self.z + hz)
    }
}

/// Whether two footprints overlap (touching edges do not count).
pub fn overlaps(a: (f32, f32, f32, f32), b: (f32, f32, f32, f32)) -> bool {
    let e = 1e-4;
    a.0 < b.2 - e && b.0 < a.2 - e && a.1 < b.3 - e && b.1 < a.3 - e
}

/// A cell of the table's grid: (column, row), the lead's cell (0, 0), x = column × [`CELL`],
/// z = row × [`CELL`].
pub type Cell = (i32, i32);

/// The grid's pitch: a tile's length and a little room.
pub const CELL: f32 = TILE_L + GAP;
/// Columns −COLS..=COLS and rows −ROWS..=ROWS fit the playing area (117 cells, one `u128`).
pub const COLS: i32 = 6;
pub const ROWS: i32 = 4;

fn step(c: Cell, d: Dir) -> Cell {
    let (dx, dz) = d.vector();
    (c.0 + dx as i32, c.1 + dz as i32)
}

fn on_grid(c: Cell) -> bool {
    c.0.abs() <= COLS && c.1.abs() <= ROWS
}

/// The geometry of a whole layout, built tile by tile as the rules lay them.
///
/// Every tile takes one cell of a grid whose pitch is a tile's length, so tiles never overlap
/// and none leaves the table. An arm goes on straight into the next cell while that keeps the
/// most open table reachable from it, and otherwise turns the way that does (so the line snakes
/// at the edges instead of walling itself in). An ordinary tile lies along its arm's way, a double
/// across it; a spinner keeps the cells at its two long sides for its side arms.
#[derive(Clone, Debug)]
pub struct TableLayout {
    layout: Layout,
    slots: Vec<Slot>,
    /// Each arm's open end: the last cell it filled and the way it was going.
    ends: Vec<(Cell, Dir)>,
    /// Each arm's tiles, as indices into `slots` (the lead is in none).
    arm_slots: Vec<Vec<usize>>,
    /// The cell each slot fills.
    cells: Vec<Cell>,
    /// A spinner's side arm's first cell, kept for it: (arm, cell).
    reserved: Vec<(usize, Cell)>,
    /// Tiles laid away from their arm's end because it was walled in: the drawn line breaks
    /// there (rare; see the physics tests).
    pub jumps: u32,
    /// Tiles that found no free cell at all (never: the grid has more cells than any set tiles).
    pub misplaced: u32,
}

impl TableLayout {
    pub fn new(spinner: Spinner, sniff: bool) -> TableLayout {
        TableLayout {
            layout: Layout::new(spinner, sniff),
            slots: Vec::new(),
            ends: Vec::new(),
            arm_slots: Vec::new(),
            cells: Vec::new(),
            reserved: Vec::new(),
            jumps: 0,
            misplaced: 0,
        }
    }

    /// A layout's geometry from its plays in order.
    pub fn from_plays(spinner: Spinner, sniff: bool, plays: &[Placement]) -> TableLayout {
        let mut t = TableLayout::new(spinner, sniff);
        for p in plays {
            t.lay(*p);
        }
        t
    }

    pub fn slots(&self) -> &[Slot] {
        &self.slots
    }

    /// The centre of a cell on the table.
    pub fn cell_centre(c: Cell) -> (f32, f32) {
        (c.0 as f32 * CELL, c.1 as f32 * CELL)
    }

    /// Lays a tile as the rules do and finds its slot; `None` when the rules refuse it.
    pub fn lay(&mut self, p: Placement) -> Option<Slot> {
        let before = self.layout.arms().len();
        let was_empty = self.layout.is_empty();
        let spins = p.tile.is_double()
            && !p.inline
            && match self.layout.spinner {
                Spinner::None => false,
                Spinner::FirstDouble => !self.layout.first_double_laid,
                Spinner::EveryDouble => true,
            };
        self.layout.place(p).ok()?;
        let crosswise = p.tile.is_double() && !p.inline;
        let (cell, dir, matched) = if was_empty {
            self.ends = vec![((0, 0), Dir::West), ((0, 0), Dir::East)];
            self.arm_slots = vec![Vec::new(), Vec::new()];
            // The lead's high number faces west: seen along +x, its low half is the far one.
            ((0, 0), Dir::East, p.tile.high())
        } else {
            let arm = p.arm as usize;
            // The rules already laid it: the arm's number now is the tile's other half.
            let matched = p.tile.other(self.layout.arms()[arm].pip);
            let (cell, dir) = self.next_cell(arm, spins);
            self.ends[arm] = (cell, dir);
            self.arm_slots[arm].push(self.slots.len());
            (cell, dir, matched)
        };
        let slot = slot_in(cell, dir, p.tile, matched, crosswise);
        self.cells.push(cell);
        self.slots.push(slot);
        // A spinner's side arms start from its two long sides.
        let arms = self.layout.arms().to_vec();
        for arm in arms.iter().skip(before).filter(|a| a.parent.is_some()) {
            let (line, c) = match arm.parent {
                Some((a, pos)) if pos > 0 => {
                    let i = self.arm_slots[a as usize][pos as usize - 1];
                    (self.ends[a as usize].1, self.cells[i])
                }
                _ => (Dir::East, (0, 0)),
            };
            let side = match arm.heading {
                Heading::Left => line.left(),
                _ => line.right(),
            };
            self.reserved.push((self.ends.len(), step(c, side)));
            self.ends.push((c, side));
            self.arm_slots.push(Vec::new());
        }
        Some(slot)
    }

    /// The grid's cells that `arm` may not enter, as bits (see [`bit`]).
    fn taken_mask(&self, arm: usize) -> u128 {
        let mut m = self.cells.iter().fold(0, |m, c| m | bit(*c));
        for (a, c) in &self.reserved {
            if *a != arm {
                m |= bit(*c);
            }
        }
        m
    }

    /// The cell an arm's next tile takes, and the way it goes there.
    fn next_cell(&mut self, arm: usize, spins: bool) -> (Cell, Dir) {
        let (c, d) = self.ends[arm];
        // This arm's own reservation is its to use.
        self.reserved.retain(|(a, _)| *a != arm);
        let taken = self.taken_mask(arm);
        let free = |x: Cell| on_grid(x) && taken & bit(x) == 0;
        // (room for a spinner, tiles the arm can still take, open table ahead, straight on)
        type Key = (bool, u32, u32, bool);
        let mut best: Option<(Key, Cell, Dir)> = None;
        for (dir, straight) in [(d, true), (d.left(), false), (d.right(), false)] {
            let n = step(c, dir);
            if !free(n) {
                continue;
            }
            // A spinner wants the cells at its long sides free for its side arms, and the cell
            // beyond it for its own line to go on.
            let room = !spins
                || [dir.left(), dir.right(), dir]
                    .iter()
                    .all(|s| free(step(n, *s)));
            // The arm must be able to go on for a few more tiles, whichever they are (a spinning
            // double included, where one may come); then enough open table ahead counts the
            // same, only a pocket smaller than this is worse; then straight on.
            let mut after = taken | bit(n);
            if spins {
                after |= bit(step(n, dir.left())) | bit(step(n, dir.right()));
            }
            let spin_next = match self.layout.spinner {
                Spinner::None => false,
                Spinner::FirstDouble => !self.layout.first_double_laid,
                Spinner::EveryDouble => true,
            };
            let ahead = (1..=3)
                .rev()
                .find(|depth| can_go_on(n, dir, after, *depth, spin_next, spins))
                .unwrap_or(0);
            let region = open_region(n, after, 40);
            let key = (room, ahead, region, straight);
            if best.as_ref().is_none_or(|(k, _, _)| key > *k) {
                best = Some((key, n, dir));
            }
        }
        if let Some((_, n, dir)) = best {
            return (n, dir);
        }
        // Walled in: the tile goes to the nearest free cell, a break in the drawn line (the rules
        // do not care where a tile lies). Counted, and rare.
        self.jumps += 1;
        let mut seen = bit(c);
        let mut queue = std::collections::VecDeque::from([(c, d)]);
        while let Some((x, way)) = queue.pop_front() {
            for dir in [way, way.left(), way.right(), way.left().left()] {
                let n = step(x, dir);
                if !on_grid(n) || seen & bit(n) != 0 {
                    continue;
                }
                if taken & bit(n) == 0 {
                    return (n, dir);
                }
                seen |= bit(n);
                queue.push_back((n, dir));
            }
        }
        // A full table: never with 117 cells and at most 91 tiles.
        self.misplaced += 1;
        (step(c, d), d)
    }
}

/// Whether an arm whose last tile is in `c`, laid going `d`, can take `depth` more tiles whatever
/// they are: an ordinary tile must find a free cell ahead or to a side, and, where spinners may
/// come, a spinning double must find a cell with its two sides and the cell beyond free. Right
/// after a spinner (`straight_only`) the line can only go straight on.
fn can_go_on(
    c: Cell,
    d: Dir,
    taken: u128,
    depth: u32,
    spin_next: bool,
    straight_only: bool,
) -> bool {
    if depth == 0 {
        return true;
    }
    let free = |x: Cell| on_grid(x) && taken & bit(x) == 0;
    let dirs: &[Dir] = if straight_only {
        &[d]
    } else {
        &[d, d.left(), d.right()]
    };
    let ordinary = dirs.iter().any(|&dir| {
        let n = step(c, dir);
        free(n) && can_go_on(n, dir, taken | bit(n), depth - 1, spin_next, false)
    });
    if !ordinary || !spin_next {
        return ordinary;
    }
    dirs.iter().any(|&dir| {
        let n = step(c, dir);
        let (l, r) = (step(n, dir.left()), step(n, dir.right()));
        free(n)
            && free(l)
            && free(r)
            && free(step(n, dir))
            && can_go_on(
                n,
                dir,
                taken | bit(n) | bit(l) | bit(r),
                depth - 1,
                spin_next,
                true,
            )
    })
}

/// A cell's bit in a grid mask (cells off the grid have none).
fn bit(c: Cell) -> u128 {
    if on_grid(c) {
        let i = (c.1 + ROWS) * (2 * COLS + 1) + (c.0 + COLS);
        1 << i
    } else {
        0
    }
}

/// Free cells reachable from `from`'s neighbours through cells not in `taken`, up to `cap`.
fn open_region(from: Cell, taken: u128, cap: u32) -> u32 {
    let mut seen = taken;
    let mut queue = vec![from];
    let mut count = 0;
    while let Some(c) = queue.pop() {
        for d in [Dir::East, Dir::West, Dir::North, Dir::South] {
            let n = step(c, d);
            if on_grid(n) && seen & bit(n) == 0 {
                seen |= bit(n);
                count += 1;
                if count >= cap {
                    return cap;
                }
                queue.push(n);
            }
        }
    }
    count
}

/// The slot of a tile in a cell, reached going `dir`, its `matched` half towards where it came
/// from.
fn slot_in(cell: Cell, dir: Dir, tile: Tile, matched: u8, crosswise: bool) -> Slot {
    let (x, z) = TableLayout::cell_centre(cell);
    let (dx, dz) = dir.vector();
    let along_x = if crosswise {
        !dir.along_x()
    } else {
        dir.along_x()
    };
    // Going towards +x or +z the far half is the plus half.
    let plus_half = if crosswise || dx + dz < 0.0 {
        matched
    } else {
        tile.other(matched)
    };
    Slot {
        tile,
        x,
        z,
        along_x,
        plus_half,
        crosswise,
    }
}

/// The table the tiles settle on: the felt's top at y = 0.
pub fn table_def() -> WorldDef {
    WorldDef {
        length_unit: 0.02,
        bodies: vec![BodyDef::fixed(
            "table top",
            Vector::new(0.0, -0.01, 0.0),
            Shape::Cuboid(Vector::new(AREA_HALF_X + 0.2, 0.01, AREA_HALF_Z + 0.2)),
            Material {
                density: 1000.0,
                friction: 0.7,
                restitution: 0.0,
            },
            Surface::Table,
        )],
    }
}

/// A tile set down at its slot: dropped a few millimetres above it, turned along its line.
pub fn tile_def(slot: &Slot) -> BodyDef {
    let yaw = if slot.along_x {
        0.0
    } else {
        std::f32::consts::FRAC_PI_2
    };
    BodyDef::dynamic(
        "tile",
        Pose::from_parts(
            Vector::new(slot.x, TILE_T / 2.0 + DROP, slot.z),
            Rotation::from_axis_angle(Vector::Y, yaw),
        ),
        Shape::Cuboid(Vector::new(TILE_L / 2.0, TILE_T / 2.0, TILE_W / 2.0)),
        Material {
            density: 1800.0,
            friction: 0.6,
            restitution: 0.1,
        },
        Surface::Tile,
    )
}

/// How high above its slot a tile is let go, metres.
pub const DROP: f32 = 0.004;
/// Steps in a row a tile must be still to have settled.
pub const TILE_QUIET_STEPS: u32 = 10;
/// A tile has settled after this long whatever it does, seconds.
pub const TILE_LIMIT_S: f32 = 3.0;

/// A tile settling, over whichever host holds it: the steps it has taken and been still.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Settling {
    pub steps: u32,
    pub quiet: u32,
}

impl Settling {
    /// After a step: true once the tile has settled.
    pub fn after_step(&mut self, sets: &Sets, tile: RigidBodyHandle) -> bool {
        self.steps += 1;
        self.quiet = if sets.still(tile, 1e-3, f32::INFINITY) {
            self.quiet + 1
        } else {
            0
        };
        self.quiet >= TILE_QUIET_STEPS || self.steps >= (TILE_LIMIT_S / STEP_S) as u32
    }
}

/// A tile's yaw (radians) from its rotation.
pub fn yaw(rotation: Rotation) -> f32 {
    let (axis, angle) = rotation.to_axis_angle();
    angle * axis.y.signum()
}

/// A table on which laid tiles settle: the pure host of [`table_def`] and [`tile_def`].
pub struct TileTable {
    world: PhysicsWorld,
    bodies: Vec<RigidBodyHandle>,
}

impl Default for TileTable {
    fn default() -> Self {
        Self::new()
    }
}

impl TileTable {
    pub fn new() -> TileTable {
        TileTable {
            world: table_def().build().0,
            bodies: Vec::new(),
        }
    }

    /// Sets a tile down at its slot and lets it settle: the steps it took.
    pub fn set_down(&mut self, slot: &Slot) -> u32 {
        let def = tile_def(slot);
        let (body, _) = self.world.insert(def.rigid_body(), def.collider());
        self.bodies.push(body);
        let mut settling = Settling::default();
        loop {
            self.world.step();
            if settling.after_step(&sets(&mut self.world), body) {
                return settling.steps;
            }
        }
    }

    /// Every tile's resting centre (x, y, z) and yaw (radians).
    pub fn poses(&self) -> Vec<(Vector, f32)> {
        self.bodies
            .iter()
            .map(|b| {
                let body = &self.world.bodies[*b];
                (body.translation(), yaw(*body.rotation()))
            })
            .collect()
    }
}

/// Where a seat's rack stands and which way it faces: (x, z) of its middle and its yaw. Seat 0
/// sits at the near edge (+z); two face each other, three and four go round the table (near,
/// west, far, east), more share the long edges.
pub fn rack_place(seat: usize, seats: usize) -> ((f32, f32), f32) {
    use std::f32::consts::FRAC_PI_2;
    const EDGE_Z: f32 = AREA_HALF_Z + 0.035;
    const EDGE_X: f32 = AREA_HALF_X + 0.075;
    if seats <= 4 {
        // Two sit face to face; three leave the east edge free.
        let place = if seats == 2 { seat * 2 } else { seat };
        match place % 4 {
            0 => ((0.0, EDGE_Z), 0.0),
            1 => ((-EDGE_X, 0.0), FRAC_PI_2),
            2 => ((0.0, -EDGE_Z), 0.0),
            _ => ((EDGE_X, 0.0), FRAC_PI_2),
        }
    } else {
        // Five to eight: half along the near edge, half along the far one.
        let near = seats.div_ceil(2);
        let (row, i, n) = if seat < near {
            (EDGE_Z, seat, near)
        } else {
            (-EDGE_Z, seat - near, seats - near)
        };
        let x = (i as f32 - (n as f32 - 1.0) / 2.0) * (2.0 * AREA_HALF_X / n as f32);
        ((x, row), 0.0)
    }
}

/// Where tile `index` of `count` in a seat's hand stands on its rack: centre (x, y, z) and yaw;
/// the tile stands on its long edge, face to its owner.
pub fn rack_slot(seat: usize, seats: usize, index: usize, count: usize) -> ([f32; 3], f32) {
    let ((cx, cz), yaw) = rack_place(seat, seats);
    let pitch = TILE_W + 0.007;
    let off = (index as f32 - (count.max(1) as f32 - 1.0) / 2.0) * pitch;
    let (dx, dz) = (yaw.cos(), -yaw.sin());
    ([cx + dx * off, TILE_L / 2.0 + 0.01, cz + dz * off], yaw)
}

/// Where boneyard tile `index` lies face down: in rows of four beside the layout, past the
/// side racks, near the first seat's right hand.
pub fn boneyard_slot(index: usize) -> [f32; 3] {
    let (col, row) = ((index % 4) as f32, (index / 4) as f32);
    [
        AREA_HALF_X + 0.11 + TILE_W / 2.0 + col * (TILE_W + 0.006),
        TILE_T / 2.0,
        AREA_HALF_Z + 0.1 - TILE_L / 2.0 - row * (TILE_L + 0.006),
    ]
}

/// A tile sliding from the boneyard to a rack: its centre at `t` (0 to 1), eased, lifted a
/// little in the middle so it clears the tiles it passes.
pub fn slide(from: [f32; 3], to: [f32; 3], t: f32) -> [f32; 3] {
    let t = t.clamp(0.0, 1.0);
    let e = t * t * (3.0 - 2.0 * t);
    let lift = 0.03 * (std::f32::consts::PI * t).sin();
    [
        from[0] + (to[0] - from[0]) * e,
        from[1] + (to[1] - from[1]) * e + lift,
        from[2] + (to[2] - from[2]) * e,
    ]
}

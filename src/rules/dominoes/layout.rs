//! The layout as a structure of arms. The lead tile sits in the middle; its two in-line sides are
//! arms 0 (west) and 1 (east). A spinner adds two side arms, which open once both of its in-line
//! sides are covered. Every arm has one open end: the number a tile must carry to be laid there.
//!
//! The open-ends count is the sum of every open arm end: a crosswise double at an end adds both
//! halves, the lone lead tile counts both halves, and a spinner's side arm counts only once a tile
//! lies on it.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::tile::{DOUBLES, Mask, Tile, tiles_of, with_pip};
use super::variant::Spinner;

/// Most arms a layout can have: a spinning lead's four plus two for each other double of
/// double-twelve (or a plain lead's two plus two for all 13 doubles).
pub const MAX_ARMS: usize = 28;

/// Which way an arm leaves what it grows from.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Heading {
    /// The lead's first in-line side (the lead's high number faces it).
    #[default]
    West,
    /// The lead's other in-line side.
    East,
    /// A spinner's side: to the left of the line it sits in (north, for the lead).
    Left,
    /// A spinner's side: to the right (south, for the lead).
    Right,
}

/// One arm of the layout.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Arm {
    /// The number a tile must carry to be laid here.
    pub pip: u8,
    /// Tiles laid on this arm.
    pub len: u8,
    /// The end tile is a crosswise double: the end counts both halves.
    pub double_end: bool,
    /// Tiles may be laid here (a spinner's side arms wait for its in-line sides).
    pub open: bool,
    /// The lead's in-line arms count while empty: the lead itself is their end.
    pub counts_empty: bool,
    /// The arm this one grows from and the spinner's place on it (1-based; 0 = the lead), or
    /// `None` for the lead's own arms.
    pub parent: Option<(u8, u8)>,
    pub heading: Heading,
    /// A waiting side arm opens once these arms have at least these many tiles.
    wait: [(u8, u8); 2],
}

impl Arm {
    /// What this end adds to the open-ends total.
    pub fn count(&self) -> u32 {
        if self.open && (self.len > 0 || self.counts_empty) {
            self.pip as u32 * if self.double_end { 2 } else { 1 }
        } else {
            0
        }
    }
}

/// A tile laid at an open end. The lead goes on arm 0.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    pub tile: Tile,
    pub arm: u8,
    /// Sniff: the first double set in line (its open end counts once) instead of crosswise.
    #[serde(default, skip_serializing_if = "is_false")]
    pub inline: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// Why a tile cannot go where it was put.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayoutError {
    NoSuchArm(u8),
    /// A spinner's side arm that waits for both in-line sides to be covered.
    ArmClosed(u8),
    /// The tile does not carry the arm's number.
    NoMatch {
        tile: Tile,
        pip: u8,
    },
    /// Only the first double of a Sniff game may be set in line.
    NotInline(Tile),
    AlreadyLaid(Tile),
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayoutError::NoSuchArm(a) => write!(f, "there is no open end {a}"),
            LayoutError::ArmClosed(a) => write!(
                f,
                "end {a} is a spinner's side, closed until both in-line sides are covered"
            ),
            LayoutError::NoMatch { tile, pip } => {
                write!(f, "{tile} does not match the {pip} at that end")
            }
            LayoutError::NotInline(t) => write!(
                f,
                "{t} must lie crosswise: only the first double of a Sniff game may be set in line"
            ),
            LayoutError::AlreadyLaid(t) => write!(f, "{t} is already on the table"),
        }
    }
}

/// The tiles on the table.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub spinner: Spinner,
    /// Sniff: the first double may be set in line.
    pub sniff: bool,
    pub lead: Option<Tile>,
    /// The lead is a double lying crosswise.
    pub lead_crosswise: bool,
    arms: [Arm; MAX_ARMS],
    n_arms: u8,
    #[serde(with = "super::tile::mask_serde")]
    played: Mask,
    /// A double has been laid: the Sniff choice and a first-double spinner are used up.
    pub first_double_laid: bool,
}

impl Layout {
    pub fn new(spinner: Spinner, sniff: bool) -> Layout {
        Layout {
            spinner,
            sniff,
            lead: None,
            lead_crosswise: false,
            arms: [Arm::default(); MAX_ARMS],
            n_arms: 0,
            played: 0,
            first_double_laid: false,
        }
    }

    pub fn arms(&self) -> &[Arm] {
        &self.arms[..self.n_arms as usize]
    }

    /// Every tile on the table.
    pub fn played(&self) -> Mask {
        self.played
    }

    pub fn is_empty(&self) -> bool {
        self.lead.is_none()
    }

    /// The open-ends total.
    pub fn ends_total(&self) -> u32 {
        let Some(lead) = self.lead else {
            return 0;
        };
        let arms = self.arms();
        if arms.iter().all(|a| a.len == 0) {
            return lead.total();
        }
        arms.iter().map(Arm::count).sum()
    }

    /// The open ends, as `(arm, number)`.
    pub fn open_ends(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        self.arms()
            .iter()
            .enumerate()
            .filter(|(_, a)| a.open)
            .map(|(i, a)| (i as u8, a.pip))
    }

    /// The numbers at the open ends, as bits (bit n for number n).
    pub fn open_pips(&self) -> u16 {
        self.arms()
            .iter()
            .filter(|a| a.open)
            .fold(0, |m, a| m | 1 << a.pip)
    }

    /// The tiles of `hand` that can be laid somewhere now (all of them on an empty table).
    pub fn playable(&self, hand: Mask) -> Mask {
        if self.lead.is_none() {
            return hand;
        }
        let mut pips = self.open_pips();
        let mut m = 0;
        while pips != 0 {
            m |= with_pip(pips.trailing_zeros() as u8);
            pips &= pips - 1;
        }
        hand & m
    }

    /// Whether a double laid now may be set in line.
    pub fn inline_allowed(&self) -> bool {
        self.sniff && !self.first_double_laid
    }

    /// Every placement of the tiles of `hand`, appended to `out`.
    pub fn placements_into(&self, hand: Mask, out: &mut Vec<Placement>) {
        self.for_each_placement(hand, |p| out.push(p));
    }

    /// Calls `f` with every placement of the tiles of `hand`: each tile at each open end that
    /// matches it (any tile on an empty table), a double twice while the Sniff choice is open.
    pub fn for_each_placement(&self, hand: Mask, mut f: impl FnMut(Placement)) {
        let both = self.inline_allowed();
        let mut push = |tile: Tile, arm: u8| {
            f(Placement {
                tile,
                arm,
                inline: false,
            });
            if both && tile.is_double() {
                f(Placement {
                    tile,
                    arm,
                    inline: true,
                });
            }
        };
        if self.lead.is_none() {
            for t in tiles_of(hand) {
                push(t, 0);
            }
            return;
        }
        for (i, arm) in self.arms().iter().enumerate() {
            if arm.open {
                for t in tiles_of(hand & with_pip(arm.pip)) {
                    push(t, i as u8);
                }
            }
        }
    }

    /// Whether this double spins (builds on four sides) when laid crosswise now.
    fn spins(&self) -> bool {
        match self.spinner {
            Spinner::None => false,
            Spinner::FirstDouble => !self.first_double_laid,
            Spinner::EveryDouble => true,
        }
    }

    fn push_arm(&mut self, arm: Arm) {
        // MAX_ARMS covers every double of the largest set spinning.
        if (self.n_arms as usize) < MAX_ARMS {
            self.arms[self.n_arms as usize] = arm;
            self.n_arms += 1;
        }
    }

    /// Checks a placement without laying it.
    pub fn check(&self, p: Placement) -> Result<(), LayoutError> {
        if self.played & p.tile.bit() != 0 {
            return Err(LayoutError::AlreadyLaid(p.tile));
        }
        if p.inline && !(p.tile.is_double() && self.inline_allowed()) {
            return Err(LayoutError::NotInline(p.tile));
        }
        if self.lead.is_none() {
            return if p.arm == 0 {
                Ok(())
            } else {
                Err(LayoutError::NoSuchArm(p.arm))
            };
        }
        let arm = self
            .arms()
            .get(p.arm as usize)
            .ok_or(LayoutError::NoSuchArm(p.arm))?;
        if !arm.open {
            return Err(LayoutError::ArmClosed(p.arm));
        }
        if !p.tile.has(arm.pip) {
            return Err(LayoutError::NoMatch {
                tile: p.tile,
                pip: arm.pip,
            });
        }
        Ok(())
    }

    /// Lays a tile.
    pub fn place(&mut self, p: Placement) -> Result<(), LayoutError> {
        self.check(p)?;
        let tile = p.tile;
        let double = tile.is_double();
        let crosswise = double && !p.inline;
        let spins = crosswise && self.spins();
        if self.lead.is_none() {
            let (hi, lo) = tile.pips();
            self.lead = Some(tile);
            self.lead_crosswise = crosswise;
            for (pip, heading) in [(hi, Heading::West), (lo, Heading::East)] {
                self.push_arm(Arm {
                    pip,
                    double_end: crosswise,
                    open: true,
                    counts_empty: true,
                    heading,
                    ..Arm::default()
                });
            }
            if spins {
                self.add_sides(hi, None, [(0, 1), (1, 1)]);
            }
        } else {
            let i = p.arm as usize;
            let arm = &mut self.arms[i];
            arm.pip = tile.other(arm.pip);
            arm.len += 1;
            arm.double_end = crosswise;
            let len = arm.len;
            if spins {
                self.add_sides(tile.high(), Some((p.arm, len)), [(p.arm, len + 1); 2]);
            }
            self.open_waiting();
        }
        if double {
            self.first_double_laid = true;
        }
        self.played |= tile.bit();
        Ok(())
    }

    fn add_sides(&mut self, pip: u8, parent: Option<(u8, u8)>, wait: [(u8, u8); 2]) {
        for heading in [Heading::Left, Heading::Right] {
            self.push_arm(Arm {
                pip,
                parent: parent.or(Some((0, 0))),
                heading,
                wait,
                ..Arm::default()
            });
        }
    }

    fn open_waiting(&mut self) {
        for i in 0..self.n_arms as usize {
            let arm = self.arms[i];
            if !arm.open
                && arm
                    .wait
                    .iter()
                    .all(|&(a, n)| self.arms[a as usize].len >= n)
            {
                self.arms[i].open = true;
            }
        }
    }

    /// How many doubles are on the table.
    pub fn doubles_laid(&self) -> u32 {
        (self.played & DOUBLES).count_ones()
    }
}

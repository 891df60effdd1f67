//! Tiles as small indices and hands as bitsets: tile `[a|b]` (a ≥ b) is index a(a+1)/2 + b, so
//! every set up to double-twelve (91 tiles) fits one `u128`.

use std::fmt;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Highest pip of the largest set (double-twelve).
pub const MAX_PIP: u8 = 12;
/// Tiles in the largest set.
pub const MAX_TILES: usize = 91;

/// A set of tiles, bit i for tile i.
pub type Mask = u128;

/// One domino. Serialized as `[high, low]`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Tile(u8);

const fn build_pips() -> [(u8, u8); MAX_TILES] {
    let mut out = [(0, 0); MAX_TILES];
    let mut a = 0;
    while a <= MAX_PIP {
        let mut b = 0;
        while b <= a {
            out[(a as usize * (a as usize + 1)) / 2 + b as usize] = (a, b);
            b += 1;
        }
        a += 1;
    }
    out
}

const fn build_with() -> [Mask; MAX_PIP as usize + 1] {
    let mut out = [0; MAX_PIP as usize + 1];
    let mut i = 0;
    while i < MAX_TILES {
        let (a, b) = PIPS[i];
        out[a as usize] |= 1 << i;
        out[b as usize] |= 1 << i;
        i += 1;
    }
    out
}

const fn build_doubles() -> Mask {
    let mut out = 0;
    let mut i = 0;
    while i < MAX_TILES {
        if PIPS[i].0 == PIPS[i].1 {
            out |= 1 << i;
        }
        i += 1;
    }
    out
}

static PIPS: [(u8, u8); MAX_TILES] = build_pips();
static WITH: [Mask; MAX_PIP as usize + 1] = build_with();
/// Every double, as a mask.
pub const DOUBLES: Mask = build_doubles();

impl Tile {
    /// The tile with these two numbers, in either order; `None` past double-twelve.
    pub fn new(a: u8, b: u8) -> Option<Tile> {
        let (hi, lo) = if a >= b { (a, b) } else { (b, a) };
        (hi <= MAX_PIP).then(|| Tile(((hi as usize * (hi as usize + 1)) / 2 + lo as usize) as u8))
    }

    /// The tile with this index (0..91).
    pub fn from_index(i: usize) -> Option<Tile> {
        (i < MAX_TILES).then_some(Tile(i as u8))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub fn bit(self) -> Mask {
        1 << self.0
    }

    /// (high, low).
    pub fn pips(self) -> (u8, u8) {
        PIPS[self.0 as usize]
    }

    pub fn high(self) -> u8 {
        self.pips().0
    }

    pub fn low(self) -> u8 {
        self.pips().1
    }

    pub fn total(self) -> u32 {
        let (a, b) = self.pips();
        a as u32 + b as u32
    }

    pub fn is_double(self) -> bool {
        let (a, b) = self.pips();
        a == b
    }

    pub fn has(self, pip: u8) -> bool {
        let (a, b) = self.pips();
        a == pip || b == pip
    }

    /// The number left open when the `pip` half is matched.
    pub fn other(self, pip: u8) -> u8 {
        let (a, b) = self.pips();
        if a == pip { b } else { a }
    }
}

/// Every tile that carries `pip`.
pub fn with_pip(pip: u8) -> Mask {
    WITH.get(pip as usize).copied().unwrap_or(0)
}

/// Every tile of a set whose highest number is `max_pip`.
pub fn full_set(max_pip: u8) -> Mask {
    let n = max_pip.min(MAX_PIP) as u32 + 1;
    let tiles = n * (n + 1) / 2;
    if tiles >= 128 {
        Mask::MAX
    } else {
        (1 << tiles) - 1
    }
}

/// The tiles of a mask, lowest index first.
pub fn tiles_of(mut mask: Mask) -> impl Iterator<Item = Tile> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros();
            mask &= mask - 1;
            Tile(i as u8)
        })
    })
}

/// The pips on every tile of a mask.
pub fn pips_of(mask: Mask) -> u32 {
    tiles_of(mask).map(Tile::total).sum()
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = self.pips();
        write!(f, "[{a}-{b}]")
    }
}

impl std::str::FromStr for Tile {
    type Err = String;

    /// `6-4`, `[6-4]`, `6,4` or `64` (single digits only for the last form).
    fn from_str(s: &str) -> Result<Tile, String> {
        let t = s.trim().trim_start_matches('[').trim_end_matches(']');
        let parts: Vec<&str> = t.split(['-', ',', '|']).collect();
        let (a, b) = match parts.as_slice() {
            [a, b] => (a.trim().parse::<u8>(), b.trim().parse::<u8>()),
            [ab] if ab.len() == 2 && ab.bytes().all(|c| c.is_ascii_digit()) => {
                (ab[..1].parse(), ab[1..].parse())
            }
            _ => return Err(format!("\"{s}\" is not a tile like 6-4")),
        };
        match (a, b) {
            (Ok(a), Ok(b)) => {
                Tile::new(a, b).ok_or_else(|| format!("\"{s}\" has a number above {MAX_PIP}"))
            }
            _ => Err(format!("\"{s}\" is not a tile like 6-4")),
        }
    }
}

impl Serialize for Tile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (a, b) = self.pips();
        [a, b].serialize(s)
    }
}

impl<'de> Deserialize<'de> for Tile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Tile, D::Error> {
        let [a, b] = <[u8; 2]>::deserialize(d)?;
        Tile::new(a, b)
            .ok_or_else(|| D::Error::custom(format!("[{a}, {b}] has a number above {MAX_PIP}")))
    }
}

/// Serializes a mask as its list of tiles.
pub mod mask_serde {
    use super::*;

    pub fn serialize<S: Serializer>(mask: &Mask, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(tiles_of(*mask))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Mask, D::Error> {
        let tiles = Vec::<Tile>::deserialize(d)?;
        Ok(tiles.iter().fold(0, |m, t| m | t.bit()))
    }
}

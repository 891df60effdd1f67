//! A throw's outcome and its score: by geometry (rows and rectangles) or Smart Calculators.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::variant::{BoxLayout, CalcOp, Chip, Scoring};

/// A hole, (row, column), both from 1.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hole(pub u8, pub u8);

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.0, self.1)
    }
}

/// Where the two balls came to rest: a hole, or out (`None`). The red ball is the first.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Throw {
    pub red: Option<Hole>,
    pub other: Option<Hole>,
}

/// A throw's score and its shape.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Scored {
    pub score: u32,
    /// Both balls in the same row or column.
    pub row: bool,
    /// Both balls in, at the corners of a square (|Δrow| = |Δcolumn| ≥ 1).
    pub square: bool,
}

/// Chikugo: the highest score, which wins at once.
pub const CHIKUGO: u32 = 25;

impl Throw {
    pub fn new(red: Option<Hole>, other: Option<Hole>) -> Throw {
        Throw { red, other }
    }

    /// Whether this throw can happen in a box of `rows` × `columns`: holes inside it, the two
    /// balls not in one hole.
    pub fn check(&self, layout: &BoxLayout) -> Result<(), String> {
        for h in [self.red, self.other].into_iter().flatten() {
            if h.0 == 0 || h.1 == 0 || h.0 > layout.rows || h.1 > layout.columns {
                return Err(format!(
                    "hole {h} is not in a box of {} rows and {} columns",
                    layout.rows, layout.columns
                ));
            }
        }
        if self.red.is_some() && self.red == self.other {
            return Err("both balls cannot rest in one hole".into());
        }
        Ok(())
    }

    /// Row and square, by the geometry (whatever the scoring).
    fn shape(&self) -> (bool, bool, u32) {
        match (self.red, self.other) {
            (Some(a), Some(b)) => {
                let dr = a.0.abs_diff(b.0) as u32;
                let dc = a.1.abs_diff(b.1) as u32;
                let row = dr == 0 || dc == 0;
                let square = dr == dc && dr >= 1;
                let geometry = if row {
                    // 2 + the empty holes between: the distance plus one.
                    dr + dc + 1
                } else {
                    (dr + 1) * (dc + 1)
                };
                (row, square, geometry)
            }
            (None, None) => (false, false, 0),
            _ => (false, false, 1),
        }
    }

    /// The score by the box's geometry: 0 / 1 / a row / a rectangle.
    pub fn geometry(&self) -> Scored {
        let (row, square, score) = self.shape();
        Scored { score, row, square }
    }

    /// The Smart Calculators score: the red ball's value and the other's, joined by the operator
    /// opposite the red ball (0 and 1 with fewer than two balls in). Row and square stay
    /// geometric.
    pub fn calculators(&self, layout: &BoxLayout) -> Scored {
        let (row, square, geometry) = self.shape();
        let score = match (self.red, self.other) {
            (Some(r), Some(o)) => {
                let value = |h: Hole| layout.values.get(h.1 as usize - 1).copied().unwrap_or(0);
                let (a, b) = (value(r), value(o));
                match layout.operators.get(r.1 as usize - 1) {
                    Some(CalcOp::Add) => a + b,
                    Some(CalcOp::Sub) => a.abs_diff(b),
                    Some(CalcOp::Mul) => a * b,
                    None => 0,
                }
            }
            _ => geometry,
        };
        Scored { score, row, square }
    }

    /// The score as the variant counts it.
    pub fn score(&self, scoring: Scoring, layout: &BoxLayout) -> Scored {
        match scoring {
            Scoring::Geometry => self.geometry(),
            Scoring::SmartCalculators => self.calculators(layout),
        }
    }
}

impl Chip {
    /// Whether a throw meets the chip: a number by a score at least it, an arrow by a score up to
    /// it, a line by a row, a square by a square.
    pub fn met_by(self, s: Scored) -> bool {
        match self {
            Chip::Number(n) => s.score >= n as u32,
            Chip::UpTo(n) => s.score <= n as u32,
            Chip::Line => s.row,
            Chip::Square => s.square,
        }
    }

    /// Whether a throw meets the chip exactly, to take it from another player: a number or arrow
    /// equal to the score, a line by a row, a square by a square.
    pub fn met_exactly_by(self, s: Scored) -> bool {
        match self {
            Chip::Number(n) | Chip::UpTo(n) => s.score == n as u32,
            Chip::Line => s.row,
            Chip::Square => s.square,
        }
    }

    /// What the chip is worth at the end of Take It.
    pub fn points(self) -> u32 {
        match self {
            Chip::Number(n) | Chip::UpTo(n) => n as u32,
            Chip::Line => 1,
            Chip::Square => 9,
        }
    }
}

/// Parses a ball: `R,C` or `out`.
pub fn parse_ball(s: &str) -> Result<Option<Hole>, String> {
    let t = s.trim();
    if t.eq_ignore_ascii_case("out") {
        return Ok(None);
    }
    let parts: Vec<&str> = t.split(',').collect();
    match parts.as_slice() {
        [r, c] => match (r.trim().parse::<u8>(), c.trim().parse::<u8>()) {
            (Ok(r), Ok(c)) if (1..=5).contains(&r) && (1..=5).contains(&c) => Ok(Some(Hole(r, c))),
            _ => Err(format!(
                "\"{s}\": a ball is R,C with row and column 1 to 5, or out"
            )),
        },
        _ => Err(format!(
            "\"{s}\": a ball is R,C with row and column 1 to 5, or out"
        )),
    }
}
